// The redirect URI's rules: the address the browser reaches (asExternalUri), kept as registered while
// it works, replaced (with a new registration) when a sign-in finds its port taken or the address moved.
import * as assert from 'node:assert/strict';
import { RedirectTarget, type RegisteredClient } from '../../../src/auth/redirectTarget';

const proxied = async (loopback: string) => loopback.replace(/^http:\/\/127\.0\.0\.1:(\d+)\//, 'https://ide.example/proxy/$1/');

describe('redirect URI (remote-safe, registered)', () => {
  it("a new registration uses the browser's address of a free port; the listener stays on 127.0.0.1", async () => {
    const target = new RedirectTarget({ pickPort: async () => 40001, externalUri: proxied });
    assert.equal(await target.settle(undefined, true), true);
    assert.equal(target.uri, 'https://ide.example/proxy/40001/callback');
    assert.equal(target.localUri, 'http://127.0.0.1:40001/callback');
  });

  it('keeps a registration whose port is free and whose address is unchanged', async () => {
    const stored: RegisteredClient = { client_id: 'c', redirect_uris: ['https://ide.example/proxy/40002/callback'], redirect_port: 40002 };
    const target = new RedirectTarget({ pickPort: async () => 40009, portFree: async () => true, externalUri: proxied });
    assert.equal(await target.settle(stored, true), true);
    assert.equal(target.localUri, 'http://127.0.0.1:40002/callback');
  });

  it('at sign-in, a busy port or a moved address makes the registration unusable (a new one follows)', async () => {
    const stored: RegisteredClient = { client_id: 'c', redirect_uris: ['http://127.0.0.1:40003/callback'] };
    const busy = new RedirectTarget({ pickPort: async () => 40010, portFree: async (p) => p !== 40003 });
    assert.equal(await busy.settle(stored, true), false);
    assert.equal(busy.uri, 'http://127.0.0.1:40010/callback');
    const moved = new RedirectTarget({ pickPort: async () => 40011, portFree: async () => true, externalUri: proxied });
    assert.equal(await moved.settle(stored, true), false);
    assert.equal(moved.uri, 'https://ide.example/proxy/40011/callback');
  });

  it('in the background (no browser to open) the stored registration stands, busy port or not', async () => {
    const stored: RegisteredClient = { client_id: 'c', redirect_uris: ['http://127.0.0.1:40004/callback'] };
    const target = new RedirectTarget({ pickPort: async () => 40012, portFree: async () => false });
    assert.equal(await target.settle(stored, false), true);
    assert.equal(target.uri, 'http://127.0.0.1:40004/callback');
  });

  it("a client registered in advance keeps its fixed port, at the browser's address", async () => {
    const target = new RedirectTarget({ fixedPort: 33418, externalUri: proxied });
    assert.equal(await target.settle({ client_id: 'pre' }, true), true);
    assert.equal(target.uri, 'https://ide.example/proxy/33418/callback');
  });
});
