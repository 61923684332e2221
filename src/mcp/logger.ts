// The logging surface the session layer writes to. A vscode.LogOutputChannel satisfies it
// structurally; tests use an in-memory implementation.

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
