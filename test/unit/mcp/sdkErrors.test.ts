// The one line a user reads for what went wrong, from whatever the SDK, Node or a server threw.
import * as assert from 'node:assert/strict';
import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { describeError, isAuthorizationRequired, isMcpClientError, isPermanentStartFailure, McpClientError } from '../../../src/mcp/errors';
import { describeSdkError } from '../../../src/mcp/sdkErrors';

const http = (status: number, statusText: string | undefined, text?: string) =>
  new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `Error POSTing to endpoint: ${text ?? ''}`, { status, ...(statusText ? { statusText } : {}), ...(text !== undefined ? { text } : {}) });

describe('error lines', () => {
  it("reads an HTTP error's JSON-RPC message instead of the SDK's raw text", () => {
    assert.equal(describeSdkError(http(404, 'Not Found', '{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"}}')), 'HTTP 404 Not Found: Session not found');
    assert.equal(describeSdkError(http(400, undefined, '  {"error":{"message":"Bad session"}}')), 'HTTP 400: Bad session', 'leading spaces, no status text');
  });

  it('keeps the SDK text when the body is no JSON-RPC error', () => {
    assert.equal(describeSdkError(http(500, 'Internal Server Error', 'upstream exploded')), 'HTTP 500 Internal Server Error: Error POSTing to endpoint: upstream exploded');
    assert.equal(describeSdkError(http(500, 'Internal Server Error', '{not json')), 'HTTP 500 Internal Server Error: Error POSTing to endpoint: {not json');
    assert.equal(describeSdkError(http(502, 'Bad Gateway', '{"error":{"message":""}}')), 'HTTP 502 Bad Gateway: Error POSTing to endpoint: {"error":{"message":""}}');
    assert.equal(describeSdkError(http(502, 'Bad Gateway', '{"error":{"message":42}}')), 'HTTP 502 Bad Gateway: Error POSTing to endpoint: {"error":{"message":42}}');
    assert.equal(describeSdkError(http(503, 'Service Unavailable')), 'HTTP 503 Service Unavailable: Error POSTing to endpoint: ');
    for (const body of ['null', '[{"error":{"message":"x"}}]', '"text"', '{}', '{"error":null}']) {
      assert.equal(describeSdkError(http(500, 'Internal Server Error', body)), `HTTP 500 Internal Server Error: Error POSTing to endpoint: ${body}`, body);
    }
  });

  it('tells a timeout from a cancellation', () => {
    assert.equal(describeSdkError(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out after 5000ms')), 'timed out (Request timed out after 5000ms)');
    assert.equal(describeSdkError(new SdkError(SdkErrorCode.RequestTimeout, 'AbortError: This operation was aborted')), 'cancelled');
    assert.equal(describeSdkError(new SdkError(SdkErrorCode.RequestTimeout, 'The operation was aborted')), 'cancelled');
    assert.equal(describeSdkError(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed')), 'Connection closed');
    assert.equal(describeSdkError(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection aborted by the server')), 'Connection aborted by the server', 'only a timeout can be a cancellation');
  });

  it('names the JSON-RPC error codes a user can act on', () => {
    const cases: [number, string][] = [
      [-32700, 'parse error'],
      [-32600, 'invalid request'],
      [-32601, 'method not found'],
      [-32602, 'invalid params'],
      [-32603, 'internal error'],
      [-32002, 'resource not found'],
    ];
    for (const [code, name] of cases) assert.equal(describeSdkError(new ProtocolError(code, 'Nope')), `Nope (${name}, ${code})`);
    assert.equal(describeSdkError(new ProtocolError(-32050, 'Custom')), 'Custom (-32050)');
  });

  it('describes Node errors: a missing command, a refused connection, a cancellation, anything else', () => {
    const spawn = Object.assign(new Error('spawn nodee ENOENT'), { code: 'ENOENT', syscall: 'spawn nodee', path: 'nodee' });
    assert.equal(describeError(spawn), 'command not found: nodee');
    assert.equal(describeError(Object.assign(new Error('spawn x ENOENT'), { code: 'ENOENT', syscall: 'spawn x' })), 'command not found:');
    assert.equal(describeError(Object.assign(new Error('open /x ENOENT'), { code: 'ENOENT', syscall: 'open' })), 'open /x ENOENT');
    assert.equal(describeError(new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) })), 'connection refused (fetch failed)');
    assert.equal(describeError(Object.assign(new Error('x'), { name: 'AbortError' })), 'cancelled');
    assert.equal(describeError(new Error('')), 'Error');
    assert.equal(describeError('plain text'), 'plain text');
    assert.equal(describeError(new McpClientError('server: tools/call failed: boom', 'X')), 'server: tools/call failed: boom');
  });

  it('describes only a failed spawn as a missing command, and anything thrown, Error or not, without failing itself', () => {
    // A command that exists but cannot run is not "not found": the user must fix its permissions, not its name.
    const notExecutable = Object.assign(new Error('spawn /srv/tool EACCES'), { code: 'EACCES', syscall: 'spawn /srv/tool', path: '/srv/tool' });
    assert.equal(describeError(notExecutable), 'spawn /srv/tool EACCES');
    // A missing file met elsewhere (no syscall named, the code on the cause) keeps its own words.
    assert.equal(describeError(new Error('cannot read the env file', { cause: Object.assign(new Error('gone'), { code: 'ENOENT' }) })), 'cannot read the env file');
    // Something that is not an Error (a server library throwing a plain value) is shown as it is.
    assert.equal(describeError(undefined), 'undefined');
    assert.equal(describeError({ name: 'AbortError', code: 'ECONNREFUSED', message: 'x' }), '[object Object]');
  });

  it("shows a user-facing error's message as written, even when what it wraps was a refused connection", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const wrapped = new McpClientError('local: could not connect: connection refused', 'ECONNREFUSED', { cause: refused });
    assert.equal(describeError(wrapped), 'local: could not connect: connection refused');
  });

  it("keeps a user-facing error's reason apart from its message, and recognises it by name", () => {
    const error = new McpClientError('s: tools/call failed: boom', -1, { reason: 'boom' });
    assert.deepEqual([error.message, error.reason, error.code, error.name], ['s: tools/call failed: boom', 'boom', -1, 'McpClientError']);
    assert.equal(new McpClientError('only').reason, 'only');
    const copy = Object.assign(new Error('from the other bundle'), { name: 'McpClientError' });
    assert.equal(isMcpClientError(copy), true);
    assert.equal(isMcpClientError({ name: 'McpClientError' }), false, 'an Error, not any object');
    assert.equal(isMcpClientError(new Error('x')), false);
  });

  it('tells the start failures that retrying cannot fix', () => {
    for (const code of ['ENOENT', 'EACCES', 'ENOTDIR', 'MCP_INPUT_MISSING', 'MCP_UNAUTHORIZED', 'MCP_DEV_MODE', 'MCP_LOCAL_FILE', 'MCP_CONSENT', 'MCP_AUTH_REQUIRED']) {
      assert.equal(isPermanentStartFailure({ code }), true, code);
    }
    for (const code of ['ECONNREFUSED', 'ETIMEDOUT', undefined]) assert.equal(isPermanentStartFailure({ code }), false, String(code));
    assert.equal(isPermanentStartFailure(undefined), false);
    assert.equal(isAuthorizationRequired({ code: 'MCP_AUTH_REQUIRED' }), true);
    assert.equal(isAuthorizationRequired(undefined), false);
  });
});
