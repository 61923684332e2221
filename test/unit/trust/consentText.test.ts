// What the consent question says about a workspace server, as the person deciding reads it: the exact
// command line (quoted as a shell would need it, so an argument cannot pass for two), where it is
// defined, the names of its environment variables and headers, and never their values or URL secrets.
import * as assert from 'node:assert/strict';
import type { ServerDefinition } from '../../../src/mcp/serverDefinition';
import { summarize } from '../../../src/trust/consentText';
import { definition } from '../helpers';

const labels = { workspace: 'workspace settings', folder: (name: string) => `settings of folder '${name}'` };

describe('the consent question', () => {
  it('shows the exact command line, quoting what a shell would split or expand', () => {
    const d = definition('repo', { type: 'stdio', command: 'node', args: ['server.js', '--dir', 'my files', "it's", '$HOME', 'a;b', '', '@scope/pkg@1.2', 'k=v,w:x/y~z%+-'], env: {} }, { scope: 'workspace' });
    assert.equal(summarize(d, labels).runs, `node server.js --dir 'my files' 'it'\\''s' '$HOME' 'a;b' '' @scope/pkg@1.2 k=v,w:x/y~z%+-`);
  });

  it('says where the server is defined, and its working folder and environment variable names, not their values', () => {
    const d = definition('repo', { type: 'stdio', command: 'python', args: [], env: { API_KEY: 'sk-secret', DEBUG: '1' }, cwd: '/srv/app' }, { scope: 'folder', folder: 'app' });
    assert.deepEqual(summarize(d, labels), { name: 'repo', where: "settings of folder 'app'", runs: 'python', facts: ['cwd: /srv/app', 'env: API_KEY, DEBUG'] });
    const bare = definition('bare', { type: 'stdio', command: 'tool', args: [], env: {} }, { scope: 'workspace' });
    assert.deepEqual(summarize(bare, labels), { name: 'bare', where: 'workspace settings', runs: 'tool', facts: [] });
    assert.equal(summarize({ ...bare, scope: 'folder' } as ServerDefinition, labels).where, "settings of folder ''");
  });

  it('shows an HTTP server by its URL without secrets, its host, and its header names only', () => {
    const d = definition('remote', { type: 'http', url: 'https://user:pw@mcp.example.com:8443/mcp?token=abc', headers: { Authorization: 'Bearer sk-secret', 'X-Team': 'a' } }, { scope: 'workspace' });
    assert.deepEqual(summarize(d, labels), {
      name: 'remote',
      where: 'workspace settings',
      runs: 'https://mcp.example.com:8443/mcp?… (HTTP)',
      facts: ['host: mcp.example.com:8443', 'headers: Authorization, X-Team'],
    });
    const sse = definition('legacy', { type: 'sse', url: 'https://old.example.com/sse', headers: {} }, { scope: 'workspace' });
    assert.deepEqual(summarize(sse, labels).runs, 'https://old.example.com/sse (HTTP+SSE)');
    assert.deepEqual(summarize(sse, labels).facts, ['host: old.example.com', 'no headers']);
  });
});
