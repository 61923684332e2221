// Addresses an MCP resource as a VS Code URI: `mcp-client-resource:/<server>/<resource uri>/<name>`.
// Both the server name and the resource URI are percent-encoded whole into one path segment each, so
// any resource URI (query strings, fragments, spaces, non-file schemes) round-trips exactly. The last
// segment is only a display name: it gives the editor tab a readable title and VS Code a file
// extension to pick the language from. No `vscode` import: the host wraps this in vscode.Uri.

// Not `mcp-resource`: VS Code's built-in MCP support owns that scheme, and a second provider for it
// fails to register (the workbench would then read our documents through VS Code's provider).
export const RESOURCE_SCHEME = 'mcp-client-resource';

export interface ResourceAddress {
  server: string;
  uri: string;
}

/** The `path` part of the VS Code URI for a resource (use with `vscode.Uri.from({ scheme, path })`). */
export function resourcePath({ server, uri }: ResourceAddress, displayName?: string): string {
  return `/${encodeURIComponent(server)}/${encodeURIComponent(uri)}/${encodeURIComponent(displayName ?? displayNameOf(uri))}`;
}

/** The inverse of resourcePath(); undefined when the path is not one of ours. */
export function parseResourcePath(path: string): ResourceAddress | undefined {
  const [empty, server, uri] = path.split('/');
  if (empty !== '' || !server || uri === undefined || uri === '') return undefined;
  try {
    return { server: decodeURIComponent(server), uri: decodeURIComponent(uri) };
  } catch {
    return undefined;
  }
}

/** A readable file name for a resource URI: its last path segment, without query or fragment. */
export function displayNameOf(uri: string): string {
  const withoutSuffix = uri.replace(/[?#].*$/, '');
  const last = withoutSuffix.split('/').filter(Boolean).pop() ?? '';
  const name = last.replace(/^[a-z][\w+.-]*:/i, '');
  return name || 'resource';
}
