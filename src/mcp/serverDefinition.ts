// A server's configuration after validation and variable resolution: what the session layer runs.
import { redactArgs, redactUrl } from './redact';

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

/** VS Code mcp.json's `dev` key: for people writing the server (src/devmode acts on it). */
export interface DevModeSettings {
  /** Globs; `!`-prefixed ones exclude. Relative ones are relative to `base`. */
  watch: string[];
  /** The folder relative globs start from: the setting's folder, else the first workspace folder. */
  base: string;
  /** Stdio servers only. */
  debug?: { type: 'node' } | { type: 'debugpy'; debugpyPath?: string };
}

export interface ServerDefinition {
  name: string;
  scope: ServerScope;
  /** For folder-scoped servers, the folder's name. */
  folder?: string;
  transport: TransportConfig;
  /** Request timeout in ms. */
  timeoutMs: number;
  /** How long a start may take until the server has answered initialize (default DEFAULT_START_TIMEOUT_MS). */
  startTimeoutMs?: number;
  /** Whether the workspace folders are exposed as roots. */
  roots: boolean;
  autoStart: boolean;
  /** When an automatic start happens: with the window, or when something first needs the server; unset follows the global setting. */
  start?: StartPolicy;
  disabled: boolean;
  /** Why MCP Client does not start it: VS Code's own MCP support runs the same server (config/vscodeMcpJson.ts). */
  leftToVscode?: string;
  /** The file a server comes from when not from the settings (`.vscode/mcp.json`), for where it is shown as defined. */
  definedIn?: string;
  oauth?: OAuthSettings;
  dev?: DevModeSettings;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * A start's budget (spawn, negotiation, initialize). Shorter than a request's: a server that has not
 * answered initialize in 30 s is not coming, and five such starts must fit before "gave up" (issue 12).
 */
export const DEFAULT_START_TIMEOUT_MS = 30_000;

/** The start's budget: as configured, else the default, but never beyond the request timeout (as before). */
export function startTimeoutOf(d: ServerDefinition): number {
  return d.startTimeoutMs ?? Math.min(DEFAULT_START_TIMEOUT_MS, d.timeoutMs);
}

/** `atWindowOpen`: servers start in the background as the window opens; `onFirstUse`: when a picker, the chat or a command first needs them. */
export type StartPolicy = 'atWindowOpen' | 'onFirstUse';
export const START_POLICIES: readonly StartPolicy[] = ['atWindowOpen', 'onFirstUse'];

/**
 * A short human description of the transport for tooltips and logs, e.g. "stdio: node server.js" or
 * "http: https://host/mcp?…": credential arguments masked, URL user info and query strings left out.
 */
export function describeTransport(t: TransportConfig): string {
  if (t.type === 'stdio') return `stdio: ${[t.command, ...redactArgs(t.args)].join(' ')}`;
  return `${t.type}: ${redactUrl(t.url)}`;
}

/** Stable identity of everything that affects how a server runs; a change means restart. */
export function definitionKey(d: ServerDefinition): string {
  return JSON.stringify([d.scope, d.folder ?? '', d.transport, d.timeoutMs, d.startTimeoutMs ?? null, d.roots, d.disabled, d.leftToVscode ?? '', d.oauth ?? null, d.dev ?? null]);
}
