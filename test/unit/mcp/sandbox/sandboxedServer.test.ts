// Issue 28 in plain Node: a hostile server (test/fixtures/servers/sandboxProbe.ts) run through the real
// launcher and @anthropic-ai/sandbox-runtime (bubblewrap, socat, its proxy): a write outside the allowed
// folders, a read of ~/.ssh (a HOME of the test's own), a connection to a host that is not allowed (a local
// listener named "denied.localhost", refused by the sandbox's proxy by its name, while "localhost" is allowed
// and resolves here without a network), and a child process
// that tries the same: each refused and reported in the server's output with its path or host, while the
// allowed write and connection work. The same server without a sandbox does all of it (the control case),
// so these tests fail where the sandbox does not hold. Linux only (bubblewrap); the set-up installs it.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isAlive, descendantsOf } from '../../../../src/mcp/processTree';
import { sandboxedSpawn } from '../../../../src/mcp/sandbox/sandboxedSpawn';
import { RootsCapability } from '../../../../src/mcp/rootsCapability';
import { RefusalLog } from '../../../../src/mcp/sandbox/sandboxMonitor';
import type { SandboxDefinition } from '../../../../src/mcp/sandbox/sandboxDefinition';
import type { McpSession } from '../../../../src/mcp/session';
import { until } from '../../../shared/until';
import { definition, MemoryLogger, newSession, stdio, textOf, waitForState } from '../../helpers';

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};
const killGroup = (pid: number) => {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // no such group (any more)
  }
};
const onPath = (name: string) => (process.env.PATH ?? '').split(':').some((dir) => existsSync(join(dir, name)));
const canSandbox = process.platform === 'linux' && onPath('bwrap') && onPath('socat') && onPath('rg');

interface Listener {
  server: Server;
  port: number;
  hits: number;
}
async function listen(): Promise<Listener> {
  const l = { hits: 0 } as Listener;
  l.server = createServer((_req, res) => {
    l.hits++;
    res.end('reached');
  });
  await new Promise<void>((r) => l.server.listen(0, '127.0.0.1', r));
  l.port = (l.server.address() as AddressInfo).port;
  return l;
}

describe('Sandboxed servers (issue 28)', function () {
  this.timeout(60_000);
  before(function () {
    // Visible as pending, with the reason, where the sandbox's tools are not installed (npm run setup installs them).
    if (!canSandbox) this.skip();
  });

  const root = mkdtempSync(join(tmpdir(), 'sandbox-unit-'));
  const home = join(root, 'home');
  const workspace = join(root, 'workspace');
  const outside = join(root, 'outside');
  const sessions: McpSession[] = [];
  let allowed: Listener;
  let denied: Listener;
  before(async () => {
    for (const dir of [join(home, '.ssh'), workspace, outside]) mkdirSync(dir, { recursive: true });
    writeFileSync(join(home, '.ssh', 'id_test'), 'SECRET KEY\n');
    allowed = await listen();
    denied = await listen();
  });
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
  });
  after(() => {
    allowed?.server.close();
    denied?.server.close();
    rmSync(root, { recursive: true, force: true });
  });

  function sandbox(overrides: Partial<SandboxDefinition['network']> = {}): SandboxDefinition {
    return {
      reason: 'policy',
      filesystem: { allowWrite: [workspace, join(root, 'own')], denyWrite: [], denyRead: [join(home, '.ssh')], allowRead: [], protect: [workspace] },
      network: { allowedDomains: [`localhost:${allowed.port}`], installDomains: [], ...overrides },
      ownDir: join(root, 'own'),
    };
  }

  async function start(sandboxed: boolean, extra: Partial<SandboxDefinition['network']> = {}) {
    const logger = new MemoryLogger();
    const refusals = new RefusalLog();
    const transport = { ...stdio('sandboxProbe'), env: { HOME: home }, cwd: workspace };
    const session = newSession(definition('probe', transport, sandboxed ? { sandbox: sandbox(extra) } : {}), { logger, sandboxRefusals: refusals }, sessions);
    await session.start();
    const attempt = async (action: string, target: string, child = false) =>
      JSON.parse(textOf(await session.callTool({ name: 'attempt', arguments: { action, target, child } }))) as { ok: boolean; detail: string };
    return { session, logger, refusals, attempt };
  }

  for (const child of [false, true]) {
    const who = child ? 'a child of the server' : 'the server';
    it(`refuses and reports ${who}'s write outside the allowed folders, read of ~/.ssh and connection to a host not allowed`, async () => {
      const { logger, refusals, attempt } = await start(true);
      const target = join(outside, child ? 'child.txt' : 'server.txt');

      const write = await attempt('write', target, child);
      assert.equal(write.ok, false, write.detail);
      assert.equal(existsSync(target), false);
      const read = await attempt('read', join(home, '.ssh', 'id_test'), child);
      assert.equal(read.ok, false, read.detail);
      assert.doesNotMatch(read.detail, /SECRET KEY/);
      // Counted from here: the control test below reaches the same host without a sandbox, and may run first.
      const hitsBefore = denied.hits;
      const connect = await attempt('connect', `http://denied.localhost:${denied.port}/`, child);
      assert.equal(connect.ok, false, connect.detail);
      assert.equal(denied.hits, hitsBefore, 'the host that is not allowed was reached');

      const said = () => logger.lines.join('\n');
      await until('the three refusals in the output', () =>
        said().includes(`Sandbox refused a write to ${target}`) &&
        said().includes(`Sandbox refused a read of ${join(home, '.ssh', 'id_test')}`) &&
        said().includes(`Sandbox refused a connection to denied.localhost:${denied.port}`),
      ).catch(() => assert.fail(`not all refusals reported:\n${said()}`));
      assert.deepEqual(
        refusals.of('probe').map((r) => `${r.kind} ${r.target}`).sort(),
        [`connect denied.localhost:${denied.port}`, `read ${join(home, '.ssh', 'id_test')}`, `write ${target}`],
      );
    });
  }

  it('lets the allowed operations through: a write in the workspace folder, a connection to an allowed host, its own temp folder', async () => {
    const { attempt, session, logger } = await start(true);
    // The server's log says once what the sandbox lets it do.
    const rules = `Sandboxed: it may write only to ${workspace}, ${join(root, 'own')}; it may not read 1 credential and private folders (the Servers view's tooltip lists them); network: localhost:${allowed.port}.`;
    assert.equal(logger.lines.filter((l) => l.endsWith(rules)).length, 1, logger.lines.join('\n'));
    const inside = join(workspace, 'made-by-probe.txt');
    assert.deepEqual(await attempt('write', inside), { ok: true, detail: `wrote ${inside}` });
    assert.equal(existsSync(inside), true);
    const before = allowed.hits;
    const connect = await attempt('connect', `http://localhost:${allowed.port}/`);
    assert.equal(connect.detail, 'HTTP 200 reached');
    assert.equal(allowed.hits, before + 1);
    const env = JSON.parse(textOf(await session.callTool({ name: 'environment', arguments: {} }))) as { TMPDIR: string };
    assert.equal(env.TMPDIR, join(root, 'own', 'tmp'));
    assert.equal((await attempt('write', join(env.TMPDIR, 'scratch'))).ok, true);
  });

  it("keeps its hands off the workspace folder's .vscode, without leaving placeholder files in the folder", async () => {
    const { attempt } = await start(true);
    const tasks = join(workspace, '.vscode', 'tasks.json');
    const write = await attempt('write', tasks);
    assert.equal(write.ok, false, write.detail);
    assert.equal(existsSync(tasks), false);
    // While it runs: the workspace folder holds what it held and an empty .vscode folder, nothing else
    // (the runtime would otherwise put empty .bashrc, .mcp.json, .idea … there, and a FILE named .vscode).
    const entries = readdirSync(workspace, { withFileTypes: true }).filter((e) => e.name.startsWith('.'));
    assert.deepEqual(entries.map((e) => `${e.name}${e.isDirectory() ? '/' : ''}`), ['.vscode/']);
  });

  it('control: the same server without a sandbox writes, reads ~/.ssh and connects (so the tests above can fail)', async () => {
    const { attempt, logger } = await start(false);
    const target = join(outside, 'unsandboxed.txt');
    assert.equal((await attempt('write', target)).ok, true);
    assert.equal((await attempt('read', join(home, '.ssh', 'id_test'))).detail, 'SECRET KEY\n');
    const before = denied.hits;
    assert.equal((await attempt('connect', `http://denied.localhost:${denied.port}/`, true)).ok, true);
    assert.equal(denied.hits, before + 1);
    assert.equal(logger.lines.some((l) => l.includes('Sandbox')), false);
  });

  it('still gets its roots', async () => {
    const roots = [{ uri: `file://${workspace}`, name: 'workspace' }];
    const transport = { ...stdio('fixtureServer', ['--era=legacy']), cwd: workspace };
    const session = newSession(definition('roots', transport, { sandbox: sandbox() }), { capabilities: [new RootsCapability(() => roots)] }, sessions);
    await session.start();
    assert.deepEqual(JSON.parse(textOf(await session.callTool({ name: 'roots', arguments: {} }))), roots);
  });

  it('stops with its whole process tree: launcher, bubblewrap, proxies, server and its child', async () => {
    const { session } = await start(true);
    const launcher = session.pid!;
    const tree = await until('the sandbox to be up', async () => {
      const pids = await descendantsOf(launcher);
      return pids.length >= 3 && pids;
    });
    await session.stop();
    const left = [launcher, ...tree].filter(isAlive);
    assert.deepEqual(left, [], `processes left: ${left.join(', ')}`);
  });

  it('leaves nothing when its launcher is killed outright (SIGKILL), as when the extension host dies: the sandbox goes with it, the reaper takes the rest', async () => {
    // As the reaper of issue 25 sees it: the launcher leads a process group of its own.
    const params = sandboxedSpawn({ type: 'stdio', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], env: {}, cwd: workspace }, sandbox(), { PATH: process.env.PATH!, HOME: home });
    const launcher = spawn(params.command, params.args, { env: { ...process.env, ...params.env }, stdio: ['pipe', 'ignore', 'ignore'], detached: true });
    launcher.stdin!.write(params.firstInput);
    const inside = await until('the server to run in its sandbox', async () => {
      const pids = await descendantsOf(launcher.pid!);
      return pids.length >= 6 && pids;
    });
    process.kill(launcher.pid!, 'SIGKILL');
    try {
      // bubblewrap is the launcher's own child (--die-with-parent): the sandbox and the server in it end.
      const survivors = await until('the sandbox to end', () => {
        const left = inside.filter(isAlive);
        return left.every((pid) => /socat/.test(commandOf(pid))) && left;
      }, 10_000);
      // What is left outside the sandbox (the runtime's host-side proxy bridge) is in the launcher's group: the
      // reaper's signal to the group ends it.
      killGroup(launcher.pid!);
      await until('nothing left', () => survivors.every((pid) => !isAlive(pid)) || undefined, 10_000);
    } finally {
      // A failure must not leave the sandbox running: its own session is bubblewrap's, below the launcher.
      killGroup(launcher.pid!);
      for (const pid of inside.filter(isAlive)) killGroup(pid);
    }
  });

  it('closes the registry of the start once the server has answered', async () => {
    const { attempt, logger } = await start(true, { allowedDomains: [], installDomains: [`localhost:${allowed.port}`] });
    await until('the install phase to end', () => logger.lines.some((l) => l.includes(`localhost:${allowed.port} (allowed while it started`) && l.includes('no longer reachable')));
    const connect = await attempt('connect', `http://localhost:${allowed.port}/`);
    assert.equal(connect.ok, false, connect.detail);
  });

  it("is not steered by the server's environment: its PATH cannot pick the bwrap that runs (LD_PRELOAD and the rest: launcherParts.test.ts)", async () => {
    const fake = join(root, 'fake-bin');
    const marker = join(root, 'fake-bwrap-ran');
    mkdirSync(fake, { recursive: true });
    for (const tool of ['bwrap', 'socat', 'rg', 'sh', 'bash']) writeFileSync(join(fake, tool), `#!/bin/sh\necho ${tool} >> ${marker}\nexit 1\n`, { mode: 0o755 });
    const transport = { ...stdio('sandboxProbe'), env: { HOME: home, PATH: `${fake}:${process.env.PATH}`, LD_PRELOAD: join(fake, 'missing.so') }, cwd: workspace };
    const session = newSession(definition('steer', transport, { sandbox: sandbox() }), {}, sessions);
    await session.start();
    const write = JSON.parse(textOf(await session.callTool({ name: 'attempt', arguments: { action: 'write', target: join(outside, 'steered.txt') } }))) as { ok: boolean };
    assert.equal(write.ok, false, 'it still runs sandboxed');
    assert.equal(existsSync(marker), false, "a program of the server's PATH ran outside the sandbox");
  });

  it('does not start a server whose workspace settings open a folder outside the workspace to writing, and says it is the configuration', async () => {
    const transport = { ...stdio('sandboxProbe'), env: { HOME: home }, cwd: workspace };
    const opened = sandbox();
    const wide = { ...opened, filesystem: { ...opened.filesystem, allowWrite: [...opened.filesystem.allowWrite, outside], writeWithin: [workspace] } };
    const session = newSession(definition('wide', transport, { sandbox: wide }), {}, sessions);
    await session.start();
    const state = session.state as { kind: string; message: string; retryInMs?: number };
    assert.equal(state.kind, 'error');
    assert.match(state.message, /^Invalid configuration: the folder .*outside that the workspace settings let this server write \(sandbox\.filesystem\.allowWrite\) is .* outside the workspace folders/);
    assert.equal(state.retryInMs, undefined, 'a configuration error is not retried');
  });

  it('opens the way to a debugger outside only in dev mode: a "--connect 127.0.0.1:<port>" argument alone opens nothing', async () => {
    const adapter = await listen();
    try {
      const transport = { ...stdio('sandboxProbe', ['--connect', `127.0.0.1:${adapter.port}`]), env: { HOME: home }, cwd: workspace };
      for (const debugging of [false, true]) {
        const dev = debugging ? { dev: { watch: [], base: workspace, debug: { type: 'debugpy' as const } } } : {};
        const session = newSession(definition(debugging ? 'debugged' : 'plain', transport, { sandbox: sandbox(), ...dev }), {}, sessions);
        await session.start();
        const target = `http://127.0.0.1:${adapter.port}/`;
        const reach = JSON.parse(textOf(await session.callTool({ name: 'attempt', arguments: { action: 'connect', target } }))) as { ok: boolean; detail: string };
        assert.deepEqual([reach.ok, adapter.hits], debugging ? [true, 1] : [false, 0], reach.detail);
        await session.shutdown();
      }
    } finally {
      adapter.server.close();
    }
  });

  it('does not start a server that must be sandboxed where the sandbox cannot run, and says what is missing', async () => {
    const marker = join(root, 'ran-unsandboxed');
    const saved = process.env.PATH;
    process.env.PATH = join(root, 'no-tools-here');
    try {
      const transport = { ...stdio('sandboxProbe'), env: { HOME: home, PROBE_MARK: marker }, cwd: workspace };
      const session = newSession(definition('nobwrap', transport, { sandbox: sandbox() }), {}, sessions);
      await session.start().catch(() => undefined);
      await waitForState(session, 'error');
      const state = session.state as { message: string };
      assert.match(state.message, /Cannot run "nobwrap" in its sandbox: bubblewrap \(bwrap\), socat, ripgrep \(rg\) \(not found on PATH\) is missing/);
      assert.match(state.message, /apt-get install bubblewrap socat ripgrep/);
      assert.match(state.message, /not run without its sandbox/);
    } finally {
      process.env.PATH = saved;
    }
    assert.equal(existsSync(marker), false);
  });
});
