// Reading request failures: did the Streamable HTTP server lose our session, and did the request get
// an answer at all (only an unanswered request is worth explaining with what the transport reported).
import { SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Connection } from './connection';

/**
 * The spec's signal that a session is gone is HTTP 404 to a request carrying Mcp-Session-Id. Widely
 * copied server code (the SDK's own 2025 examples) answers 400 "No valid session ID provided" after a
 * restart instead; that is the same situation, and starting a new session is the only way out of it.
 */
export function isSessionGone(error: unknown, connection: Connection): boolean {
  if (connection.transportKind !== 'http' || !(error instanceof SdkHttpError)) return false;
  if (!(connection.transport as StreamableHTTPClientTransport).sessionId) return false;
  return error.status === 404 || (error.status === 400 && /session/i.test(error.message));
}

/** The request got no answer: it timed out, or the connection could not carry it. */
export function unanswered(error: unknown): boolean {
  if (error instanceof SdkHttpError) return false;
  if (error instanceof SdkError) {
    if (error.code === SdkErrorCode.RequestTimeout) return !/AbortError|aborted/.test(error.message);
    return [SdkErrorCode.ConnectionClosed, SdkErrorCode.SendFailed, SdkErrorCode.NotConnected].includes(error.code);
  }
  return error instanceof TypeError;
}
