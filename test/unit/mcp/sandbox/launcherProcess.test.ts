// The sandbox launcher as the extension host runs it (dist/sandboxLauncher.mjs, its job on stdin), without
// an MCP session in between: what its wiring alone decides (launcher.ts). Dev mode's debugger reaching the
// adapter outside through the sandbox's proxy (debugpy's `--connect`); the exit code it passes on when the
// server ends or when the launcher is told to stop (the signal reaches the sandbox); a write folder that
// leads out of the workspace stops it before anything runs. Real sandboxes (bubblewrap); Linux only.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { takeReport } from '../../../../src/mcp/sandbox/launcherProtocol';
import type { SandboxDefinition } from '../../../../src/mcp/sandbox/sandboxDefinition';
import { sandboxedSpawn } from '../../../../src/mcp/sandbox/sandboxedSpawn';
import { until } from '../../../shared/until';

const onPath = (name: string) => (process.env.PATH ?? '').split(':').some((dir) => existsSync(join(dir, name)));
const canSandbox = process.platform === 'linux' && onPath('bwrap') && onPath('socat') && onPath('rg');

describe('Sandbox launcher process (issue 28)', function () {
  this.timeout(60_000);
  before(function () {
    if (!canSandbox) this.skip();
  });

  const root = mkdtempSync(join(tmpdir(), 'launcher-process-'));
  const workspace = join(root, 'workspace');
  const ownDir = join(root, 'own');
  const running = new Set<number>();
  before(() => mkdirSync(workspace, { recursive: true }));
  afterEach(() => {
    for (const pid of running) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // ended
      }
    }
    running.clear();
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const sandbox = (filesystem: Partial<SandboxDefinition['filesystem']> = {}): SandboxDefinition => ({
    reason: 'policy',
    filesystem: { allowWrite: [workspace, ownDir], denyWrite: [], denyRead: [], allowRead: [], protect: [workspace], ...filesystem },
    network: { allowedDomains: [], installDomains: [] },
    ownDir,
  });

  /** Starts the launcher with the job for `node -e script …args`; resolves with its exit and what it wrote. */
  function launch(script: string, args: string[] = [], options: { sandbox?: SandboxDefinition; debugging?: boolean; env?: Record<string, string> } = {}) {
    const params = sandboxedSpawn({ type: 'stdio', command: process.execPath, args: ['-e', script, '--', ...args], env: {}, cwd: workspace }, options.sandbox ?? sandbox(), { PATH: process.env.PATH!, HOME: root, ...options.env }, options.debugging);
    const launcher = spawn(params.command, params.args, { env: { ...process.env, ...params.env }, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    running.add(launcher.pid!);
    let stdout = '';
    let stderr = '';
    launcher.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    launcher.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    launcher.stdin!.write(params.firstInput);
    const exited = once(launcher, 'exit').then(([code]) => code as number);
    const reports = () => stderr.split('\n').flatMap((line) => takeReport(params.nonce, line).report ?? []);
    return { launcher, exited, stdout: () => stdout, stderr: () => stderr, reports };
  }

  it("carries dev mode's debugger out of the sandbox: debugpy inside connects to the adapter outside, and the server is not told to run as Node", async () => {
    const adapter: Server = createServer((socket) => socket.on('data', (chunk) => socket.end(`adapter got ${chunk.toString('utf8')}`)));
    await new Promise<void>((resolve) => adapter.listen(0, '127.0.0.1', resolve));
    const port = (adapter.address() as AddressInfo).port;
    try {
      // As debugpy does with `--connect 127.0.0.1:<port>`: connect out to the adapter, say hello, print its answer.
      const script = `const s = require('node:net').connect(${port}, '127.0.0.1', () => s.write('hello'));
        let got = ''; s.on('data', (d) => (got += d)); s.on('close', () => { console.log(JSON.stringify({ got, electron: process.env.ELECTRON_RUN_AS_NODE ?? null, relayVar: process.env.MCP_CLIENT_RELAY_UNSET_ELECTRON ?? null })); });
        s.on('error', (e) => { console.log(JSON.stringify({ error: e.message })); process.exit(5); });`;
      const run = launch(script, ['--connect', `127.0.0.1:${port}`], { debugging: true });
      assert.equal(await run.exited, 0, run.stderr());
      assert.deepEqual(JSON.parse(run.stdout()), { got: 'adapter got hello', electron: null, relayVar: null });
      // A server whose own environment says so keeps it.
      const own = launch(script, ['--connect', `127.0.0.1:${port}`], { debugging: true, env: { ELECTRON_RUN_AS_NODE: '1' } });
      assert.equal(await own.exited, 0, own.stderr());
      assert.deepEqual(JSON.parse(own.stdout()), { got: 'adapter got hello', electron: '1', relayVar: null });
    } finally {
      adapter.close();
    }
  });

  it("ends with the server's exit code", async () => {
    const run = launch('process.exit(7)');
    assert.equal(await run.exited, 7, run.stderr());
  });

  for (const [sig, code] of [['SIGTERM', 143], ['SIGINT', 130], ['SIGHUP', 129]] as const) {
    it(`passes ${sig} on to the sandbox and ends as a shell reports it (${code})`, async () => {
      const run = launch(`console.log('ready'); setInterval(() => {}, 1000);`);
      await until('the server to run in its sandbox', () => run.stdout().includes('ready'));
      run.launcher.kill(sig);
      assert.equal(await run.exited, code, run.stderr());
    });
  }

  it('starts nothing when a write folder of the workspace settings leads out of the workspace, and says which', async () => {
    const outside = join(root, 'outside');
    mkdirSync(outside, { recursive: true });
    symlinkSync(outside, join(workspace, 'link-out'));
    const marker = join(outside, 'ran');
    const own = join(root, 'own-never-made');
    const run = launch(`require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`, [], {
      sandbox: { ...sandbox({ allowWrite: [workspace, own, join(workspace, 'link-out')], writeWithin: [workspace] }), ownDir: own },
    });
    assert.equal(await run.exited, 78, run.stderr());
    assert.deepEqual(run.reports(), [
      {
        kind: 'invalid',
        message: `the folder ${join(workspace, 'link-out')} that the workspace settings let this server write (sandbox.filesystem.allowWrite) is ${outside} on disk, outside the workspace folders; a repository may only open its own folders to writing`,
      },
    ]);
    assert.equal(existsSync(marker), false);
    assert.equal(existsSync(own), false, 'nothing made ready either');
  });
});
