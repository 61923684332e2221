// The launcher's small parts (issue 28): reports only with the nonce the server never sees; the runtime's
// violation lines and a server's own error output read as refusals; what of a server's environment the
// wrapper chain outside the sandbox sees.
import * as assert from 'node:assert/strict';
import { encodeReport, takeReport } from '../../../../src/mcp/sandbox/launcherProtocol';
import { innerCommand, outerEnvironment, shellQuote } from '../../../../src/mcp/sandbox/launcherEnvironment';
import { readRefusalsIn, refusalFromViolation } from '../../../../src/mcp/sandbox/refusals';

describe('Sandbox launcher parts (issue 28)', () => {
  const nonce = 'a'.repeat(32);

  it('takes a report out of stderr only with its nonce, also after a server line without a newline', () => {
    const line = encodeReport(nonce, { kind: 'refused', line: 'deny openat /etc/x' }).trimEnd();
    assert.deepEqual(takeReport(nonce, line), { serverText: '', report: { kind: 'refused', line: 'deny openat /etc/x' } });
    assert.deepEqual(takeReport(nonce, `half a server line${line}`).serverText, 'half a server line');
    // A server that forges a report does not know the nonce: its line stays its own output.
    const forged = encodeReport('b'.repeat(32), { kind: 'unavailable', missing: 'x', fix: 'y' }).trimEnd();
    assert.deepEqual(takeReport(nonce, forged), { serverText: forged });
    // The nonce followed by no report (a line cut short): the server's half is kept, no report is made up.
    assert.deepEqual(takeReport(nonce, `server text${nonce} {"kind":"refu`), { serverText: 'server text' });
  });

  it("reads the runtime's violation lines: Linux writes, proxy connections, macOS reads and writes", () => {
    assert.deepEqual(refusalFromViolation('deny openat /etc/passwd'), { kind: 'write', target: '/etc/passwd', syscall: 'openat' });
    assert.deepEqual(refusalFromViolation('deny unlinkat /usr/lib/x.so'), { kind: 'write', target: '/usr/lib/x.so', syscall: 'unlinkat' });
    assert.deepEqual(refusalFromViolation('deny network-outbound evil.test:443 (not in allowedDomains)'), { kind: 'connect', target: 'evil.test:443' });
    assert.deepEqual(refusalFromViolation('node(4711) deny(1) file-read-data /Users/me/.ssh/id_rsa'), { kind: 'read', target: '/Users/me/.ssh/id_rsa' });
    assert.deepEqual(refusalFromViolation('node(4711) deny(1) file-write-create /Users/me/x'), { kind: 'write', target: '/Users/me/x' });
    assert.equal(refusalFromViolation('something else entirely'), undefined);
  });

  it("reads a denied read from the server's own error output, inside denied folders only", () => {
    const deny = ['/home/me/.ssh', '/home/me/.aws'];
    assert.deepEqual(readRefusalsIn("Error: ENOENT: no such file or directory, open '/home/me/.ssh/id_rsa'", deny, []), [{ kind: 'read', target: '/home/me/.ssh/id_rsa' }]);
    assert.deepEqual(readRefusalsIn("FileNotFoundError: [Errno 2] No such file or directory: '/home/me/.aws/credentials'", deny, []), [{ kind: 'read', target: '/home/me/.aws/credentials' }]);
    assert.deepEqual(readRefusalsIn('cannot open /home/me/.sshkeys/x', deny, []), [], 'a sibling named alike is not inside');
    assert.deepEqual(readRefusalsIn("open '/home/me/.ssh/known_hosts'", deny, ['/home/me/.ssh/known_hosts']), [], 'allowed again');
    assert.deepEqual(readRefusalsIn('no path here', deny, []), []);
  });

  it('keeps the variables that steer a shell or the loader out of the wrapper chain, and gives them back inside', () => {
    const env = { PATH: '/repo/bin', LD_PRELOAD: '/repo/evil.so', BASH_ENV: '/repo/x.sh', 'BASH_FUNC_ls%%': '() { :; }', GITHUB_TOKEN: 'secret', TMPDIR: '/own/tmp' };
    assert.deepEqual(outerEnvironment(env, '/usr/bin:/bin'), { GITHUB_TOKEN: 'secret', TMPDIR: '/own/tmp', PATH: '/usr/bin:/bin', SHLVL: '1' });
    // SHLVL=1 outside keeps the runtime's bash from reading ~/.bashrc (launcherProcess.test.ts); the server's own comes back inside.
    assert.deepEqual(outerEnvironment({ SHLVL: '4' }, '/bin'), { PATH: '/bin', SHLVL: '1' });
    assert.equal(innerCommand({ command: 'node', args: [], env: { SHLVL: '4' } }), "exec env SHLVL='4' 'node'");
    const inner = innerCommand({ command: 'node', args: ["it's.js"], env });
    assert.equal(inner, `exec env PATH='/repo/bin' LD_PRELOAD='/repo/evil.so' BASH_ENV='/repo/x.sh' TMPDIR='/own/tmp' 'node' 'it'\\''s.js'`);
    assert.ok(!inner.includes('secret'), 'secrets stay out of command lines');
    assert.equal(shellQuote("a'b"), `'a'\\''b'`);
  });

  it("gives the wrapper chain the launcher's own PATH, and sets back inside only names a shell can assign", () => {
    assert.equal(outerEnvironment({ PATH: '/evil' }).PATH, process.env.PATH ?? '', "the launcher's PATH by default");
    const path = process.env.PATH;
    delete process.env.PATH;
    try {
      assert.equal(outerEnvironment({ PATH: '/evil' }).PATH, '', 'none at all when the launcher has none');
    } finally {
      process.env.PATH = path;
    }
    const env = { 'BASH_FUNC_%%x': '() { :; }', LD_PRELOAD: '/x.so', HOME: '/h' };
    assert.equal(innerCommand({ command: 'node', args: ['s.js'], env }), "exec env LD_PRELOAD='/x.so' 'node' 's.js'", 'a name with other characters is not set back; nothing runs before the server');
    assert.equal(innerCommand({ command: 'node', args: [], env: {} }), "exec 'node'");
  });
});
