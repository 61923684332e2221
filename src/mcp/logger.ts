// The logging surface the session layer writes to. A vscode.LogOutputChannel satisfies Logger
// structurally (a sink); tests use an in-memory implementation. The session layer itself only takes a
// MaskingLogger, which masks every line on its way to the sink.
import { maskSecrets, redactKnownUrls } from './redact';

export interface Logger {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** True when trace output is wanted; building protocol traces is skipped otherwise. */
  readonly traceEnabled: boolean;
}

export type McpLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** Maps an MCP (syslog) level onto the five levels an output channel has. */
export function logMethodFor(level: McpLogLevel | string): keyof Omit<Logger, 'traceEnabled'> {
  switch (level) {
    case 'debug':
      return 'debug';
    case 'info':
    case 'notice':
      return 'info';
    case 'warning':
      return 'warn';
    default:
      return 'error';
  }
}

declare const maskingBrand: unique symbol;

/**
 * The only logger the session layer accepts (SessionLifecycle, Connection, openConnection, the protocol
 * trace): every line masked, at every level. Only maskingLogger() makes one, so code that holds a plain
 * sink (an output channel) cannot hand it to the session layer by mistake.
 */
export interface MaskingLogger extends Logger {
  readonly [maskingBrand]: true;
  /** `text` as this logger would write it: for text that leaves the session by another way (a message, an error). */
  mask(text: string): string;
}

/**
 * Wraps `sink` so that every value `secrets()` returns (read at each write: they change per start) is
 * masked, and each of `urls` (the server's URL) is shown without its user info and query.
 */
export function maskingLogger(sink: Logger, secrets: () => readonly string[], urls: readonly string[] = []): MaskingLogger {
  const mask = (text: string) => maskSecrets(redactKnownUrls(text, urls), secrets());
  const logger = {
    get traceEnabled() {
      return sink.traceEnabled;
    },
    mask,
    trace: (m: string) => sink.trace(mask(m)),
    debug: (m: string) => sink.debug(mask(m)),
    info: (m: string) => sink.info(mask(m)),
    warn: (m: string) => sink.warn(mask(m)),
    error: (m: string) => sink.error(mask(m)),
  };
  return logger as unknown as MaskingLogger;
}
