// Turning whatever Node or a server threw into one clear line for the user. Loads no SDK code: the UI
// uses it at activation, and everything the SDK throws reaches the UI already wrapped in an
// McpClientError by the session (see sdkErrors.ts for how those messages are written).

/** An error that carries a message written for users; thrown by the session layer. */
export class McpClientError extends Error {
  constructor(
    message: string,
    readonly code?: string | number,
    options?: ErrorOptions & {
      /** Why it failed, without the "server: method failed:" prefix, for callers that phrase their own. */
      reason?: string;
    },
  ) {
    super(message, options);
    this.name = 'McpClientError';
    this.reason = options?.reason ?? message;
  }
  readonly reason: string;
}

/**
 * By name, not `instanceof`: the activation bundle (dist/extension.js) has a copy of this module of its
 * own, apart from the one in dist/contributions.js where the session layer throws it.
 */
export function isMcpClientError(error: unknown): error is McpClientError {
  return error instanceof Error && error.name === 'McpClientError';
}

export function describeError(error: unknown): string {
  if (isMcpClientError(error)) return error.message;
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

/** Start failures that retrying cannot fix: spawn errors, an input the user did not give, refused credentials, a server waiting for sign-in, a dev-mode setting that does not fit the command, a local file a setting names that is refused, a start nobody consented to. */
export function isPermanentStartFailure(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'EACCES' || code === 'ENOTDIR' || code === 'MCP_INPUT_MISSING' || code === 'MCP_UNAUTHORIZED' || code === 'MCP_DEV_MODE' || code === 'MCP_LOCAL_FILE' || code === 'MCP_CONSENT' || isAuthorizationRequired(error);
}

/** The server needs an OAuth sign-in before it can start (see connection.ts AuthorizationRequiredError). */
export function isAuthorizationRequired(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === 'MCP_AUTH_REQUIRED';
}
