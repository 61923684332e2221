// How a sandboxed server is started, read from what sandboxedSpawn() hands the SDK: the launcher on the host's
// own Node, and the job line it reads first (command, arguments, environment, folder, sandbox, and dev mode's
// debugger when it is on). No sandbox runs here: sandboxedServer.test.ts starts real ones.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { LauncherJob } from '../../../../src/mcp/sandbox/launcherProtocol';
import type { SandboxDefinition } from '../../../../src/mcp/sandbox/sandboxDefinition';
import { launcherPath, sandboxedSpawn } from '../../../../src/mcp/sandbox/sandboxedSpawn';
import type { StdioTransportConfig } from '../../../../src/mcp/serverDefinition';

const sandbox: SandboxDefinition = {
  reason: 'setting',
  filesystem: { allowWrite: [], denyWrite: [], denyRead: [], allowRead: [], protect: [] },
  network: { allowedDomains: [], installDomains: [] },
  ownDir: '/tmp/own-dir',
};
const stdio = (command: string, args: string[], cwd?: string): StdioTransportConfig => ({ type: 'stdio', command, args, ...(cwd && { cwd }) }) as StdioTransportConfig;

function jobOf(config: StdioTransportConfig, debugging?: boolean): LauncherJob {
  const spawned = sandboxedSpawn(config, sandbox, { API_KEY: 'k' }, debugging);
  assert.ok(spawned.firstInput.endsWith('\n'), 'the job is one line');
  return JSON.parse(spawned.firstInput) as LauncherJob;
}

describe('sandboxedSpawn: what starts a sandboxed server', () => {
  it('runs the launcher on the host’s Node as a plain Node; the server travels in the job line only', () => {
    const spawned = sandboxedSpawn(stdio('node', ['server.js'], '/srv/app'), sandbox, { API_KEY: 'k' });
    assert.equal(spawned.command, process.execPath);
    assert.deepEqual(spawned.args, [launcherPath()]);
    assert.ok(existsSync(spawned.args[0]!));
    assert.deepEqual(spawned.env, { ELECTRON_RUN_AS_NODE: '1' }, 'nothing of the server’s environment on the launcher');
    const job = JSON.parse(spawned.firstInput) as LauncherJob;
    assert.equal(job.nonce, spawned.nonce);
    assert.match(job.nonce, /^[0-9a-f]{32}$/);
    assert.notEqual(sandboxedSpawn(stdio('node', []), sandbox, {}).nonce, job.nonce, 'a new nonce per start');
    assert.equal(job.command, 'node');
    assert.deepEqual(job.args, ['server.js']);
    assert.equal(job.cwd, '/srv/app');
    assert.equal(job.env.API_KEY, 'k');
    assert.deepEqual(job.sandbox, sandbox);
    assert.equal(job.debug, undefined);
  });

  it('starts a server without a folder of its own in the host’s folder', () => {
    assert.equal(jobOf(stdio('node', ['server.js'])).cwd, process.cwd());
  });

  it('passes dev mode’s Node inspector and debugpy to the launcher, with the relay that carries them out of the sandbox', () => {
    const relay = { relay: `${dirname(launcherPath())}/sandboxDebugRelay.js`, node: process.execPath };
    assert.deepEqual(jobOf(stdio('node', ['--inspect-brk=127.0.0.1:9229', 'server.js']), true).debug, { mode: 'inspector', port: 9229, ...relay });
    assert.deepEqual(jobOf(stdio('python', ['-m', 'debugpy', '--connect', '127.0.0.1:5678', 'server.py']), true).debug, { mode: 'connect', port: 5678, ...relay });
    assert.deepEqual(jobOf(stdio('debugpy', ['--connect', '127.0.0.1:5678', 'server.py']), true).debug?.port, 5678, '--connect first');
    assert.equal(basename(relay.relay), 'sandboxDebugRelay.js');
  });

  it('passes no debugger when dev mode’s debugging is off, or for arguments that only look like one', () => {
    assert.equal(jobOf(stdio('node', ['--inspect-brk=127.0.0.1:9229', 'server.js'])).debug, undefined, 'debugging off');
    for (const args of [
      ['x--inspect-brk=127.0.0.1:9229'],
      ['--inspect-brk=127.0.0.1:9229/x'],
      ['--inspect-brk=127.0.0.1:port'],
      ['server.js', '--inspect-brk=127.0.0.1:9229'],
      ['--connect', 'x127.0.0.1:5678'],
      ['--connect', '127.0.0.1:5678x'],
      ['--connect'],
      ['127.0.0.1:5678', '--connect', 'server.py'],
      ['127.0.0.1:5678', 'server.py'],
    ]) {
      assert.equal(jobOf(stdio('node', args), true).debug, undefined, args.join(' '));
    }
  });

  it('says which files it looked for when the launcher is missing (a broken install)', () => {
    assert.throws(() => launcherPath(['/nowhere/a.mjs', '/nowhere/b.mjs']), {
      message: 'The sandbox launcher is missing (looked for /nowhere/a.mjs and /nowhere/b.mjs); reinstall the extension.',
    });
  });
});
