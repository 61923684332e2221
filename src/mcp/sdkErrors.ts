// One clear line for what the SDK throws (HTTP status, timeouts, JSON-RPC errors), for the session
// layer, which wraps every failure in an McpClientError before it reaches the UI.
import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { describeError } from './errors';
import { JSON_RPC_NAMES } from './jsonRpcErrors';

export function describeSdkError(error: unknown): string {
  if (error instanceof SdkHttpError) {
    return `HTTP ${error.status}${error.statusText ? ` ${error.statusText}` : ''}: ${jsonRpcErrorIn((error.data as { text?: string }).text) ?? error.message}`;
  }
  if (error instanceof SdkError) {
    // The SDK reports a request the caller aborted with the timeout code and an AbortError message.
    if (error.code === SdkErrorCode.RequestTimeout && /AbortError|aborted/.test(error.message)) return 'cancelled';
    if (error.code === SdkErrorCode.RequestTimeout) return `timed out (${error.message})`;
    return error.message;
  }
  if (error instanceof ProtocolError) {
    const name = JSON_RPC_NAMES[error.code];
    return name ? `${error.message} (${name}, ${error.code})` : `${error.message} (${error.code})`;
  }
  return describeError(error);
}

/** A JSON-RPC error body's message ("Session not found"), rather than the SDK's "Error POSTing to endpoint: {…}". */
function jsonRpcErrorIn(body: string | undefined): string | undefined {
  let message: unknown;
  try {
    // Anything that is not a JSON object with an error member throws here: no JSON-RPC error, then.
    message = (JSON.parse(body ?? '') as { error: { message: unknown } }).error.message;
  } catch {
    // The SDK's own text is shown.
  }
  return typeof message === 'string' && message ? message : undefined;
}
