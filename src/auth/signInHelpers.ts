// Small pieces of the sign-in flow that have no state: scope lists and how a failed sign-in is reported.

/** The union of space-separated scope lists, in first-seen order; undefined when empty. */
export function unionScope(...scopes: (string | null | undefined)[]): string | undefined {
  const all = [...new Set(scopes.flatMap((s) => (s ?? '').split(' ').filter(Boolean)))];
  return all.length ? all.join(' ') : undefined;
}

/**
 * A sign-in that did not complete (cancelled, timed out, refused) leaves the server waiting for the
 * next sign-in (the needs-sign-in state: code MCP_AUTH_REQUIRED), rather than retrying in the background.
 */
export function signInFailed(message: string): Error {
  return Object.assign(new Error(message), { code: 'MCP_AUTH_REQUIRED' });
}
