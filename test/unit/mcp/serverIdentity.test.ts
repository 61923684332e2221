// The identity standing permissions are stored under ("Always Allow", sampling permission, a task's
// owner): pinned, since a change would silently drop every approval a user gave, and sensitive to
// everything that decides which program runs or where it connects, and to nothing else.
import * as assert from 'node:assert/strict';
import type { ServerDefinition } from '../../../src/mcp/serverDefinition';
import { endpointKey, grantKey, shadowsUserServer } from '../../../src/mcp/serverIdentity';
import { definition } from '../helpers';

const local = definition('files', { type: 'stdio', command: 'node', args: ['s.js'], env: { A: '1' } }, { scope: 'workspace' });

describe('server identity for grants', () => {
  it('keeps the keys that stored approvals are found by', () => {
    assert.equal(endpointKey(local), 'workspace::files#daba313f606bfdb9');
    assert.equal(endpointKey({ ...local, scope: 'folder', folder: 'app', transport: { ...local.transport, cwd: '/srv' } as ServerDefinition['transport'] }), 'folder:app:files#5011de4d5c025b3d');
    assert.equal(endpointKey({ ...local, transport: { type: 'http', url: 'https://a.example/mcp', headers: {} } }), 'workspace::files#adec1694242378ce');
    assert.equal(grantKey({ ...local, scope: 'user' }), 'files', "the user's own servers: by name");
    assert.equal(grantKey(local), 'workspace::files#daba313f606bfdb9');
  });

  it('changes with the working folder, command, arguments or URL, not with the environment or headers', () => {
    const withCwd = (cwd: string) => endpointKey({ ...local, transport: { ...local.transport, cwd } as ServerDefinition['transport'] });
    assert.notEqual(withCwd('/a'), withCwd('/b'));
    assert.notEqual(endpointKey({ ...local, transport: { ...local.transport, args: ['t.js'] } as ServerDefinition['transport'] }), endpointKey(local));
    assert.equal(endpointKey({ ...local, transport: { ...local.transport, env: { A: '2' } } as ServerDefinition['transport'] }), endpointKey(local));
    const http = (url: string, headers: Record<string, string> = {}) => endpointKey({ ...local, transport: { type: 'http', url, headers } });
    assert.notEqual(http('https://a.example/mcp'), http('https://b.example/mcp'));
    assert.equal(http('https://a.example/mcp', { Authorization: 'x' }), http('https://a.example/mcp'));
    assert.notEqual(endpointKey({ ...local, transport: { type: 'sse', url: 'https://a.example/mcp', headers: {} } }), http('https://a.example/mcp'));
  });

  it("tells a repository server that takes a user server's name", () => {
    assert.equal(shadowsUserServer(local, ['files']), true);
    assert.equal(shadowsUserServer(local, ['other']), false);
    assert.equal(shadowsUserServer({ ...local, scope: 'user' }, ['files']), false);
  });
});
