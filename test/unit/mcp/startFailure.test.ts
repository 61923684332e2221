// What the user reads when an HTTP server cannot be reached: the network's own reason in words, found
// however deep fetch and the SDK wrapped it, and the class that decides whether the client retries.
// Refused connections are tested against a real closed port (http.test.ts); the other network failures
// cannot be produced on 127.0.0.1, so they are built here the way fetch reports them.
import * as assert from 'node:assert/strict';
import { classifyStartFailure, isUnreachable, networkReason } from '../../../src/mcp/startFailure';

/** fetch's failure: TypeError('fetch failed') caused by the socket's error, which carries the code. */
const fetchFailure = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ${code}`), { code }) });
const context = { timedOut: false, startTimeoutMs: 30_000, url: 'https://mcp.example.com/mcp' };

describe('start failures: unreachable servers', () => {
  const reasons: [string, string][] = [
    ['ECONNREFUSED', 'connection refused'],
    ['ECONNRESET', 'connection reset'],
    ['ENOTFOUND', 'host not found'],
    ['EHOSTUNREACH', 'host unreachable'],
    ['UND_ERR_SOCKET', 'connection lost'],
    ['UND_ERR_CONNECT_TIMEOUT', 'connection timed out'],
  ];
  for (const [code, words] of reasons) {
    it(`says "${words}" for ${code}, and retries`, () => {
      const failure = classifyStartFailure(fetchFailure(code), context);
      assert.equal(failure.message, `Cannot reach https://mcp.example.com/mcp: ${words}.`);
      assert.equal(failure.kind, 'unreachable');
      assert.equal(failure.retryable, true);
    });
  }

  it('finds the code under the SDK\'s own wrapping, up to four levels deep', () => {
    const wrapped = new Error('Version negotiation probe failed: fetch failed', { cause: new Error('outer', { cause: fetchFailure('ENOTFOUND') }) });
    assert.equal(networkReason(wrapped), 'host not found');
    assert.equal(isUnreachable(wrapped), true);
    const tooDeep = new Error('a', { cause: wrapped });
    assert.equal(isUnreachable(tooDeep), false, 'five levels: not looked for');
  });

  it('leaves other errors as they are: not called unreachable, their own message kept', () => {
    const other = new TypeError('fetch failed', { cause: Object.assign(new Error('bad port'), { code: 'ERR_BAD_PORT' }) });
    assert.equal(isUnreachable(other), false);
    assert.equal(networkReason(other), 'fetch failed');
    assert.equal(classifyStartFailure(other, context).kind, 'other');
  });

  it('without a URL names "the server"', () => {
    assert.equal(classifyStartFailure(fetchFailure('ECONNRESET'), { timedOut: false, startTimeoutMs: 1000 }).message, 'Cannot reach the server: connection reset.');
  });
});
