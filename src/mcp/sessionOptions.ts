// What a session is made with (SessionOptions) and what one request may ask (RequestOptions).
import type { Implementation } from '@modelcontextprotocol/client';
import type { ClientCapability } from './clientCapability';
import type { PreparedStart } from './connectionAuth';
import type { EraMemory } from './eraMemory';
import type { RefusalLog } from './sandbox/sandboxMonitor';
import type { McpLogLevel, Logger } from './logger';
import type { ProtocolTap } from './protocolTap';
import type { RestartPolicyOptions } from './restartPolicy';
import type { LoadedDefinition, ServerDefinition } from './serverDefinition';
import type { StopTimings } from './stdioProcess';

export interface RequestOptions {
  signal?: AbortSignal;
  /** Called for each `notifications/progress` the server sends for this request. */
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Overrides the server's configured timeout for this request. */
  timeout?: number;
}

export interface SessionOptions {
  definition: ServerDefinition;
  logger: Logger;
  clientInfo: Implementation;
  capabilities?: readonly ClientCapability[];
  logLevel?: McpLogLevel;
  restartPolicy?: RestartPolicyOptions;
  stopTimings?: StopTimings;
  probeTimeoutMs?: number;
  /** Which era each stdio server spoke last time, shared by the sessions (one process per start). */
  eraMemory?: EraMemory;
  /** Where sandboxed servers' refusals are kept, for the Servers view (one for all sessions). */
  sandboxRefusals?: RefusalLog;
  /**
   * What is only known when the server starts: consent for the definition as it runs (its env file
   * read), `${input:…}` values (the user may be asked) and OAuth for HTTP servers. Runs before every
   * connection attempt.
   */
  prepare?: (definition: LoadedDefinition) => Promise<PreparedStart>;
  /** The Protocol view's tap for this server (src/workbench/protocol/); the session masks what it sees. */
  tap?: ProtocolTap;
}
