// Dev mode (mcp.json's `dev` key) inside a real VS Code: `dev.watch` restarts a server when a matching
// file in the workspace changes (new process, counted in the Servers view), and `dev.debug` starts a
// Node server under --inspect-brk with VS Code's JavaScript debugger attached. Servers are added to the
// user settings for the test and removed afterwards; the watched files live in a folder of the test
// workspace that the test creates and deletes.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { isAlive } from '../../../src/mcp/processTree';
import { until } from '../../shared/until';
import { api, serverTreeItem } from '../helpers';
import { ui } from '../uiDriver';

const fixtureServer = () => join(process.env.MCP_CLIENT_FIXTURES!, 'servers', 'fixtureServer.js');
/** The Node the fixtures run on (scripts/test.mjs configures it for the `fixture` server). */
const node = () => (vscode.workspace.getConfiguration('mcpClient').inspect<Record<string, { command: string }>>('servers')!.globalValue!.fixture!.command);
const workspace = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;

async function setServers(extra: Record<string, unknown>): Promise<void> {
  const config = vscode.workspace.getConfiguration('mcpClient');
  const servers = config.inspect<Record<string, unknown>>('servers')!.globalValue ?? {};
  const next = Object.fromEntries(Object.entries({ ...servers, ...extra }).filter(([, v]) => v !== undefined));
  await config.update('servers', next, vscode.ConfigurationTarget.Global);
}

/** Waits until `name` runs; a failure says what state it was in instead. */
async function running(name: string): Promise<void> {
  let last: unknown;
  try {
    await until(`${name} to be running`, async () => (last = (await api()).servers().find((s) => s.name === name)?.state)?.kind === 'running', 60_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}; last state ${JSON.stringify(last)}`);
  }
}

async function pidOf(name: string): Promise<number> {
  const result = await (await api()).getSession(name)!.callTool({ name: 'pid', arguments: {} });
  return Number((result.content as { text: string }[])[0]!.text);
}

describe('Dev mode', function () {
  // Generous: on a loaded two-core machine a start under the debugger takes a while (bounds failures only).
  this.timeout(180_000);

  describe('dev.watch', () => {
    const folder = () => join(workspace(), '.dev-watch');
    before(() => mkdirSync(join(folder(), 'lib'), { recursive: true }));
    after(async () => {
      await setServers({ devwatch: undefined });
      rmSync(folder(), { recursive: true, force: true });
    });

    it('restarts the server when a watched file changes, once per change, and shows it in the Servers view', async () => {
      await setServers({ devwatch: { command: node(), args: [fixtureServer()], dev: { watch: ['.dev-watch/**/*.js', '!.dev-watch/**/skip.js'] } } });
      await running('devwatch');
      const item = await until('the dev note', () => serverTreeItem('devwatch'));
      assert.match(item.description, /^dev · running/);
      const pids = [await pidOf('devwatch')];

      for (const round of [1, 2]) {
        const file = join(folder(), 'lib', `change${round}.js`);
        writeFileSync(file, `// change ${round}\n`);
        let seen = '';
        const restarted = await until(`restart ${round}`, async () => {
          const i = await serverTreeItem('devwatch');
          seen = i?.description ?? '(no item)';
          return i?.description.startsWith(`dev · restarted ${round}× · running`) && i;
        }, 60_000).catch((error: Error) => Promise.reject(new Error(`${error.message}; the view said: ${seen}`)));
        // The tooltip is escaped Markdown: compare its text.
        assert.ok(restarted.tooltip.replace(/\\/g, '').includes(`last restart after .dev-watch/lib/change${round}.js changed`), restarted.tooltip);
        pids.push(await pidOf('devwatch'));
      }
      // Three processes, one per start; the earlier ones are gone.
      assert.equal(new Set(pids).size, 3, `pids ${pids.join(', ')}`);
      for (const pid of pids.slice(0, 2)) assert.equal(isAlive(pid), false, `process ${pid} is gone`);
    });
  });

  describe('dev.debug', () => {
    after(() => setServers({ devdebug: undefined, devdebugnpx: undefined }));

    it('starts a Node server under the inspector and attaches VS Code\'s debugger', async () => {
      const started: vscode.DebugSession[] = [];
      const terminated: vscode.DebugSession[] = [];
      // What the debug adapter said, for the failure message.
      const said: string[] = [];
      const listeners = [
        vscode.debug.onDidStartDebugSession((s) => started.push(s)),
        vscode.debug.onDidTerminateDebugSession((s) => terminated.push(s)),
        vscode.debug.registerDebugAdapterTrackerFactory('*', {
          createDebugAdapterTracker: (s) => ({
            onDidSendMessage: (m: { type: string; event?: string; command?: string; body?: { output?: string }; success?: boolean; message?: string }) => {
              if (m.type === 'event' && m.event === 'output') said.push(`${s.name}: ${m.body?.output?.trim()}`);
              else if (m.type === 'response' && !m.success) said.push(`${s.name}: ${m.command} failed: ${m.message}`);
            },
            onError: (e) => said.push(`${s.name}: error ${e.message}`),
          }),
        }),
      ];
      const explain = (error: unknown) =>
        new Error(`${(error as Error).message}\nsessions: ${started.map((s) => `${s.name} (${s.type})${terminated.includes(s) ? ' ended' : ''}`).join(', ')}\nadapter: ${said.join('\n')}`);
      try {
        await setServers({ devdebug: { command: node(), args: [fixtureServer()], dev: { debug: { type: 'node' } } } });
        const session = await until('the debug session', () => started.find((s) => s.name === 'MCP: devdebug'), 60_000);
        assert.equal(session.type, 'pwa-node');
        assert.equal(session.configuration.request, 'attach');
        // Running means the handshake went through: the debugger attached and let the process continue.
        await running('devdebug').catch((e) => Promise.reject(explain(e)));
        // The process id from the session (a tool call would wait on the debugger's source-map pauses).
        // The API hands out no process ids: find the server's process by its command line.
        const inspect = `--inspect-brk=127.0.0.1:${session.configuration.port as number}`;
        const commandLine = readdirSync('/proc')
          .filter((entry) => /^\d+$/.test(entry))
          .map((pid) => { try { return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'); } catch { return []; } })
          .find((args) => args.includes(inspect) && args.includes(fixtureServer()));
        assert.ok(commandLine, `a process started with ${inspect} running ${fixtureServer()}`);
        assert.match((await serverTreeItem('devdebug'))!.description, /^dev · debug: node · running/);

        await vscode.commands.executeCommand('mcpClient.stopServer', 'devdebug');
        await until('the debug session to end with the server', () => terminated.includes(session));
      } finally {
        for (const l of listeners) l.dispose();
      }
    });

    it('starts a Python server without the debugger when the Python Debugger extension is missing, and says so', async () => {
      assert.equal(vscode.extensions.getExtension('ms-python.debugpy'), undefined, 'this run has no Python Debugger extension');
      // A "python3" that is Node (a link), so that the fixture server really runs without Python installed.
      const bin = mkdtempSync(join(tmpdir(), 'mcp-devpython-'));
      symlinkSync(node(), join(bin, 'python3'));
      const sessionsBefore = new Set<vscode.DebugSession>();
      const listener = vscode.debug.onDidStartDebugSession((s) => sessionsBefore.add(s));
      try {
        await setServers({ devpython: { command: join(bin, 'python3'), args: [fixtureServer(), '--era=legacy'], dev: { debug: { type: 'debugpy' } } } });
        await running('devpython');
        assert.ok((await pidOf('devpython')) > 0, 'the server answers tools/call');
        // In the notification center: a test window does not show toasts.
        await vscode.commands.executeCommand('notifications.showList');
        const toast = await ui.text('.notifications-center .notification-list-item', { text: 'needs the Python Debugger extension (ms-python.debugpy), which is not installed', wait: true });
        assert.match(toast ?? '', /"devpython" starts without the debugger/);
        assert.equal(sessionsBefore.size, 0, 'no debug session was started');
      } finally {
        listener.dispose();
        await setServers({ devpython: undefined });
        rmSync(bin, { recursive: true, force: true });
      }
    });

    it('refuses to debug a server whose command is not node, with a message that says so', async () => {
      await setServers({ devdebugnpx: { command: 'npx', args: ['-y', 'some-server'], dev: { debug: { type: 'node' } } } });
      const state = await until('devdebugnpx to fail', async () => {
        const s = (await api()).servers().find((x) => x.name === 'devdebugnpx')?.state;
        return s?.kind === 'error' && s;
      });
      assert.match(JSON.stringify(state), /needs the server to be started with the node executable/);
      assert.match((await serverTreeItem('devdebugnpx'))!.description, /error$/, 'no retry is scheduled');
    });
  });
});
