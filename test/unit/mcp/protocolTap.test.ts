// What the workbench's Protocol view is handed (protocolTap.ts), without a server: every message and stderr
// line behind the session's mask, each HTTP exchange with its method, status, content type, the ids it carried
// and only the headers a server author reads (credentials masked), and nothing at all but a count while
// nobody records. A failing view never breaks the connection.
import * as assert from 'node:assert/strict';
import type { FetchLike, JSONRPCMessage } from '@modelcontextprotocol/client';
import { maskedTap, tapFetch, tapMessage, type HttpExchange, type ProtocolTap } from '../../../src/mcp/protocolTap';

class RecordingTap implements ProtocolTap {
  recording = true;
  skips = 0;
  readonly seen: unknown[] = [];
  skipped() {
    this.skips++;
  }
  message(direction: string, message: JSONRPCMessage, text: string) {
    this.seen.push({ direction, message, text });
  }
  stderr(line: string) {
    this.seen.push({ stderr: line });
  }
  stdout(line: string) {
    this.seen.push({ stdout: line });
  }
  readonly exchanges: HttpExchange[] = [];
  http(exchange: HttpExchange) {
    this.exchanges.push(exchange);
    this.seen.push({ ...exchange, durationMs: typeof exchange.durationMs });
  }
  note(text: string) {
    this.seen.push({ note: text });
  }
}

const mask = (text: string) => text.replaceAll('s3cret', '***').replaceAll('42', '***');
const ping: JSONRPCMessage = { jsonrpc: '2.0', id: 1, method: 'ping' };

describe('the protocol tap (what the Protocol view records)', () => {
  it('hands on a message behind the mask: as it was when nothing is secret, as masked JSON, or as text when masking broke the JSON', () => {
    const tap = new RecordingTap();
    const masked = maskedTap(tap, mask);
    tapMessage(masked, 'out', ping);
    tapMessage(masked, 'in', { jsonrpc: '2.0', id: 2, result: { token: 's3cret' } });
    tapMessage(masked, 'in', { jsonrpc: '2.0', id: 42, result: {} });
    assert.equal((tap.seen[0] as { message: unknown }).message, ping, 'nothing to mask: the message itself, not a copy');
    assert.deepEqual(tap.seen, [
      { direction: 'out', message: ping, text: '{"jsonrpc":"2.0","id":1,"method":"ping"}' },
      { direction: 'in', message: { jsonrpc: '2.0', id: 2, result: { token: '***' } }, text: '{"jsonrpc":"2.0","id":2,"result":{"token":"***"}}' },
      { direction: 'in', message: '{"jsonrpc":"2.0","id":***,"result":{}}', text: '{"jsonrpc":"2.0","id":***,"result":{}}' },
    ]);
  });

  it('masks stderr lines, stdout lines, notes, and an exchange’s address and error', () => {
    const tap = new RecordingTap();
    const masked = maskedTap(tap, mask);
    masked.stderr('token s3cret');
    masked.stdout('printed s3cret');
    masked.note('connection opened with s3cret');
    masked.http({ method: 'POST', url: 'https://h/s3cret', requestHeaders: {}, responseHeaders: {}, ids: [], error: 'fetch s3cret failed', durationMs: 1 });
    masked.http({ method: 'GET', url: 'https://h/', requestHeaders: {}, responseHeaders: {}, ids: [], durationMs: 1 });
    assert.deepEqual(tap.seen, [
      { stderr: 'token ***' },
      { stdout: 'printed ***' },
      { note: 'connection opened with ***' },
      { method: 'POST', url: 'https://h/***', requestHeaders: {}, responseHeaders: {}, ids: [], error: 'fetch *** failed', durationMs: 'number' },
      { method: 'GET', url: 'https://h/', requestHeaders: {}, responseHeaders: {}, ids: [], error: undefined, durationMs: 'number' },
    ]);
    tap.recording = false;
    assert.equal(masked.recording, false, 'the mask reads the tap’s own switch');
    masked.skipped();
    assert.equal(tap.skips, 1);
  });

  it('only counts while nobody records, and never throws into the connection', () => {
    const tap = new RecordingTap();
    tap.recording = false;
    tapMessage(tap, 'out', ping);
    assert.equal(tap.skips, 1);
    assert.deepEqual(tap.seen, []);
    tapMessage(undefined, 'out', ping);
    const failing = Object.assign(new RecordingTap(), { message: () => { throw new Error('view gone'); } });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      assert.doesNotThrow(() => tapMessage(failing, 'in', ping));
    } finally {
      console.error = original;
    }
    assert.equal((errors[0] as unknown[])[0], 'MCP Client: the protocol tap failed');
  });

  describe('tapFetch: each HTTP exchange of the transport', () => {
    const answer = (status: number, headers: Record<string, string>) => async () => new Response(null, { status, headers });

    it('records method, address without secrets, status, content type, the ids sent, and the headers an author reads, masked', async () => {
      const tap = new RecordingTap();
      const fetch = tapFetch(tap, answer(202, { 'content-type': 'text/event-stream', 'mcp-session-id': 'abc', 'www-authenticate': 'Bearer realm="x"', 'set-cookie': 'c=1', server: 'x' }));
      const body = JSON.stringify([ping, { jsonrpc: '2.0', id: 'two', method: 'tools/list' }, { jsonrpc: '2.0', method: 'notifications/initialized' }]);
      const before = performance.now();
      const response = await fetch('https://user:pw@example.test/mcp?key=s3cret', { method: 'POST', body, headers: { authorization: 'Bearer s3cret-token-123456', 'mcp-protocol-version': '2025-11-25', accept: 'application/json' } });
      const took = performance.now() - before;
      assert.equal(response.status, 202);
      const [exchange] = (tap as unknown as { exchanges: HttpExchange[] }).exchanges;
      assert.ok(exchange!.durationMs >= 0 && exchange!.durationMs <= took, `the request's own duration (${exchange!.durationMs} of ${took} ms)`);
      assert.equal(exchange!.method, 'POST');
      assert.equal(exchange!.url, 'https://example.test/mcp?…');
      assert.equal(exchange!.status, 202);
      assert.equal(exchange!.contentType, 'text/event-stream');
      assert.deepEqual(exchange!.ids, [1, 'two']);
      assert.deepEqual(Object.keys(exchange!.requestHeaders).sort(), ['authorization', 'mcp-protocol-version']);
      assert.equal(exchange!.requestHeaders['mcp-protocol-version'], '2025-11-25');
      assert.doesNotMatch(exchange!.requestHeaders.authorization!, /s3cret-token-123456/);
      assert.deepEqual(Object.keys(exchange!.responseHeaders).sort(), ['mcp-session-id', 'www-authenticate']);
      assert.equal(exchange!.error, undefined);
    });

    it('records a GET with no body or content type, a body that is not JSON, a single message, and a Request', async () => {
      const tap = new RecordingTap();
      const fetch = tapFetch(tap, answer(405, {}));
      await fetch('https://example.test/mcp');
      await fetch('https://example.test/mcp', { method: 'POST', body: 'not json' });
      await fetch('https://example.test/mcp', { method: 'POST', body: JSON.stringify(ping) });
      await fetch('https://example.test/mcp', { method: 'POST', body: JSON.stringify([null, 7, ping]) });
      await fetch('https://example.test/mcp', { method: 'POST', body: new TextEncoder().encode(JSON.stringify(ping)) });
      await fetch(new Request('https://example.test/other') as unknown as URL, { method: 'DELETE' });
      const seen = tap.seen as HttpExchange[];
      assert.deepEqual(seen.map((e) => [e.method, e.url, e.status, e.contentType, e.ids]), [
        ['GET', 'https://example.test/mcp', 405, undefined, []],
        ['POST', 'https://example.test/mcp', 405, undefined, []],
        ['POST', 'https://example.test/mcp', 405, undefined, [1]],
        ['POST', 'https://example.test/mcp', 405, undefined, [1]],
        ['POST', 'https://example.test/mcp', 405, undefined, []],
        ['DELETE', 'https://example.test/other', 405, undefined, []],
      ]);
    });

    it('records a network failure and still fails the request', async () => {
      const tap = new RecordingTap();
      const fetch = tapFetch(tap, (async () => {
        throw new Error('connect ECONNREFUSED');
      }) as FetchLike);
      const before = performance.now();
      await assert.rejects(fetch('https://example.test/mcp', { method: 'POST' }), /ECONNREFUSED/);
      const took = performance.now() - before;
      assert.ok(tap.exchanges[0]!.durationMs >= 0 && tap.exchanges[0]!.durationMs <= took, 'the failed request’s own duration');
      assert.deepEqual(tap.seen, [{ method: 'POST', url: 'https://example.test/mcp', requestHeaders: {}, responseHeaders: {}, ids: [], error: 'connect ECONNREFUSED', durationMs: 'number' }]);
    });

    it('adds nothing while nobody records', async () => {
      const tap = new RecordingTap();
      tap.recording = false;
      let calls = 0;
      const fetch = tapFetch(tap, (async () => (calls++, new Response('{}'))) as FetchLike);
      await fetch('https://example.test/mcp');
      assert.equal(calls, 1);
      assert.deepEqual(tap.seen, []);
    });
  });
});
