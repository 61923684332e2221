// A server's configuration after validation and variable resolution: what the session layer runs.

/** Where a server is defined. Workspace and folder servers run repository code and need consent. */
export type ServerScope = 'user' | 'workspace' | 'folder';

export interface StdioTransportConfig {
  type: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

export interface HttpTransportConfig {
  /** `http`: Streamable HTTP with legacy-SSE fallback; `sse`: legacy HTTP+SSE only. */
  type: 'http' | 'sse';
  url: string;
  headers: Record<string, string>;
}

export type TransportConfig = StdioTransportConfig | HttpTransportConfig;

export interface ServerDefinition {
  name: string;
  scope: ServerScope;
  /** For folder-scoped servers, the folder's name. */
  folder?: string;
  transport: TransportConfig;
  /** Request timeout in ms. */
  timeoutMs: number;
  /** Whether the workspace folders are exposed as roots. */
  roots: boolean;
  autoStart: boolean;
  disabled: boolean;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

/** A short human description of the transport, e.g. "stdio: node server.js" or "http: https://…". */
export function describeTransport(t: TransportConfig): string {
  if (t.type === 'stdio') return `stdio: ${[t.command, ...t.args].join(' ')}`;
  return `${t.type}: ${t.url}`;
}

/** Stable identity of everything that affects how a server runs; a change means restart. */
export function definitionKey(d: ServerDefinition): string {
  return JSON.stringify([d.scope, d.folder ?? '', d.transport, d.timeoutMs, d.roots, d.disabled]);
}
