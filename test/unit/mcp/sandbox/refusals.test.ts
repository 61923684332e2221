// What the Servers view and a server's output say the sandbox refused (src/mcp/sandbox/refusals.ts), read
// from the runtime's violation lines and from the server's own error output, in the spellings they come
// in: several spaces, multi-digit counts, a target at the end of the line, every write-intent syscall the
// Linux observer names, quoted and unquoted paths, ~ paths, trailing punctuation.
import * as assert from 'node:assert/strict';
import { homedir } from 'node:os';
import { describeRefusal, readRefusalsIn, refusalFromViolation, within } from '../../../../src/mcp/sandbox/refusals';

describe('sandbox refusals', () => {
  it('reads a refused connection however the proxy spaces and counts it, the host last on the line or not', () => {
    const connect = { kind: 'connect', target: 'evil.test:443' };
    assert.deepEqual(refusalFromViolation('deny network-outbound evil.test:443'), connect);
    assert.deepEqual(refusalFromViolation('deny(12) network-outbound evil.test:443 (not allowed)'), connect);
    assert.deepEqual(refusalFromViolation('deny  network-outbound   evil.test:443\t(x)'), connect);
    assert.equal(refusalFromViolation('deny(x) network-outbound evil.test:443'), undefined, 'the count is digits');
  });

  it('reads macOS Seatbelt lines with multi-digit counts, extra spaces and trailing blanks', () => {
    assert.deepEqual(refusalFromViolation('node(4711) deny(12) file-write-create /Users/me/x'), { kind: 'write', target: '/Users/me/x' });
    assert.deepEqual(refusalFromViolation('node(4711) deny(1)  file-read-data  /Users/me/a b  '), { kind: 'read', target: '/Users/me/a b' });
  });

  it('reads every write-intent syscall the Linux observer reports, and nothing else', () => {
    const syscalls = ['open', 'openat', 'openat2', 'unlink', 'unlinkat', 'mkdir', 'mkdirat', 'rename', 'renameat2', 'creat', 'truncate', 'link', 'linkat', 'symlink', 'symlinkat', 'chmod', 'chmodat', 'chown', 'chown32', 'syscall'];
    for (const syscall of syscalls) {
      assert.deepEqual(refusalFromViolation(`deny ${syscall} /etc/x`), { kind: 'write', target: '/etc/x', syscall }, syscall);
    }
    assert.deepEqual(refusalFromViolation('deny  openat  /etc/passwd'), { kind: 'write', target: '/etc/passwd', syscall: 'openat' });
    for (const line of ['deny stat /etc/x', 'deny mkdir-p /etc/x', 'deny rename! /etc/x', 'deny creatx /etc/x', 'deny truncatex /etc/x', 'a server said: deny openat /etc/passwd', 'deny openat relative/path']) {
      assert.equal(refusalFromViolation(line), undefined, line);
    }
  });

  it("finds a denied path in a server's error output, quoted or not, wherever it stands", () => {
    const deny = ['/home/me/.ssh'];
    const read = (target: string) => [{ kind: 'read', target }];
    assert.deepEqual(readRefusalsIn('/home/me/.ssh/id_rsa: permission denied', deny, []), read('/home/me/.ssh/id_rsa'), 'at the start of the line');
    assert.deepEqual(readRefusalsIn('cannot open /home/me/.ssh/id_rsa', deny, []), read('/home/me/.ssh/id_rsa'), 'after a space');
    for (const before of ['(', '=', ':', ',']) {
      assert.deepEqual(readRefusalsIn(`open${before}/home/me/.ssh/id_rsa) failed`, deny, []), read('/home/me/.ssh/id_rsa'), before);
    }
    assert.deepEqual(readRefusalsIn('reading x/home/me/.ssh/id_rsa', deny, []), [], 'not a path of its own');
    assert.deepEqual(readRefusalsIn('could not read /home/me/.ssh/id_rsa...', deny, []), read('/home/me/.ssh/id_rsa'), 'the sentence ends after it');
    assert.deepEqual(readRefusalsIn('file /home/me/.ssh/config: missing', deny, []), read('/home/me/.ssh/config'));
    assert.deepEqual(readRefusalsIn('open /home/me/.ssh/a; open /home/me/.ssh/b', deny, []), [...read('/home/me/.ssh/a'), ...read('/home/me/.ssh/b')]);
  });

  it('reads ~ as the home folder, quoted or not', () => {
    const deny = [`${homedir()}/.ssh`];
    assert.deepEqual(readRefusalsIn("open '~/.ssh/id_rsa'", deny, []), [{ kind: 'read', target: `${homedir()}/.ssh/id_rsa` }]);
    assert.deepEqual(readRefusalsIn('reading ~/.ssh/config failed', deny, []), [{ kind: 'read', target: `${homedir()}/.ssh/config` }]);
    assert.deepEqual(readRefusalsIn("open '~'", [homedir()], []), [], 'a line without a slash names no path');
  });

  it('counts a path as inside a folder only when it is the folder or below it', () => {
    assert.equal(within('/home/me/.ssh', '/home/me/.ssh'), true);
    assert.equal(within('/home/me/.ssh/id', '/home/me/.ssh'), true);
    assert.equal(within('/home/me', '/home/me/.ssh'), false, 'the parent');
    assert.equal(within('/home/me/.sshkeys', '/home/me/.ssh'), false, 'a sibling named alike');
    assert.equal(within('/home/me/..ssh', '/home/me'), true, 'a name that starts with two dots is inside');
    assert.deepEqual(readRefusalsIn("open '/home/me'", ['/home/me/.ssh'], []), []);
  });

  it('says what was refused and which setting would allow it', () => {
    assert.equal(describeRefusal({ kind: 'write', target: '/etc/x' }), 'Sandbox refused a write to /etc/x: it is outside the folders this server may write (sandbox.filesystem.allowWrite), or protected.');
    assert.equal(describeRefusal({ kind: 'read', target: '/home/me/.ssh/id' }), 'Sandbox refused a read of /home/me/.ssh/id: this server may not read there (sandbox.filesystem.denyRead).');
    assert.equal(describeRefusal({ kind: 'connect', target: 'evil.test:443' }), 'Sandbox refused a connection to evil.test:443: the host is not in sandbox.network.allowedDomains.');
  });
});
