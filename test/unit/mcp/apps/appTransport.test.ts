// The transport between an app's bridge and the app in its webview: what the page says before the
// bridge starts is kept and delivered in order, anything that is not JSON-RPC is refused with a reason
// and never reaches the bridge, and nothing goes either way once the app is closed.
import * as assert from 'node:assert/strict';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { AppPortTransport, type AppMessagePort } from '../../../../src/mcp/apps/appTransport';

/** The webview side: what the page posts, and whether a post reaches it. */
function page() {
  const listeners = new Set<(message: unknown) => void>();
  const posted: JSONRPCMessage[] = [];
  let reachable = true;
  const port: AppMessagePort = {
    post: async (message) => (posted.push(message), reachable),
    onMessage: (listener) => (listeners.add(listener), { dispose: () => listeners.delete(listener) }),
  };
  return {
    port,
    posted,
    say: (message: unknown) => listeners.forEach((l) => l(message)),
    listening: () => listeners.size,
    hide: () => (reachable = false),
  };
}
const ping = (id: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, method: 'ping' });

describe('MCP Apps: the app transport', () => {
  it('keeps what the page says before start, delivers it in order on start, then as it comes', async () => {
    const p = page();
    const transport = new AppPortTransport(p.port);
    const received: JSONRPCMessage[] = [];
    transport.onmessage = (m) => void received.push(m);
    p.say(ping(1));
    p.say(ping(2));
    assert.deepEqual(received, [], 'nothing before start');
    await transport.start();
    assert.deepEqual(received, [ping(1), ping(2)]);
    p.say(ping(3));
    assert.deepEqual(received, [ping(1), ping(2), ping(3)]);
    await transport.start();
    assert.equal(received.length, 3, 'a second start delivers nothing twice');
  });

  it('refuses what is not JSON-RPC, with a reason, and goes on with the next message', async () => {
    const p = page();
    const transport = new AppPortTransport(p.port);
    const received: JSONRPCMessage[] = [];
    const errors: string[] = [];
    transport.onmessage = (m) => void received.push(m);
    transport.onerror = (e) => void errors.push(e.message);
    await transport.start();
    p.say({ hello: 'world' });
    p.say('<script>');
    p.say(ping(4));
    assert.deepEqual(received, [ping(4)]);
    assert.equal(errors.length, 2);
    assert.match(errors[0]!, /^The app sent a message that is not JSON-RPC: ./);
  });

  it('does not fail without handlers', async () => {
    const p = page();
    const transport = new AppPortTransport(p.port);
    await transport.start();
    p.say(ping(1));
    p.say({ nope: true });
    await transport.close();
  });

  it('sends to the page, and says so when the view cannot take it', async () => {
    const p = page();
    const transport = new AppPortTransport(p.port);
    await transport.send(ping(5));
    assert.deepEqual(p.posted, [ping(5)]);
    p.hide();
    await assert.rejects(transport.send(ping(6)), /^Error: The app view is not available\.$/);
  });

  it('once closed, stops listening, sends and delivers nothing, and reports the close once', async () => {
    const p = page();
    const transport = new AppPortTransport(p.port);
    const received: JSONRPCMessage[] = [];
    let closes = 0;
    transport.onmessage = (m) => void received.push(m);
    transport.onclose = () => void closes++;
    await transport.start();
    await transport.close();
    assert.equal(p.listening(), 0, 'the page subscription is disposed');
    p.say(ping(7));
    assert.deepEqual(received, []);
    await assert.rejects(transport.send(ping(8)), /^Error: The app has been closed\.$/);
    assert.deepEqual(p.posted, [], 'nothing reached the page');
    await transport.close();
    assert.equal(closes, 1);
  });

  it('drops messages kept from before start when it is closed first', async () => {
    const p = page();
    const transport = new AppPortTransport(p.port);
    const received: JSONRPCMessage[] = [];
    transport.onmessage = (m) => void received.push(m);
    p.say(ping(1));
    await transport.close();
    await transport.start();
    assert.deepEqual(received, []);
  });

  it('closes without an onclose handler', async () => {
    const transport = new AppPortTransport(page().port);
    await transport.close();
  });
});
