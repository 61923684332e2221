// More of what someone editing settings.json reads for a wrong server entry: the path of a nested
// setting, the wording for each transport, suggestions only among keys that entry could use, and the
// https-only OAuth addresses.
import * as assert from 'node:assert/strict';
import { parseServerEntry, validateServerName } from '../../../src/config/serverSchema';

function errorsOf(name: string, raw: unknown): string[] {
  const result = parseServerEntry(name, raw);
  assert.equal(result.ok, false, 'expected the entry to be rejected');
  return result.ok ? [] : result.errors;
}

describe('server entry messages', () => {
  it('tells a command or url of the wrong type from a missing one', () => {
    assert.deepEqual(errorsOf('s', { type: 'stdio', command: 7 }), ['mcpClient.servers.s.command: must be a string']);
    assert.deepEqual(errorsOf('s', { type: 'http', url: ['https://a.example'] }), ['mcpClient.servers.s.url: must be a string']);
  });

  it('names every level of a nested setting', () => {
    assert.deepEqual(errorsOf('s', { url: 'https://a.example', oauth: { scopes: ['read', 2] } }), ['mcpClient.servers.s.oauth.scopes[1]: must be a string']);
    assert.deepEqual(errorsOf('s', { url: 'https://a.example', oauth: { clientID: 'x' } }), ['mcpClient.servers.s.oauth.clientID: unknown setting']);
  });

  it('accepts OAuth addresses only over https', () => {
    for (const key of ['clientMetadataUrl'] as const) {
      assert.deepEqual(errorsOf('s', { url: 'https://a.example', oauth: { [key]: 'http://a.example/client.json' } }), [`mcpClient.servers.s.oauth.${key}: must be an https URL`]);
      assert.deepEqual(errorsOf('s', { url: 'https://a.example', oauth: { [key]: 'https://' } }), [`mcpClient.servers.s.oauth.${key}: must be an https URL`], 'the prefix alone is no URL');
      assert.deepEqual(errorsOf('s', { url: 'https://a.example', oauth: { [key]: 'ftp://https://a' } }), [`mcpClient.servers.s.oauth.${key}: must be an https URL`]);
      assert.equal(parseServerEntry('s', { url: 'https://a.example', oauth: { [key]: 'https://a.example/client.json' } }).ok, true);
    }
    assert.deepEqual(errorsOf('s', { url: 'https://a.example', oauth: { enterprise: { idpTokenEndpoint: 'http://idp.example/token', idpClientId: 'c' } } }), [
      'mcpClient.servers.s.oauth.enterprise.idpTokenEndpoint: must be an https URL',
    ]);
    assert.equal(parseServerEntry('s', { url: 'https://a.example', oauth: { enterprise: { idpTokenEndpoint: 'https://idp.example/token', idpClientId: 'c' } } }).ok, true);
  });

  it('says which transport a key does not belong to, in its own words', () => {
    assert.deepEqual(errorsOf('web', { url: 'https://a.example', args: [] }), ['mcpClient.servers.web.args: not used by an http server']);
    assert.deepEqual(errorsOf('web', { type: 'http', url: 'https://a.example', cwd: '/x' }), ['mcpClient.servers.web.cwd: not used by an http server']);
  });

  it("suggests only keys the entry's transport has", () => {
    assert.deepEqual(errorsOf('web', { url: 'https://a.example', heders: {} }), ['mcpClient.servers.web.heders: unknown setting (did you mean "headers"?)']);
    assert.deepEqual(errorsOf('fs', { command: 'node', argz: [] }), ['mcpClient.servers.fs.argz: unknown setting (did you mean "args"?)']);
    assert.deepEqual(errorsOf('web', { url: 'https://a.example', argz: [] }), ['mcpClient.servers.web.argz: unknown setting'], 'args is a stdio key: not suggested to an http server');
  });

  it('refuses a name of spaces only', () => {
    assert.deepEqual(validateServerName('   '), ['a server name must not be empty']);
    assert.deepEqual(validateServerName(' a '), []);
  });
});

describe('server settings: unknown keys deep inside', () => {
  it('names the full path of an unknown key two objects deep', () => {
    assert.deepEqual(parseServerEntry('s', { command: 'x', dev: { debug: { type: 'node', bogus: 1 } } }), { ok: false, errors: ['mcpClient.servers.s.dev.debug.bogus: unknown setting'] });
  });
});
