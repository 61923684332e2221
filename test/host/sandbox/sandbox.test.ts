// Issue 28 in a real VS Code: local servers from a workspace run sandboxed by default (bubblewrap, socat and
// the runtime's proxy, installed by the set-up), and the consent question and the Servers view say so. A
// hostile server (test/fixtures/servers/sandboxProbe.ts) tries to write outside the allowed folders, read
// ~/.ssh (this code-server's own HOME) and connect to a host that is not allowed, itself and from a child:
// each refused and reported in its output channel with the path or host, while its allowed operations work.
// The same server without a sandbox does all of it (the control), so these tests fail where the sandbox does
// not hold. "Allow … for This Server" writes the setting after confirming (never past what a workspace may
// hold); a server that must be sandboxed where the sandbox cannot run does not start, and says why; a
// stopped sandboxed server leaves no process behind; the policy setting changes which servers are sandboxed.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { answer, callTool, hooks, questions, serverState, serverTreeItem, stateOf } from '../helpers';

interface ConsentQuestion {
  kind: string;
  servers: { name: string; facts: string[]; askedAgain?: { changed?: string[] } }[];
}
interface Outcome {
  ok: boolean;
  detail: string;
}

const probe = join(__dirname, '..', '..', 'fixtures', 'servers', 'sandboxProbe.js');
const config = () => vscode.workspace.getConfiguration('mcpClient');
const workspaceFolder = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
const output = async (name: string) => (await vscode.commands.executeCommand<string>(hooks.serverOutput, name)) ?? '';

async function attempt(server: string, action: string, target: string, child = false): Promise<Outcome> {
  const outcome = await callTool(server, 'attempt', { action, target, child });
  const text = /\{"ok":.*\}/.exec(outcome.markdown ?? '')?.[0];
  if (!text) assert.fail(`no outcome from ${server}: ${JSON.stringify(outcome)}`);
  return JSON.parse(text) as Outcome;
}

/** The pids of `pid`'s descendants, from /proc. */
function descendants(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const e of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      parent.set(Number(e), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const out: number[] = [];
  for (const queue = [pid]; queue.length; ) {
    const next = queue.shift();
    for (const [child, p] of parent) if (p === next) queue.push(child) && out.push(child);
  }
  return out;
}
const alive = (pid: number) => existsSync(`/proc/${pid}/stat`) && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));

/**
 * VS Code's own Node debugger (js-debug) throws an uncaught "socket hang up" when a connection to its target
 * closes under one of its requests (seen once in a fresh `npm test`, 2026-11-27). A real window's extension
 * host logs it; here mocha, which shares that process, would fail whichever test runs. While the debugger
 * test runs, errors thrown from js-debug's code are left out; every other error reaches mocha as before.
 */
function passOverJsDebugErrors(): () => void {
  const mochas = process.listeners('uncaughtException');
  process.removeAllListeners('uncaughtException');
  const filter = (error: Error, origin: NodeJS.UncaughtExceptionOrigin) => {
    if (/ms-vscode\.js-debug/.test(error?.stack ?? '')) return;
    for (const listener of mochas) listener(error, origin);
  };
  process.on('uncaughtException', filter);
  return () => {
    process.off('uncaughtException', filter);
    for (const listener of mochas) process.on('uncaughtException', listener);
  };
}

describe('Sandboxed servers (issue 28)', function () {
  this.timeout(120_000);
  const home = homedir();
  const outside = join(home, 'outside-the-workspace');
  const secret = join(home, '.ssh', 'id_test');
  let listener: Server;
  let port = 0;
  let hits = 0;

  before(async () => {
    mkdirSync(join(home, '.ssh'), { recursive: true });
    mkdirSync(outside, { recursive: true });
    writeFileSync(secret, 'SECRET KEY\n');
    listener = createServer((_req, res) => {
      hits++;
      res.end('reached');
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
    port = (listener.address() as AddressInfo).port;
    await questions();
  });

  after(async () => {
    await config().update('servers', undefined, vscode.ConfigurationTarget.Workspace);
    await config().update('sandbox.default', undefined, vscode.ConfigurationTarget.Global);
    const user = config().inspect<Record<string, unknown>>('servers')!.globalValue ?? {};
    const { probeUser: _a, probeControl: _b, probeNoTools: _c, probeDebug: _d, ...rest } = user;
    await config().update('servers', rest, vscode.ConfigurationTarget.Global);
    rmSync(join(workspaceFolder(), '.vscode'), { recursive: true, force: true });
    rmSync(join(workspaceFolder(), 'made-by-probe.txt'), { force: true });
    await vscode.commands.executeCommand(hooks.unqueueAnswers);
    listener.close();
  });

  const setUserServer = async (name: string, entry: Record<string, unknown> | undefined) => {
    const user = { ...(config().inspect<Record<string, unknown>>('servers')!.globalValue ?? {}) };
    if (entry) user[name] = entry;
    else delete user[name];
    await config().update('servers', user, vscode.ConfigurationTarget.Global);
  };

  it('runs a workspace server sandboxed by default, and the question and the Servers view say so', async () => {
    await answer({ kind: 'workspaceConsent', answer: 'all' });
    await config().update('servers', { wsProbe: { command: process.execPath, args: [probe] } }, vscode.ConfigurationTarget.Workspace);
    await until('wsProbe to run', async () => (await stateOf('wsProbe')) === 'running', 60_000);
    const asked = (await questions()).filter((q) => q.kind === 'workspaceConsent') as unknown as ConsentQuestion[];
    const fact = asked[0]!.servers.find((s) => s.name === 'wsProbe')!.facts[0]!;
    assert.match(fact, new RegExp(`^sandboxed: writes only to ${workspaceFolder().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, ~/\\.cache/mcp-client/sandbox/wsProbe-[0-9a-f]{12}; cannot read your credential stores \\(~/\\.ssh`));
    assert.match(fact, /network: none$/);
    const item = await serverTreeItem('wsProbe');
    assert.match(item!.description, /^sandboxed · running/);
    assert.match(item!.tooltip, /🔒 Sandboxed: writes only to/);
    assert.match(await output('wsProbe'), /Sandboxed: it may write only to /);
  });

  for (const child of [false, true]) {
    it(`refuses and reports ${child ? "a child's" : "the server's"} write outside the workspace, read of ~/.ssh and connection to a host not allowed`, async () => {
      const target = join(outside, child ? 'child.txt' : 'server.txt');
      const before = hits;
      const write = await attempt('wsProbe', 'write', target, child);
      const read = await attempt('wsProbe', 'read', secret, child);
      const connect = await attempt('wsProbe', 'connect', `http://localhost:${port}/`, child);
      assert.equal(write.ok, false, write.detail);
      assert.equal(existsSync(target), false);
      assert.equal(read.ok, false, read.detail);
      assert.doesNotMatch(read.detail, /SECRET KEY/);
      assert.match(connect.detail, /HTTP 403/);
      assert.equal(hits, before, 'the listener was reached');
      const log = await until('the refusals in the output channel', async () => {
        const text = await output('wsProbe');
        return text.includes(`Sandbox refused a write to ${target}`) && text.includes(`Sandbox refused a read of ${secret}`) && text.includes(`Sandbox refused a connection to localhost:${port}`) && text;
      }).catch(async () => assert.fail(`refusals not reported; the output was:\n${await output('wsProbe')}`));
      assert.match(log, /\[warning\] Sandbox refused a write to/);
      const item = await serverTreeItem('wsProbe');
      assert.match(item!.description, /^sandboxed · [0-9]+ refused/);
      assert.match(item!.contextValue, /\bsandboxRefused\b/);
    });
  }

  it('lets the allowed operations through: a write in the workspace folder and in its own temp folder', async () => {
    const inside = join(workspaceFolder(), 'made-by-probe.txt');
    assert.deepEqual(await attempt('wsProbe', 'write', inside), { ok: true, detail: `wrote ${inside}` });
    assert.equal(readFileSync(inside, 'utf8'), 'written by the sandbox probe\n');
    const shown = (await callTool('wsProbe', 'environment', {})).markdown ?? '';
    const env = JSON.parse(/\{"TMPDIR".*?\}/.exec(shown)?.[0] ?? '{}') as { TMPDIR: string };
    assert.ok(env.TMPDIR, shown);
    assert.match(env.TMPDIR, /\.cache\/mcp-client\/sandbox\/wsProbe-[0-9a-f]{12}\/tmp$/);
    assert.equal((await attempt('wsProbe', 'write', join(env.TMPDIR, 'scratch'))).ok, true);
  });

  it('will not let "Allow …" give a workspace server a folder outside the workspace', async () => {
    await vscode.commands.executeCommand(hooks.notifications, { clear: true });
    const value = join(outside);
    await answer({ kind: 'sandboxAllow', answer: { key: 'filesystem.allowWrite', value, kind: 'write' } });
    await vscode.commands.executeCommand('mcpClient.sandbox.allow', { name: 'wsProbe' });
    const shown = (await vscode.commands.executeCommand<{ message: string }[]>(hooks.notifications)) ?? [];
    assert.ok(shown.some((n) => /cannot allow writing in .*outside-the-workspace for 'wsProbe': a workspace server may write only inside the workspace folders/.test(n.message)), JSON.stringify(shown));
    const entry = config().inspect<Record<string, { sandbox?: unknown }>>('servers')!.workspaceValue!.wsProbe!;
    assert.equal(entry.sandbox, undefined, 'nothing was written');
  });

  it('control: the same server without a sandbox writes, reads ~/.ssh and connects (so the tests above can fail)', async () => {
    await setUserServer('probeControl', { command: process.execPath, args: [probe], sandbox: { enabled: false } });
    await until('probeControl to run', async () => (await stateOf('probeControl')) === 'running', 60_000);
    assert.doesNotMatch((await serverTreeItem('probeControl'))!.description, /sandboxed/);
    const target = join(outside, 'control.txt');
    assert.equal((await attempt('probeControl', 'write', target, true)).ok, true);
    assert.equal(existsSync(target), true);
    assert.equal((await attempt('probeControl', 'read', secret)).detail, 'SECRET KEY\n');
    const before = hits;
    assert.equal((await attempt('probeControl', 'connect', `http://localhost:${port}/`)).detail, 'HTTP 200 reached');
    assert.equal(hits, before + 1);
    await setUserServer('probeControl', undefined);
  });

  it('"Allow … for This Server" writes the setting after confirming, and the server restarted with it gets through', async () => {
    await setUserServer('probeUser', { command: process.execPath, args: [probe], sandbox: {} });
    await until('probeUser to run', async () => (await stateOf('probeUser')) === 'running', 60_000);
    assert.match((await attempt('probeUser', 'connect', `http://localhost:${port}/`)).detail, /HTTP 403/);
    await until('the refusal to be offered', async () => /\bsandboxRefused\b/.test((await serverTreeItem('probeUser'))?.contextValue ?? ''));
    const allowance = { key: 'network.allowedDomains', value: `localhost:${port}`, kind: 'connect' };
    await questions();
    await answer({ kind: 'sandboxAllow', answer: allowance }, { kind: 'sandboxAllowConfirm', answer: true });
    await vscode.commands.executeCommand('mcpClient.sandbox.allow', { name: 'probeUser' });
    const asked = await questions();
    assert.deepEqual((asked.find((q) => q.kind === 'sandboxAllow') as { offered?: string[] }).offered, [`Allow connecting to localhost:${port}`]);
    const written = config().inspect<Record<string, { sandbox?: unknown }>>('servers')!.globalValue!.probeUser!.sandbox;
    assert.deepEqual(written, { network: { allowedDomains: [`localhost:${port}`] } });
    const before = hits;
    const outcome = await until('the restarted server to get through', async () => {
      if ((await stateOf('probeUser')) !== 'running') return undefined;
      const o = await attempt('probeUser', 'connect', `http://localhost:${port}/`).catch(() => undefined);
      return o?.ok && o;
    }, 60_000);
    assert.equal(outcome.detail, 'HTTP 200 reached');
    assert.equal(hits, before + 1);
  });

  it('stops a sandboxed server with its whole process tree', async () => {
    // The launcher's pid, as the output channel says at each start (the last start's).
    const root = Number([...(await output('probeUser')).matchAll(/Process started \(pid (\d+)\)/g)].at(-1)?.[1]);
    assert.ok(root > 0, 'the launcher pid is in the output');
    const tree = [root, ...descendants(root)];
    assert.ok(tree.length >= 4, `the sandbox's processes: ${tree.join(', ')}`);
    await vscode.commands.executeCommand('mcpClient.stopServer', 'probeUser');
    await until('probeUser to stop', async () => (await stateOf('probeUser')) === 'stopped');
    const left = await until('every process to be gone', () => tree.every((p) => !alive(p)) || undefined, 10_000).catch(() => tree.filter(alive));
    assert.equal(left, true, `left behind: ${JSON.stringify(left)}`);
  });

  it("can be debugged in dev mode: VS Code's Node debugger attaches through the sandbox", async () => {
    const fixtureServer = join(__dirname, '..', '..', 'fixtures', 'servers', 'fixtureServer.js');
    const started: vscode.DebugSession[] = [];
    const terminated: vscode.DebugSession[] = [];
    const listeners = [vscode.debug.onDidStartDebugSession((s) => started.push(s)), vscode.debug.onDidTerminateDebugSession((s) => terminated.push(s))];
    const restoreUncaught = passOverJsDebugErrors();
    try {
      await setUserServer('probeDebug', { command: process.execPath, args: [fixtureServer], sandbox: {}, dev: { debug: { type: 'node' } } });
      const session = await until('the debug session', () => started.find((s) => s.name === 'MCP: probeDebug'), 60_000);
      // Running means the debugger attached (through the launcher's bridge and the relay inside) and let it go on.
      await until('probeDebug to run', async () => (await stateOf('probeDebug')) === 'running', 90_000).catch(async (e: Error) =>
        assert.fail(`${e.message}; output:\n${await output('probeDebug')}`),
      );
      const item = await serverTreeItem('probeDebug');
      assert.match(item!.description, /sandboxed/);
      assert.match(item!.description, /debug: node/);
      await vscode.commands.executeCommand('mcpClient.stopServer', 'probeDebug');
      await until('the debug session to end with the server', () => terminated.includes(session), 30_000);
    } finally {
      restoreUncaught();
      for (const l of listeners) l.dispose();
      await setUserServer('probeDebug', undefined);
    }
  });

  it('refuses "enabled": false in workspace settings, saying what to do', async () => {
    await answer({ kind: 'workspaceConsent', answer: 'all' });
    await config().update('servers', { wsOff: { command: process.execPath, args: [probe], sandbox: { enabled: false } } }, vscode.ConfigurationTarget.Workspace);
    const state = await until('wsOff to be refused', async () => {
      const s = await serverState('wsOff');
      return s?.kind === 'invalid' && (s as { message: string });
    });
    assert.match(state.message, /^mcpClient\.servers\.wsOff\.sandbox\.enabled: false is not allowed in workspace settings: it runs the server without the sandbox that limits what it may touch\. If you trust this workspace's servers, set mcpClient\.sandbox\.default to "none"/);
  });

  it('does not start a server that must be sandboxed where the sandbox cannot run: no bubblewrap on PATH', async () => {
    const marker = join(home, 'probe-ran-unsandboxed');
    const saved = process.env.PATH;
    process.env.PATH = join(home, 'no-tools-here');
    try {
      await setUserServer('probeNoTools', { command: process.execPath, args: [probe], env: { PROBE_MARK: marker }, sandbox: {} });
      const state = await until('probeNoTools to fail', async () => {
        const s = await serverState('probeNoTools');
        return s?.kind === 'error' && (s as { message: string });
      }, 60_000);
      assert.match(state.message, /Cannot run "probeNoTools" in its sandbox: bubblewrap \(bwrap\), socat, ripgrep \(rg\) \(not found on PATH\) is missing\. To fix it: install them: sudo apt-get install bubblewrap socat ripgrep/);
      assert.match(state.message, /The server was not started, and it is not run without its sandbox/);
    } finally {
      process.env.PATH = saved;
    }
    assert.equal(existsSync(marker), false, 'the server ran without its sandbox');
    await setUserServer('probeNoTools', undefined);
  });

  it('follows mcpClient.sandbox.default: "none" runs the workspace server unsandboxed, after asking again', async () => {
    await config().update('servers', { wsProbe: { command: process.execPath, args: [probe] } }, vscode.ConfigurationTarget.Workspace);
    await until('wsProbe to run', async () => (await stateOf('wsProbe')) === 'running', 60_000);
    await questions();
    await answer({ kind: 'workspaceConsent', answer: 'all' });
    await config().update('sandbox.default', 'none', vscode.ConfigurationTarget.Global);
    const asked = await until('the question again', async () => {
      const q = ((await questions()).filter((x) => x.kind === 'workspaceConsent') as unknown as ConsentQuestion[]);
      return q.length > 0 && q;
    }, 60_000);
    const server = asked[0]!.servers.find((s) => s.name === 'wsProbe')!;
    assert.ok(server.askedAgain?.changed?.some((c) => c.startsWith('sandbox')), JSON.stringify(server.askedAgain));
    assert.equal(server.facts[0], 'not sandboxed: it runs with all your rights (files, network, credentials)');
    await until('wsProbe unsandboxed', async () => (await stateOf('wsProbe')) === 'running' && !/sandboxed/.test((await serverTreeItem('wsProbe'))?.description ?? ''), 60_000);
  });
});
