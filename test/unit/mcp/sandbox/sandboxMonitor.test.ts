// What a sandboxed server's output becomes on the host (SandboxMonitor, RefusalLog), line by line, without a
// sandbox: the launcher's reports are taken out of the server's stderr, each refusal is written to the
// server's output once per start, and the Servers view's "Allow … for this server" list keeps the newest
// refusals of the current start only.
import * as assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { maskingLogger } from '../../../../src/mcp/logger';
import { encodeReport, type LauncherReport } from '../../../../src/mcp/sandbox/launcherProtocol';
import type { SandboxDefinition } from '../../../../src/mcp/sandbox/sandboxDefinition';
import { RefusalLog, SandboxMonitor } from '../../../../src/mcp/sandbox/sandboxMonitor';
import { MemoryLogger } from '../../helpers';

const NONCE = 'n0nce';
const sandbox: SandboxDefinition = {
  reason: 'setting',
  filesystem: { allowWrite: [], denyWrite: [], denyRead: ['/home/u/.ssh'], allowRead: [], protect: [] },
  network: { allowedDomains: [], installDomains: [] },
  ownDir: '/tmp/own',
};
const report = (r: LauncherReport) => encodeReport(NONCE, r).trimEnd();

function monitor(log?: RefusalLog) {
  const sink = new MemoryLogger();
  return { sink, monitor: new SandboxMonitor('files', NONCE, sandbox, maskingLogger(sink, () => []), log) };
}

describe('SandboxMonitor: the launcher’s reports in a sandboxed server’s stderr', () => {
  it('keeps the server’s own text and takes the report out of the line', () => {
    const { monitor: m, sink } = monitor();
    assert.equal(m.take('plain server output'), 'plain server output');
    assert.equal(m.take(report({ kind: 'refused', line: 'deny openat /etc/hosts.d/x' })), undefined, 'a line that is all report is not server output');
    assert.equal(m.take(`partial ${report({ kind: 'refused', line: 'deny openat /etc/other' })}`), 'partial ', 'a server line without its newline yet comes back');
    assert.equal(m.take(`  ${report({ kind: 'refused', line: 'deny openat /etc/other' })}`), undefined, 'blanks before a report are not server output');
    assert.equal(m.take('  '), '  ', 'a blank line of the server’s own is its output');
    assert.deepEqual(sink.lines, [
      'warn Sandbox refused a write to /etc/hosts.d/x: it is outside the folders this server may write (sandbox.filesystem.allowWrite), or protected.',
      'warn Sandbox refused a write to /etc/other: it is outside the folders this server may write (sandbox.filesystem.allowWrite), or protected.',
    ]);
  });

  it('writes each refusal once per start, and a violation line it cannot read as it came', () => {
    const { monitor: m, sink } = monitor();
    const line = report({ kind: 'refused', line: 'deny network-outbound evil.test:443 (proxy)' });
    m.take(line);
    m.take(line);
    m.take(report({ kind: 'refused', line: 'deny network-outbound other.test:443 (proxy)' }));
    m.take(report({ kind: 'refused', line: 'something the runtime said' }));
    assert.deepEqual(sink.lines, [
      'warn Sandbox refused a connection to evil.test:443: the host is not in sandbox.network.allowedDomains.',
      'warn Sandbox refused a connection to other.test:443: the host is not in sandbox.network.allowedDomains.',
      'info Sandbox: something the runtime said',
    ]);
  });

  it('reads a refused read in the server’s own error text (a denied folder it names)', () => {
    const { monitor: m, sink } = monitor();
    assert.equal(m.take("Error: EACCES: permission denied, open '/home/u/.ssh/id_rsa'"), "Error: EACCES: permission denied, open '/home/u/.ssh/id_rsa'");
    assert.deepEqual(sink.lines, ['warn Sandbox refused a read of /home/u/.ssh/id_rsa: this server may not read there (sandbox.filesystem.denyRead).']);
  });

  it('keeps "cannot run here" and "settings refused" for the start’s error, and says when the install registry closed', () => {
    const { monitor: m, sink } = monitor();
    assert.equal(m.take(report({ kind: 'unavailable', missing: 'bubblewrap', fix: 'apt-get install bubblewrap' })), undefined);
    assert.deepEqual(m.unavailable, { missing: 'bubblewrap', fix: 'apt-get install bubblewrap' });
    assert.equal(m.invalid, undefined);
    m.take(report({ kind: 'invalid', message: 'allowWrite ../out leads out of the repository' }));
    assert.equal(m.invalid, 'allowWrite ../out leads out of the repository');
    m.take(report({ kind: 'installDone', domains: ['registry.npmjs.org', 'pypi.org'] }));
    assert.deepEqual(sink.lines, ['info Sandbox: the server has answered; registry.npmjs.org, pypi.org (allowed while it started, to download it) is no longer reachable.']);
  });

  it('ignores a mkdir refused on a folder that exists (mkdir -p walks existing folders), not on a new one', () => {
    const existing = mkdtempSync(join(tmpdir(), 'monitor-'));
    const { monitor: m, sink } = monitor();
    m.take(report({ kind: 'refused', line: `deny mkdirat ${existing}` }));
    m.take(report({ kind: 'refused', line: `deny mkdirat ${existing}/new` }));
    assert.deepEqual(sink.lines.map((l) => l.split(':')[0]), [`warn Sandbox refused a write to ${existing}/new`]);
    m.take(report({ kind: 'refused', line: `deny openat ${existing}` }));
    assert.equal(sink.lines.length, 2, 'another call on the existing folder is a refusal');
  });
});

describe('RefusalLog: what "Allow … for this server" offers', () => {
  it('keeps one entry per kind and target (the newest), per server, and forgets a server’s at its next start', () => {
    const log = new RefusalLog();
    const changes: string[] = [];
    log.onDidChange((server) => changes.push(server));
    const first = monitor(log).monitor;
    first.take(report({ kind: 'refused', line: 'deny network-outbound a.test:443 (x)' }));
    first.take(report({ kind: 'refused', line: 'deny openat /srv/a.test:443' }));
    log.add('files', { kind: 'connect', target: 'b.test:443' });
    log.add('files', { kind: 'connect', target: 'a.test:443' });
    log.add('other', { kind: 'connect', target: 'a.test:443' });
    log.add('other', { kind: 'write', target: 'a.test:443' });
    assert.deepEqual(log.of('files').map((r) => `${r.kind} ${r.target}`), ['write /srv/a.test:443', 'connect b.test:443', 'connect a.test:443']);
    assert.deepEqual(log.of('other').map((r) => `${r.kind} ${r.target}`), ['connect a.test:443', 'write a.test:443'], 'the same target refused two ways: both kept');
    assert.deepEqual(log.of('never-started'), []);
    changes.length = 0;
    monitor(log); // the next start of 'files'
    assert.deepEqual(log.of('files'), []);
    assert.deepEqual(log.of('other').length, 2);
    assert.deepEqual(changes, ['files'], 'the view is told once');
    log.clear('files');
    assert.deepEqual(changes, ['files'], 'nothing to forget: no change to tell');
  });

  it('keeps the newest 50 refusals of a server', () => {
    const log = new RefusalLog();
    for (let i = 1; i <= 60; i++) log.add('files', { kind: 'write', target: `/x/${i}` });
    const kept = log.of('files').map((r) => r.target);
    assert.equal(kept.length, 50);
    assert.equal(kept[0], '/x/11');
    assert.equal(kept.at(-1), '/x/60');
  });

  it('tells no one after it is disposed', () => {
    const log = new RefusalLog();
    const changes: string[] = [];
    log.onDidChange((server) => changes.push(server));
    log.dispose();
    log.add('files', { kind: 'write', target: '/x' });
    assert.deepEqual(changes, []);
  });
});
