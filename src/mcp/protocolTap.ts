// The one place the workbench's Protocol view listens to a connection (src/workbench/protocol/): every
// JSON-RPC message in both directions, the server's stderr lines, and for HTTP each exchange's method,
// status and `Mcp-*` headers. It costs a boolean check per message while nobody records (the tap only
// counts then). What it hands on is masked here, once: the session's `${input:…}` values in every
// message and line, and header values through redactHeaders.
import type { FetchLike, JSONRPCMessage } from '@modelcontextprotocol/client';
import { redactHeaders, redactUrl } from './redact';

export type TapDirection = 'out' | 'in';

/** One HTTP request of the transport (the POSTs that carry messages, the GET stream, DELETE, OAuth discovery). */
export interface HttpExchange {
  method: string;
  /** Without user info or query string (redactUrl). */
  url: string;
  status?: number;
  contentType?: string;
  /** `Mcp-*` and `Authorization` headers sent and received, values masked unless harmless. */
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  /** The ids of the JSON-RPC messages the request carried (pairs it with their entries). */
  ids: (string | number)[];
  /** Network failure, when there was no response. */
  error?: string;
  durationMs: number;
}

export interface ProtocolTap {
  /** Read before anything is built: false while nobody looks (the Protocol view is closed or paused). */
  readonly recording: boolean;
  /** Called instead of the others while not recording: a count, nothing more. */
  skipped(): void;
  message(direction: TapDirection, message: JSONRPCMessage, text: string): void;
  stderr(line: string): void;
  /** A line a stdio server wrote to stdout that is no JSON-RPC message, dropped (strayLines.ts). */
  stdout(line: string): void;
  http(exchange: HttpExchange): void;
  /** A connection began or ended ("connection opened over stdio"). */
  note(text: string): void;
}

/** `tap` behind the session's mask (its masking logger's): no secret of the session reaches what it records. */
export function maskedTap(tap: ProtocolTap, mask: (text: string) => string): ProtocolTap {
  return {
    get recording() {
      return tap.recording;
    },
    skipped: () => tap.skipped(),
    message: (direction, message, text) => {
      const masked = mask(text);
      if (masked === text) return tap.message(direction, message, text);
      // A short secret masked where it stood alone may leave no valid JSON ("id":***): then the text is what is kept.
      let parsed: JSONRPCMessage | string;
      try {
        parsed = JSON.parse(masked) as JSONRPCMessage;
      } catch {
        parsed = masked;
      }
      tap.message(direction, parsed as JSONRPCMessage, masked);
    },
    stderr: (line) => tap.stderr(mask(line)),
    stdout: (line) => tap.stdout(mask(line)),
    http: (exchange) => tap.http({ ...exchange, url: mask(exchange.url), error: exchange.error && mask(exchange.error) }),
    note: (text) => tap.note(mask(text)),
  };
}

/** Hands one message to the tap, or only counts it while nobody records. Never throws into the transport. */
export function tapMessage(tap: ProtocolTap | undefined, direction: TapDirection, message: JSONRPCMessage): void {
  if (!tap) return;
  if (!tap.recording) return tap.skipped();
  try {
    tap.message(direction, message, JSON.stringify(message));
  } catch (error) {
    // The view is a window on the connection; its failure must not become the connection's.
    console.error('MCP Client: the protocol tap failed', error);
  }
}

/** The transport's fetch, telling the tap about each exchange while it records. */
export function tapFetch(tap: ProtocolTap, base: FetchLike = fetch): FetchLike {
  return async (input, init) => {
    if (!tap.recording) return base(input, init);
    const started = performance.now();
    const method = init?.method ?? 'GET';
    const url = redactUrl(String(input instanceof Request ? input.url : input));
    const requestHeaders = visibleHeaders(new Headers(init?.headers));
    const ids = idsIn(init?.body);
    try {
      const response = await base(input, init);
      tap.http({
        method,
        url,
        status: response.status,
        contentType: response.headers.get('content-type') ?? undefined,
        requestHeaders,
        responseHeaders: visibleHeaders(response.headers),
        ids,
        durationMs: performance.now() - started,
      });
      return response;
    } catch (error) {
      tap.http({ method, url, requestHeaders, responseHeaders: {}, ids, error: (error as Error).message, durationMs: performance.now() - started });
      throw error;
    }
  };
}

/** The headers a server author looks at: the protocol's own (`Mcp-*`), and whether credentials were sent. */
function visibleHeaders(headers: Headers): Record<string, string> {
  const picked: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (name.startsWith('mcp-') || name === 'authorization' || name === 'www-authenticate') picked[name] = value;
  });
  return redactHeaders(picked);
}

function idsIn(body: unknown): (string | number)[] {
  try {
    // The SDK sends a string; anything else that is not JSON text once written out (no body, a stream) has no ids.
    const parsed = JSON.parse(String(body)) as unknown;
    return (Array.isArray(parsed) ? parsed : [parsed]).flatMap((m) => {
      const id = (m as { id?: unknown })?.id;
      return typeof id === 'string' || typeof id === 'number' ? [id] : [];
    });
  } catch {
    return [];
  }
}
