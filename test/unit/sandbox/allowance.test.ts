// "Allow … for this server" (issue 28): a refusal becomes the setting that allows it, and a workspace's
// settings may hold only what a workspace may set (config/settingScopes.ts's sandbox rows).
import * as assert from 'node:assert/strict';
import { allowanceFor, refusedFor, withAllowance } from '../../../src/sandbox/allowance';

describe('Allow … for this server (issue 28)', () => {
  it('allows the folder of a refused write, the path of a refused read, the host:port of a refused connection', () => {
    assert.deepEqual(allowanceFor({ kind: 'write', target: '/data/out/report.csv' }), { key: 'filesystem.allowWrite', value: '/data/out', kind: 'write' });
    assert.deepEqual(allowanceFor({ kind: 'read', target: '/home/me/.aws/config' }), { key: 'filesystem.allowRead', value: '/home/me/.aws/config', kind: 'read' });
    assert.deepEqual(allowanceFor({ kind: 'connect', target: 'api.github.com:443' }), { key: 'network.allowedDomains', value: 'api.github.com:443', kind: 'connect' });
  });

  it('adds to the entry, keeping what is there, once', () => {
    const entry = { command: 'node', sandbox: { network: { allowedDomains: ['a.test'] }, filesystem: { denyRead: ['/x'] } } };
    const once = withAllowance(entry, { key: 'network.allowedDomains', value: 'b.test:443', kind: 'connect' });
    assert.deepEqual(once, { command: 'node', sandbox: { network: { allowedDomains: ['a.test', 'b.test:443'] }, filesystem: { denyRead: ['/x'] } } });
    assert.deepEqual(withAllowance(once, { key: 'network.allowedDomains', value: 'b.test:443', kind: 'connect' }), once);
    assert.deepEqual(withAllowance({ command: 'node' }, { key: 'filesystem.allowWrite', value: '/w/out', kind: 'write' }), { command: 'node', sandbox: { filesystem: { allowWrite: ['/w/out'] } } });
    assert.deepEqual(entry.sandbox.network.allowedDomains, ['a.test'], 'the original entry is left alone');
  });

  it('refuses for a workspace server what its settings may not hold; your own servers may have it', () => {
    const folders = ['/w'];
    assert.equal(refusedFor('workspace', { key: 'filesystem.allowWrite', value: '/w/out', kind: 'write' }, folders), undefined);
    assert.match(refusedFor('workspace', { key: 'filesystem.allowWrite', value: '/etc', kind: 'write' }, folders)!, /only inside the workspace folders/);
    assert.match(refusedFor('folder', { key: 'filesystem.allowRead', value: '/home/me/.ssh/id', kind: 'read' }, folders)!, /credential stores/);
    assert.match(refusedFor('workspace', { key: 'network.allowedDomains', value: 'localhost:6379', kind: 'connect' }, folders)!, /this machine/);
    assert.match(refusedFor('workspace', { key: 'network.allowedDomains', value: '10.1.2.3:80', kind: 'connect' }, folders)!, /this machine/);
    assert.equal(refusedFor('workspace', { key: 'network.allowedDomains', value: 'api.github.com:443', kind: 'connect' }, folders), undefined);
    for (const key of ['filesystem.allowWrite', 'filesystem.allowRead', 'network.allowedDomains'] as const) assert.equal(refusedFor('user', { key, value: '/etc', kind: 'write' }, folders), undefined);
  });
});
