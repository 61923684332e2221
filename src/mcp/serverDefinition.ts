// A server's configuration after validation and variable resolution: what the session layer runs.
import { redactArgs, redactUrl } from './redact';
import type { SandboxDefinition } from './sandbox/sandboxDefinition';

/** Where a server is defined. Workspace and folder servers run repository code and need consent. */
export type ServerScope = 'user' | 'workspace' | 'folder';

export interface StdioTransportConfig {
  type: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  /** `envFile`: read when the server starts (mcp/envFile.ts), never while the settings are read. */
  envFile?: EnvFileSetting;
}

/** Where a dotenv file is, and how `env` changes what it sets. Its contents are not read here. */
export interface EnvFileSetting {
  /** Absolute path. */
  path: string;
  /** Variables that `env` sets to null: removed from what the file sets. */
  unset: string[];
  /** Workspace and folder servers: the file (its real path) must be inside one of these folders. */
  within?: string[];
  /** Set once read at a start: the names it set and a hash of its bytes (what consent covers). */
  loaded?: { names: string[]; sha256: string };
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
  /** Folders every watched folder (its real path) must be inside (config/settingScopes.ts); undefined: anywhere. */
  within?: string[];
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
  /** Stdio servers that run in a sandbox (config/sandboxSettings.ts decides which): what they may reach. Unset: not sandboxed. */
  sandbox?: SandboxDefinition;
  /**
   * Values taken from the user's environment (`${env:NAME}`) into the url, headers, args or env: shown by
   * name in the consent question and masked as secrets wherever the session writes text.
   */
  environment?: EnvironmentValue[];
}

export interface EnvironmentValue {
  /** The environment variable. */
  variable: string;
  /** Where it is used, as a setting path suffix (`.headers.Authorization`). */
  setting: string;
  value: string;
}

/**
 * Keys of a definition that say when or whether a server starts, not what it runs, sends or may do.
 * Everything else is covered by the consent hash (trust/consentMaterial.ts) and a unit test walks the
 * settings schema to prove it; a setting listed here must give the reason it does not need consent.
 */
export const PRESENTATION_ONLY = {
  autoStart: 'when the server starts (at window open or by hand), not what it runs',
  start: 'when the server starts (at window open or on first use), not what it runs',
  disabled: 'whether the server starts at all; a disabled server never runs, so nothing is consented',
  leftToVscode: 'not a setting: whether VS Code runs the same server instead of this extension',
  registry: 'where an update is looked for (a later update is asked about when installed), not what runs; that a registry install runs sandboxed by default reaches the hash through `sandbox`',
} as const satisfies Record<string, string>;

declare const loadedBrand: unique symbol;
/** A definition whose env file (if any) has been read at a start: the only kind consent is asked about. */
export type LoadedDefinition = ServerDefinition & { readonly [loadedBrand]: true };
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

/**
 * Stable identity of everything that affects how a server runs; a change means restart. Every key but
 * the two that only say when it starts: a key added to the definition later restarts by itself.
 */
export function definitionKey(d: ServerDefinition): string {
  const { autoStart: _autoStart, start: _start, ...rest } = d;
  return canonicalJson(rest);
}

/** JSON with object keys sorted at every depth, so that equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}
