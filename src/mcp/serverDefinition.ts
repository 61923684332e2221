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

/** Per-server OAuth settings (HTTP servers); secrets are not here but in SecretStorage. */
export interface OAuthSettings {
  /** A client registered with the authorization server in advance (no dynamic registration). */
  clientId?: string;
  /** An https URL of this client's metadata document, for servers that support client ID metadata documents. */
  clientMetadataUrl?: string;
  /** Scopes to ask for when the server does not say. */
  scopes?: string[];
  /** Accept an authorization server whose metadata names a different issuer (security-weakening opt-in). */
  allowIssuerMismatch?: boolean;
  /** Sign in as a workload (SEP-1933): the JWT-bearer grant with the token the platform writes to this file. */
  workloadIdentity?: { tokenFile: string };
  /** Enterprise-managed authorization (SEP-990): the user's ID token exchanged at this identity provider for an ID-JAG. */
  enterprise?: { idpTokenEndpoint: string; idpClientId: string };
}

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
  oauth?: OAuthSettings;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

/** A short human description of the transport, e.g. "stdio: node server.js" or "http: https://…". */
export function describeTransport(t: TransportConfig): string {
  if (t.type === 'stdio') return `stdio: ${[t.command, ...t.args].join(' ')}`;
  return `${t.type}: ${t.url}`;
}

/** Stable identity of everything that affects how a server runs; a change means restart. */
export function definitionKey(d: ServerDefinition): string {
  return JSON.stringify([d.scope, d.folder ?? '', d.transport, d.timeoutMs, d.roots, d.disabled, d.oauth ?? null]);
}
