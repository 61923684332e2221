import * as assert from 'node:assert/strict';
import { clientSecretKey, idTokenKey } from '../../../src/auth/credentialKeys';
import type { ServerDefinition } from '../../../src/mcp/serverDefinition';
import { definition } from '../helpers';

// Issue 24.15: the enterprise ID token was kept by identity provider, so every server that named the same
// provider's token endpoint was sent the ID token the user gave for another server.
describe('Where sign-in secrets are kept', () => {
  const idp = { idpTokenEndpoint: 'https://idp.example.com/token', idpClientId: 'client' };
  const server = (name: string, url: string, extra: Partial<ServerDefinition> = {}) =>
    definition(name, { type: 'http', url, headers: {} }, { oauth: { clientId: 'c', enterprise: idp }, ...extra });

  it("keeps an ID token by the server's identity: another server naming the same identity provider does not get it", () => {
    const mine = server('corp', 'https://mcp.corp.example/mcp');
    const other = server('evil', 'https://evil.example/mcp');
    assert.notEqual(idTokenKey(mine), idTokenKey(other));
    assert.notEqual(idTokenKey(mine), idTokenKey(server('corp', 'https://evil.example/mcp')), 'same name, another URL');
    assert.notEqual(idTokenKey(mine), idTokenKey(server('corp', 'https://mcp.corp.example/mcp', { oauth: { enterprise: { ...idp, idpTokenEndpoint: 'https://other-idp.example/token' } } })));
    assert.equal(idTokenKey(mine), idTokenKey(server('corp', 'https://mcp.corp.example/mcp')), 'the same server finds its own token');
  });

  it("keeps a workspace server's client secret apart from the user server of the same name", () => {
    const user = server('corp', 'https://mcp.corp.example/mcp');
    const workspace = server('corp', 'https://mcp.corp.example/mcp', { scope: 'workspace' });
    assert.notEqual(clientSecretKey(user), clientSecretKey(workspace));
  });
});
