// Why a server did not start, told truthfully and classified: whether a retry can help decides between
// backoff and an error that waits for the user. The class is decided from what the SDK threw and what
// the process did BEFORE the session closed it, so a timeout never reads as "the process exited".
import { statSync } from 'node:fs';
import { SdkError, SdkErrorCode, SdkHttpError, SUPPORTED_PROTOCOL_VERSIONS, UnauthorizedError, UnsupportedProtocolVersionError } from '@modelcontextprotocol/client';
import { McpClientError } from './errors';
import { describeSdkError } from './sdkErrors';
import type { ExitInfo } from './stdioProcess';
import { redactUrl } from './redact';

export type StartFailureKind =
  | 'timeout'
  | 'protocol'
  | 'command-not-found'
  | 'invalid-configuration'
  | 'unauthorized'
  | 'exited'
  | 'unreachable'
  | 'sandbox-unavailable'
  | 'other';

/** Kinds a retry cannot fix: the session goes to the error state and waits for the user. */
const PERMANENT: ReadonlySet<StartFailureKind> = new Set(['protocol', 'command-not-found', 'invalid-configuration', 'unauthorized', 'sandbox-unavailable']);

export class StartFailure extends McpClientError {
  constructor(
    readonly kind: StartFailureKind,
    message: string,
    cause: unknown,
  ) {
    super(message, `MCP_START_${kind.toUpperCase().replace(/-/g, '_')}`, { cause });
  }

  get retryable(): boolean {
    return !PERMANENT.has(this.kind);
  }
}

export function isStartFailure(error: unknown): error is StartFailure {
  return error instanceof StartFailure;
}

/** What is known about the attempt besides the error itself. */
export interface StartContext {
  /** The start's own deadline passed (not the user cancelling). */
  timedOut: boolean;
  startTimeoutMs: number;
  /** stdio: how the process ended, if it had ended before the session closed it. */
  exit?: ExitInfo;
  stderrTail?: readonly string[];
  command?: string;
  cwd?: string;
  /** The server's URL: its user info and query are left out of any message. */
  url?: string;
}

const TAIL_LINES = 5;

export function classifyStartFailure(error: unknown, context: StartContext): StartFailure {
  if (error instanceof StartFailure) return error;
  const [kind, what] = classify(error, context);
  const tail = (context.stderrTail ?? []).filter((l) => l.trim()).slice(-TAIL_LINES);
  const message = `${what}${/[.)]$/.test(what) ? '' : '.'}${tail.length ? ` Last output: ${tail.join(' | ')}` : ''}`;
  return new StartFailure(kind, message, error);
}

function classify(error: unknown, context: StartContext): [StartFailureKind, string] {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const named = versionsNamed(error);
  if (named?.some(isOurs)) {
    // Not a mismatch: the server speaks a revision of ours, but its answer to the server/discover probe
    // came too late and the initialize that followed went wrong.
    return ['timeout', `The server speaks protocol ${named.join(', ')} but did not answer server/discover in time, and the initialize that followed failed`];
  }
  if (named) return ['protocol', `The server speaks protocol ${named.join(', ') || 'unknown'}; this client supports ${supported()}`];
  if (code === 'ENOENT' && (error as NodeJS.ErrnoException).syscall?.startsWith('spawn')) {
    // Node reports a missing working directory as the command being missing.
    if (context.cwd && !directoryExists(context.cwd)) return ['invalid-configuration', `Invalid configuration: the working directory ${context.cwd} does not exist`];
    return ['command-not-found', `Command not found: ${context.command ?? (error as NodeJS.ErrnoException).path ?? ''} (check the command and PATH)`];
  }
  if (code === 'EACCES' || code === 'ENOTDIR') return ['invalid-configuration', `Invalid configuration: cannot run ${context.command ?? ''} (${(error as Error).message})`];
  if (error instanceof TypeError && /Invalid URL/i.test(error.message)) return ['invalid-configuration', `Invalid configuration: ${error.message}`];
  // Already written for the user (connectionAuth.ts: the user's own Authorization header was refused).
  if (code === 'MCP_UNAUTHORIZED') return ['unauthorized', (error as Error).message];
  if (isRefusedAuthorization(error)) return ['unauthorized', `Authorization refused: ${describeSdkError(error)}`];
  if (context.exit) {
    const how = context.exit.signal ? `was killed by ${context.exit.signal}` : `exited with code ${context.exit.code}`;
    return ['exited', `The server process ${how} before answering initialize`];
  }
  if (context.timedOut || (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout && !/AbortError|aborted/.test(error.message))) {
    return ['timeout', `The server did not answer initialize within ${seconds(context.startTimeoutMs)}`];
  }
  if (isUnreachable(error)) return ['unreachable', `Cannot reach ${context.url ? redactUrl(context.url) : 'the server'}: ${networkReason(error)}`];
  return ['other', describeSdkError(error)];
}

function isRefusedAuthorization(error: unknown): boolean {
  if (error instanceof UnauthorizedError) return true;
  if (error instanceof SdkHttpError) return error.status === 401 || error.status === 403;
  return error instanceof SdkError && (error.code === SdkErrorCode.ClientHttpAuthentication || error.code === SdkErrorCode.ClientHttpForbidden);
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EHOSTUNREACH: 'host unreachable',
  UND_ERR_SOCKET: 'connection lost',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
};

/** The network error code behind fetch's TypeError, possibly wrapped by the negotiation probe. */
function networkCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code && code in NETWORK_REASONS) return code;
  }
  return undefined;
}

/** A network failure to reach an HTTP server. */
export function isUnreachable(error: unknown): boolean {
  return networkCode(error) !== undefined;
}

/** "connection refused", "host not found"…: what the network said, without fetch's "fetch failed". */
export function networkReason(error: unknown): string {
  const code = networkCode(error);
  return code ? NETWORK_REASONS[code]! : describeSdkError(error);
}

/** The SDK lists the initialize-era versions; 2026-07-28 is negotiated by server/discover in 'auto' mode. */
/** The SDK's list holds the 2025-era revisions; the modern one is negotiated by server/discover. */
function ourVersions(): string[] {
  return ['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS];
}

const isOurs = (version: string) => ourVersions().includes(version);

function supported(): string {
  return ourVersions().join(', ');
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function directoryExists(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The protocol versions a server named when the handshake failed on the version (-32022, or the SDK's "not supported: V"). */
function versionsNamed(error: unknown): string[] | undefined {
  if (error instanceof UnsupportedProtocolVersionError) return error.supported;
  const refused = /protocol version is not supported: (\S+)/.exec((error as Error | undefined)?.message ?? '');
  return refused ? [refused[1]!] : undefined;
}

/**
 * True when a handshake failed on the version although the server names a revision this client speaks:
 * the probe went unanswered in time (a cold or busy start) and the initialize that followed was refused
 * or answered in 2026 terms. A new process with a new probe fixes that.
 */
export function speaksOurs(error: unknown): boolean {
  return versionsNamed(error)?.some(isOurs) ?? false;
}
