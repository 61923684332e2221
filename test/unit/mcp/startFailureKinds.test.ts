// What the user reads when a server does not start, and whether the client tries again by itself: a
// refused sign-in, a version mismatch, an invalid URL, a killed process or a slow start each get their
// own sentence and class (a permanent failure waits for the user; a passing one is retried).
import * as assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SdkError, SdkErrorCode, SdkHttpError, UnauthorizedError, UnsupportedProtocolVersionError } from '@modelcontextprotocol/client';
import { classifyStartFailure, speaksOurs, StartFailure } from '../../../src/mcp/startFailure';

const context = { timedOut: false, startTimeoutMs: 30_000, url: 'https://mcp.example.com/mcp?key=secret' };

describe('start failures: what kind, and what the user reads', () => {
  it('calls a 401 or 403 answer a refused authorization, which is not retried, whatever the SDK calls it', () => {
    const refusals = [
      new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing to endpoint: denied', { status: 401 }),
      new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing to endpoint: denied', { status: 403 }),
      new SdkError(SdkErrorCode.ClientHttpAuthentication, 'Server returned 401 after re-authentication'),
      new SdkError(SdkErrorCode.ClientHttpForbidden, 'Server returned 403 after trying upscoping'),
      new UnauthorizedError('no token'),
    ];
    for (const error of refusals) {
      const failure = classifyStartFailure(error, context);
      assert.equal(failure.kind, 'unauthorized', error.message);
      assert.match(failure.message, /^Authorization refused: /, error.message);
      assert.equal(failure.retryable, false);
      assert.equal(failure.code, 'MCP_START_UNAUTHORIZED');
    }
    const other = classifyStartFailure(new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing to endpoint: boom', { status: 500 }), context);
    assert.notEqual(other.kind, 'unauthorized', 'a 500 is not a refused sign-in');
    assert.equal(classifyStartFailure(new SdkError(SdkErrorCode.ClientHttpNotImplemented, 'other'), context).kind, 'other');
  });

  it('names the versions a server speaks when none is ours, and does not retry', () => {
    const failure = classifyStartFailure(new UnsupportedProtocolVersionError({ supported: ['1999-01-01', '1999-06-01'], requested: '2026-07-28' }), context);
    assert.equal(failure.kind, 'protocol');
    assert.match(failure.message, /^The server speaks protocol 1999-01-01, 1999-06-01; this client supports 2026-07-28, /);
    assert.equal(failure.retryable, false);
    assert.equal(failure.code, 'MCP_START_PROTOCOL');
    const none = classifyStartFailure(new UnsupportedProtocolVersionError({ supported: [], requested: '2026-07-28' }), context);
    assert.match(none.message, /^The server speaks protocol unknown; this client supports /);
  });

  it('retries a server that names one of our versions: its answer to the probe came too late', () => {
    const error = new UnsupportedProtocolVersionError({ supported: ['1999-01-01', '2026-07-28'], requested: '2026-07-28' });
    assert.equal(speaksOurs(error), true);
    const failure = classifyStartFailure(error, context);
    assert.equal(failure.kind, 'timeout');
    assert.equal(failure.message, 'The server speaks protocol 1999-01-01, 2026-07-28 but did not answer server/discover in time, and the initialize that followed failed.');
    assert.equal(failure.retryable, true);
    const said = new Error('Server protocol version is not supported: 2026-07-28');
    assert.equal(classifyStartFailure(said, context).kind, 'timeout');
    assert.equal(speaksOurs(new Error('Server protocol version is not supported: 1999-01-01')), false);
    assert.equal(speaksOurs(undefined), false);
  });

  it('calls an invalid URL an invalid configuration, with the parser\'s words', () => {
    let parseError: unknown;
    try {
      new URL('not a url');
    } catch (error) {
      parseError = error;
    }
    const failure = classifyStartFailure(parseError, context);
    assert.equal(failure.kind, 'invalid-configuration');
    assert.equal(failure.message, 'Invalid configuration: Invalid URL.');
    assert.equal(failure.code, 'MCP_START_INVALID_CONFIGURATION');
    assert.equal(failure.retryable, false);
    assert.notEqual(classifyStartFailure(new TypeError('something else'), context).kind, 'invalid-configuration');
  });

  it('says the process was killed by a signal, or exited with its code, before answering; both retried', () => {
    const killed = classifyStartFailure(new Error('Connection closed'), { ...context, exit: { code: null, signal: 'SIGKILL' } });
    assert.equal(killed.kind, 'exited');
    assert.equal(killed.message, 'The server process was killed by SIGKILL before answering initialize.');
    assert.equal(killed.retryable, true);
    const exited = classifyStartFailure(new Error('Connection closed'), { ...context, exit: { code: 3, signal: null } });
    assert.equal(exited.message, 'The server process exited with code 3 before answering initialize.');
  });

  it('says how long it waited for an initialize, in whole or tenths of seconds, unless the start was cancelled', () => {
    const timeout = new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out');
    assert.equal(classifyStartFailure(timeout, { ...context, startTimeoutMs: 1500 }).message, 'The server did not answer initialize within 1.5 s.');
    assert.equal(classifyStartFailure(timeout, { ...context, startTimeoutMs: 2000 }).message, 'The server did not answer initialize within 2 s.');
    assert.equal(classifyStartFailure(timeout, { ...context, startTimeoutMs: 1234 }).message, 'The server did not answer initialize within 1.2 s.');
    assert.equal(classifyStartFailure(timeout, context).kind, 'timeout');
    assert.equal(classifyStartFailure(new Error('no answer'), { ...context, timedOut: true }).kind, 'timeout');
    assert.notEqual(classifyStartFailure(new SdkError(SdkErrorCode.RequestTimeout, 'AbortError: This operation was aborted'), context).kind, 'timeout', 'a cancelled start is not a timeout');
  });

  it('names the missing command, or the path Node names when no command was given', () => {
    const missing = Object.assign(new Error('spawn nodee ENOENT'), { code: 'ENOENT', syscall: 'spawn nodee', path: 'nodee' });
    assert.equal(classifyStartFailure(missing, { ...context, command: 'nodee' }).message, 'Command not found: nodee (check the command and PATH)');
    assert.equal(classifyStartFailure(missing, context).message, 'Command not found: nodee (check the command and PATH)');
    assert.equal(classifyStartFailure(missing, context).code, 'MCP_START_COMMAND_NOT_FOUND');
    const notSpawn = Object.assign(new Error('open x ENOENT'), { code: 'ENOENT', syscall: 'open' });
    assert.notEqual(classifyStartFailure(notSpawn, context).kind, 'command-not-found', 'a file missing elsewhere is not the command');
    const noSyscall = Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    assert.notEqual(classifyStartFailure(noSyscall, context).kind, 'command-not-found');
  });

  it('calls a command that cannot be run (EACCES, ENOTDIR) an invalid configuration, not retried', () => {
    const denied = Object.assign(new Error('spawn /srv/tool EACCES'), { code: 'EACCES', syscall: 'spawn /srv/tool' });
    const failure = classifyStartFailure(denied, { ...context, command: '/srv/tool' });
    assert.equal(failure.message, 'Invalid configuration: cannot run /srv/tool (spawn /srv/tool EACCES)');
    assert.equal(failure.retryable, false);
    assert.equal(classifyStartFailure(Object.assign(new Error('spawn ENOTDIR'), { code: 'ENOTDIR' }), context).message, 'Invalid configuration: cannot run  (spawn ENOTDIR)');
  });

  it('names no command when neither the configuration nor Node names one', () => {
    const missing = Object.assign(new Error('spawn ENOENT'), { code: 'ENOENT', syscall: 'spawn' });
    assert.equal(classifyStartFailure(missing, context).message, 'Command not found:  (check the command and PATH)');
  });

  it('calls a missing command missing when the working directory exists', () => {
    const missing = Object.assign(new Error('spawn nodee ENOENT'), { code: 'ENOENT', syscall: 'spawn nodee', path: 'nodee' });
    assert.equal(classifyStartFailure(missing, { ...context, command: 'nodee', cwd: tmpdir() }).kind, 'command-not-found');
    assert.equal(classifyStartFailure(missing, { ...context, command: 'nodee', cwd: join(tmpdir(), 'no-such-dir-4711') }).kind, 'invalid-configuration');
  });

  it('passes a failure already classified through as it is', () => {
    const first = classifyStartFailure(new UnauthorizedError('no'), context);
    assert.equal(classifyStartFailure(first, { ...context, stderrTail: ['more'] }), first);
    assert.ok(first instanceof StartFailure);
  });

  it('keeps odd values a server or the SDK throws from breaking the classification', () => {
    assert.equal(classifyStartFailure(undefined, context).kind, 'other');
    assert.equal(classifyStartFailure(null, context).kind, 'other');
  });
});
