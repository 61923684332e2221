// Addresses an MCP resource as a VS Code URI. The path is for people: the server, then the resource
// URI's own parts (scheme, authority, folders), then a display name, so the breadcrumb reads
// `everything › demo › resource › static › document › 1.txt` and the tab gets a readable title and a file
// extension to pick the language from. The query holds the exact server name and resource URI, so any
// resource URI (query strings, fragments, spaces, non-file schemes) round-trips exactly; only the query
// is read back. No `vscode` import: the host wraps this in vscode.Uri.from({ scheme, ...parts }).

// Not `mcp-resource`: VS Code's built-in MCP support owns that scheme, and a second provider for it
// fails to register (the workbench would then read our documents through VS Code's provider).
export const RESOURCE_SCHEME = 'mcp-client-resource';

export interface ResourceAddress {
  server: string;
  uri: string;
}

/** The path and query of a VS Code URI (`vscode.Uri.from({ scheme: RESOURCE_SCHEME, ...parts })`). */
export interface ResourceUriParts {
  path: string;
  query: string;
}

/** The URI parts for a resource. */
export function resourceUriParts({ server, uri }: ResourceAddress, displayName?: string): ResourceUriParts {
  const segments = [server, ...readableFolders(uri), displayName ?? displayNameOf(uri)];
  return { path: `/${segments.map(readableSegment).join('/')}`, query: new URLSearchParams({ server, uri }).toString() };
}

/** How many path segments resourceUriParts() gives `address` (whatever its display name). */
export function resourcePathDepth(address: ResourceAddress): number {
  return 2 + readableFolders(address.uri).length;
}

/** The inverse of resourceUriParts() (read from the query); undefined when the URI is not one of ours. */
export function parseResourceUri({ query }: { query: string }): ResourceAddress | undefined {
  const params = new URLSearchParams(query);
  const server = params.get('server');
  const uri = params.get('uri');
  return server && uri ? { server, uri } : undefined;
}

/** The resource URI's scheme, authority and folders (its last segment is the display name's). */
function readableFolders(uri: string): string[] {
  const withoutSuffix = uri.replace(/[?#].*$/, '');
  const scheme = /^([a-z][\w+.-]*):\/*/i.exec(withoutSuffix);
  const rest = scheme ? withoutSuffix.slice(scheme[0].length) : withoutSuffix;
  const segments = rest.split('/').filter(Boolean);
  segments.pop();
  return [...(scheme ? [scheme[1]!] : []), ...segments];
}

/** One path segment as shown: a slash (or backslash) inside a name would start another segment. */
export function readableSegment(segment: string): string {
  return segment.replace(/[/\\]/g, '∕') || '_';
}

/** A readable file name for a resource URI: its last path segment, without query or fragment. */
export function displayNameOf(uri: string): string {
  const withoutSuffix = uri.replace(/[?#].*$/, '');
  const last = withoutSuffix.split('/').filter(Boolean).pop() ?? '';
  const name = last.replace(/^[a-z][\w+.-]*:/i, '');
  return name || 'resource';
}
