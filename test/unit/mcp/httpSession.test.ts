// How a failed request is read (src/mcp/httpSession.ts): whether the Streamable HTTP server lost our
// session, so that the client starts a new one instead of failing every request until a restart, and
// whether the request got an answer at all, so that only an unanswered one is explained with what the
// connection reported. The session tests (http.test.ts, httpRecovery.test.ts) show both end to end; these
// pin each rule with the errors the SDK throws.
import * as assert from 'node:assert/strict';
import { SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import type { Connection } from '../../../src/mcp/connection';
import { isSessionGone, unanswered } from '../../../src/mcp/httpSession';

/** What isSessionGone reads of a connection: its kind and the session id the server gave. */
const connection = (transportKind: 'http' | 'sse' | 'stdio', sessionId?: string) => ({ transportKind, transport: { sessionId } }) as unknown as Connection;
const http = (status: number, message: string) => new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, message, { status });

describe('reading request failures: a lost HTTP session', () => {
  it('takes a 404 to a request with a session id as the session being gone', () => {
    assert.equal(isSessionGone(http(404, 'Not Found'), connection('http', 'abc')), true);
  });

  it('takes the 400 "No valid session ID provided" of copied server code the same way, in any case', () => {
    assert.equal(isSessionGone(http(400, 'Bad Request: No valid session ID provided'), connection('http', 'abc')), true);
    assert.equal(isSessionGone(http(400, 'SESSION expired'), connection('http', 'abc')), true);
  });

  it('does not take another 400, or another status, as a lost session', () => {
    assert.equal(isSessionGone(http(400, 'Bad Request: invalid params'), connection('http', 'abc')), false);
    assert.equal(isSessionGone(http(401, 'session token expired'), connection('http', 'abc')), false);
    assert.equal(isSessionGone(http(500, 'Internal Server Error'), connection('http', 'abc')), false);
  });

  it('does not read a 404 as a lost session when the server never gave one (a wrong URL), or on another transport', () => {
    assert.equal(isSessionGone(http(404, 'Not Found'), connection('http')), false);
    assert.equal(isSessionGone(http(404, 'Not Found'), connection('sse', 'abc')), false);
    assert.equal(isSessionGone(http(404, 'Not Found'), connection('stdio', 'abc')), false);
  });

  it('needs the HTTP error itself, not any error that says 404', () => {
    assert.equal(isSessionGone(Object.assign(new Error('session 404'), { status: 404 }), connection('http', 'abc')), false);
  });
});

describe('reading request failures: unanswered requests', () => {
  it('calls a timeout unanswered, but not a cancelled request', () => {
    assert.equal(unanswered(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out')), true);
    assert.equal(unanswered(new SdkError(SdkErrorCode.RequestTimeout, 'AbortError: This operation was aborted')), false);
    assert.equal(unanswered(new SdkError(SdkErrorCode.RequestTimeout, 'The operation was aborted')), false);
  });

  it('calls a closed, unsendable or unconnected request unanswered, and other SDK errors answered', () => {
    for (const code of [SdkErrorCode.ConnectionClosed, SdkErrorCode.SendFailed, SdkErrorCode.NotConnected]) assert.equal(unanswered(new SdkError(code, 'x')), true, code);
    for (const code of [SdkErrorCode.InvalidResult, SdkErrorCode.CapabilityNotSupported]) assert.equal(unanswered(new SdkError(code, 'x')), false, code);
  });

  it('calls an HTTP answer answered (even a timeout status), and a failed fetch (TypeError) unanswered', () => {
    assert.equal(unanswered(http(504, 'Gateway Timeout')), false);
    assert.equal(unanswered(new TypeError('fetch failed')), true);
    assert.equal(unanswered(new Error('the server said no')), false);
  });
});
