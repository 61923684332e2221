// Turning whatever the SDK, Node or a server threw into one clear line for the user.
import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';

/** An error that carries a message written for users; thrown by the session layer. */
export class McpClientError extends Error {
  constructor(
    message: string,
    readonly code?: string | number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'McpClientError';
  }
}

const JSON_RPC_NAMES: Record<number, string> = {
  [-32700]: 'parse error',
  [-32600]: 'invalid request',
  [-32601]: 'method not found',
  [-32602]: 'invalid params',
  [-32603]: 'internal error',
  [-32002]: 'resource not found',
};

export function describeError(error: unknown): string {
  if (error instanceof McpClientError) return error.message;
  if (error instanceof SdkHttpError) {
    return `HTTP ${error.status}${error.statusText ? ` ${error.statusText}` : ''}: ${error.message}`;
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
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    const code = (error as NodeJS.ErrnoException).code ?? (cause as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'ENOENT' && (error as NodeJS.ErrnoException).syscall?.startsWith('spawn')) {
      return `command not found: ${(error as NodeJS.ErrnoException).path ?? ''}`.trim();
    }
    if (code === 'ECONNREFUSED') return `connection refused (${error.message})`;
    if (error.name === 'AbortError') return 'cancelled';
    return error.message || String(error);
  }
  return String(error);
}

/** Spawn failures that retrying cannot fix. */
export function isPermanentStartFailure(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'EACCES' || code === 'ENOTDIR';
}
