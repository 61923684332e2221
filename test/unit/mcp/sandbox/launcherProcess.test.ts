// The sandbox launcher as the extension host runs it (dist/sandboxLauncher.mjs, its job on stdin), without
// an MCP session in between: what its wiring alone decides (launcher.ts). Dev mode's debugger reaching the
// adapter outside through the sandbox's proxy (debugpy's `--connect`); the exit code it passes on when the
// server ends or when the launcher is told to stop (the signal reaches the sandbox); a write folder that
// leads out of the workspace stops it before anything runs. Real sandboxes (bubblewrap); Linux only.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, get } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeJob, takeReport, type LauncherJob } from '../../../../src/mcp/sandbox/launcherProtocol';
import type { SandboxDefinition } from '../../../../src/mcp/sandbox/sandboxDefinition';
import { sandboxedSpawn } from '../../../../src/mcp/sandbox/sandboxedSpawn';
import { until } from '../../../shared/until';
import { freePort } from './localPorts';

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
  // Each launcher still running after a test is told to stop (SIGTERM) and waited for: one ended with
  // SIGKILL would not write what it covered for the mutation run (test/mutation/childProcesses.cjs).
  const running = new Map<number, Promise<unknown>>();
  afterEach(async () => {
    const signal = (pid: number, sig: NodeJS.Signals) => {
      try {
        process.kill(pid, sig);
      } catch {
        // ended
      }
    };
    for (const [pid, exited] of running) {
      signal(pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
      signal(-pid, 'SIGKILL');
    }
    running.clear();
  });
  // Made again before each run (root too): the mutation run's mocha runs this suite many times in one process.
  before(() => mkdirSync(workspace, { recursive: true }));
  after(() => rmSync(root, { recursive: true, force: true }));

  const sandbox = (filesystem: Partial<SandboxDefinition['filesystem']> = {}): SandboxDefinition => ({
    reason: 'policy',
    filesystem: { allowWrite: [workspace, ownDir], denyWrite: [], denyRead: [], allowRead: [], protect: [workspace], ...filesystem },
    network: { allowedDomains: [], installDomains: [] },
    ownDir,
  });

  // VS Code's own Node is Electron's binary, which runs as Node only with ELECTRON_RUN_AS_NODE=1 (else it
  // would start an app): the relay runs on this stand-in, so that the launcher has to say so.
  const electron = join(root, 'electron-node');
  before(() => writeFileSync(electron, `#!/bin/sh\n[ "$ELECTRON_RUN_AS_NODE" = 1 ] || { echo "started as an app, not as Node" >&2; exit 9; }\nexec '${process.execPath}' "$@"\n`, { mode: 0o755 }));

  interface Launch {
    sandbox?: SandboxDefinition;
    debugging?: boolean;
    /** Node's own options, before the script (`--inspect-brk=…`). */
    node?: string[];
    env?: Record<string, string>;
    /** The launcher's own PATH (the extension host's). */
    path?: string;
    cwd?: string;
    /** The job line as sent, instead of the one sandboxedSpawn makes. */
    jobLine?: string;
  }

  /** Starts the launcher with the job for `node -e script …args`; gives its exit code and what it wrote. */
  function launch(script: string, args: string[] = [], options: Launch = {}) {
    const config = { type: 'stdio' as const, command: process.execPath, args: [...(options.node ?? []), '-e', script, '--', ...args], env: {}, cwd: options.cwd ?? workspace };
    const params = sandboxedSpawn(config, options.sandbox ?? sandbox(), { PATH: process.env.PATH!, HOME: root, ...options.env }, options.debugging);
    const job = JSON.parse(params.firstInput) as LauncherJob;
    if (job.debug) job.debug.node = electron;
    const env = { ...process.env, ...params.env, ...(options.path !== undefined && { PATH: options.path }) };
    const launcher = spawn(params.command, params.args, { env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    launcher.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    launcher.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    launcher.stdin!.write(options.jobLine ?? encodeJob(job));
    const exited = once(launcher, 'exit').then(([code]) => code as number);
    running.set(launcher.pid!, exited);
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

  it("lets VS Code's debugger attach to the server's inspector inside, through the launcher's bridge outside", async () => {
    const port = await freePort();
    const run = launch('setInterval(() => {}, 1000)', [], { debugging: true, node: [`--inspect-brk=127.0.0.1:${port}`] });
    const version = await until('the inspector to answer outside', () =>
      new Promise<string | undefined>((resolve) => {
        get({ host: '127.0.0.1', port, path: '/json/version' }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          res.on('end', () => resolve(body));
          res.on('error', () => resolve(undefined));
        }).on('error', () => resolve(undefined));
      }),
    ).catch((error: Error) => assert.fail(`${error.message}\n${run.stderr()}`));
    assert.match(JSON.parse(version).Browser, /^node\.js\/v/);
  });

  it('lets the server reach the install registry while it starts, drops it on the signal and says so; no registry, nothing said', async () => {
    const registry = createHttpServer((_req, res) => res.end('package'));
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
    const host = `localhost:${(registry.address() as AddressInfo).port}`;
    try {
      // An HTTP GET through the sandbox's proxy (HTTP_PROXY), as npm makes it; again on each line of its stdin.
      const script = `const http = require('node:http'); const p = new URL(process.env.HTTP_PROXY);
        const auth = p.username ? { 'Proxy-Authorization': 'Basic ' + Buffer.from(decodeURIComponent(p.username) + ':' + decodeURIComponent(p.password)).toString('base64') } : {};
        const get = (tag) => http.get({ host: p.hostname, port: Number(p.port), path: 'http://${host}/', headers: { Host: '${host}', ...auth } }, (res) => { res.resume(); console.log(tag, res.statusCode); }).on('error', (e) => console.log(tag, e.message));
        get('start'); process.stdin.on('data', () => get('after'));`;
      const run = launch(script, [], { sandbox: { ...sandbox(), network: { allowedDomains: [], installDomains: [host] } } });
      await until('the registry reached while it starts', () => run.stdout().includes('start '));
      assert.equal(run.stdout(), 'start 200\n');
      run.launcher.kill('SIGUSR2');
      await until('the report', () => run.reports().length > 0);
      assert.deepEqual(run.reports(), [{ kind: 'installDone', domains: [host] }]);
      run.launcher.stdin!.write('again\n');
      await until('the registry asked again', () => run.stdout().includes('after '));
      assert.doesNotMatch(run.stdout(), /after 200/);
    } finally {
      registry.close();
    }
    const without = launch(`console.log('ready'); setInterval(() => {}, 1000);`);
    await until('the server to run in its sandbox', () => without.stdout().includes('ready'));
    without.launcher.kill('SIGUSR2');
    without.launcher.kill('SIGTERM');
    assert.equal(await without.exited, 143, without.stderr());
    assert.deepEqual(without.reports(), []);
  });

  it('says when the sandbox runtime cannot start, and what to check', async () => {
    const tools = join(root, 'broken-tools');
    mkdirSync(tools, { recursive: true });
    const real = (name: string) => (process.env.PATH ?? '').split(':').map((dir) => join(dir, name)).find(existsSync)!;
    for (const name of ['bwrap', 'socat', 'true']) symlinkSync(real(name), join(tools, name));
    writeFileSync(join(tools, 'rg'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    const run = launch('console.log("ran")', [], { path: tools });
    assert.equal(await run.exited, 78, run.stderr());
    const [report] = run.reports();
    assert.equal(run.reports().length, 1);
    assert.match(report?.kind === 'unavailable' ? report.missing : '', /^the sandbox runtime \(.+\)$/);
    assert.deepEqual({ ...report, missing: '' }, {
      kind: 'unavailable',
      missing: '',
      fix: 'check that bubblewrap, socat and ripgrep work: sudo apt-get install bubblewrap socat ripgrep (Fedora: sudo dnf install bubblewrap socat ripgrep)',
    });
    assert.equal(run.stdout(), '');
  });

  it('says what went wrong when the sandbox cannot be started in the server folder, or the job cannot be read', async () => {
    const noFolder = launch('console.log("ran")', [], { cwd: join(root, 'no-such-folder') });
    assert.equal(await noFolder.exited, 1);
    assert.equal(noFolder.stderr(), 'MCP Client sandbox: could not start the sandbox (spawn /bin/sh ENOENT)\n');
    const badJob = launch('console.log("ran")', [], { jobLine: 'not a job\n' });
    assert.equal(await badJob.exited, 1);
    assert.match(badJob.stderr(), /^MCP Client sandbox launcher: Unexpected token .*JSON.*\n$/);
  });

  it("runs no shell start-up file of the user's in the sandbox, whose output would go into the server's MCP stream", async () => {
    // bash reads ~/.bashrc when its stdin is a socket (as rshd's would be) and SHLVL says it is a first shell;
    // a server's stdin is a socket pair from the extension host, whose environment may have no SHLVL at all.
    const home = join(root, 'home-with-bashrc');
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, '.bashrc'), 'echo "from .bashrc"\n');
    const run = launch(`console.log('server output', process.env.SHLVL ?? 'none')`, [], { env: { HOME: home } });
    assert.equal(await run.exited, 0, run.stderr());
    assert.match(run.stdout(), /^server output \d+\n$/, "the server's output alone");
    const own = launch(`console.log('server output', process.env.SHLVL ?? 'none')`, [], { env: { HOME: home, SHLVL: '3' } });
    assert.equal(await own.exited, 0, own.stderr());
    assert.equal(own.stdout(), 'server output 3\n', 'the server keeps its own SHLVL');
  });

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
