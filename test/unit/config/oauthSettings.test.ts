// The per-server `oauth` settings: validated with setting paths, carried into the server definition
// (a change restarts the server), and not allowed on stdio servers.
import * as assert from 'node:assert/strict';
import { resolveServers } from '../../../src/config/resolveServers';
import { parseServerEntry } from '../../../src/config/serverSchema';
import { definitionKey } from '../../../src/mcp/serverDefinition';

const ctx = { workspaceFolders: [], userHome: '/home/u', env: {} };

describe('oauth settings', () => {
  it('accepts a pre-registered client, a metadata document URL, scopes and the issuer opt-in', () => {
    const oauth = { clientId: 'abc', clientMetadataUrl: 'https://example.com/client.json', scopes: ['read', 'write'], allowIssuerMismatch: true };
    const [server] = resolveServers([{ scope: 'user', servers: { api: { url: 'https://example.com/mcp', oauth } } }], ctx);
    assert.deepEqual(server!.definition?.oauth, oauth);
  });

  it('names the setting path of a mistake', () => {
    const bad = parseServerEntry('api', { url: 'https://x/mcp', oauth: { clientID: 'abc', clientMetadataUrl: 'http://x/c.json', scopes: 'read' } });
    assert.deepEqual(bad.ok ? [] : bad.errors.sort(), [
      'mcpClient.servers.api.oauth.clientID: unknown setting',
      'mcpClient.servers.api.oauth.clientMetadataUrl: must be an https URL',
      'mcpClient.servers.api.oauth.scopes: must be a list of strings',
    ]);
    const stdio = parseServerEntry('local', { command: 'node', oauth: {} });
    assert.deepEqual(stdio.ok ? [] : stdio.errors, ['mcpClient.servers.local.oauth: not used by a stdio server']);
  });

  it('a change of the oauth settings changes the definition key (the server restarts)', () => {
    const a = resolveServers([{ scope: 'user', servers: { api: { url: 'https://x/mcp' } } }], ctx)[0]!.definition!;
    const b = resolveServers([{ scope: 'user', servers: { api: { url: 'https://x/mcp', oauth: { clientId: 'c' } } } }], ctx)[0]!.definition!;
    assert.notEqual(definitionKey(a), definitionKey(b));
  });
});
