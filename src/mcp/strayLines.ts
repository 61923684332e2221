// Lines a stdio server writes to stdout that cannot be MCP messages: a banner, Python's print(), a
// console.log, a "[INFO] …" log line. The SDK's framing drops them without a word, so a server author whose
// output vanished would never learn why. The watch sees each chunk of stdout before the framing does and
// reports every such line once it ends. A line is judged by its first two characters that are not blank:
// a JSON-RPC message starts `{"` (a batch `[{`); `{}` and `[]` are left to the SDK too. Anything else is
// reported, `{ a: 1 }` (console.log of an object) and `[INFO]` included. A line that is JSON but no message
// is left to the SDK, which reports it as a transport error.
import type { MaskingLogger } from './logger';

/** How much of a stray line is kept (a bound for a line that never ends); the log shows less, see below. */
export const STRAY_LINE_KEPT = 64 * 1024;
/** How much of a stray line the log shows: enough to recognise it. */
export const STRAY_LINE_SHOWN = 200;

const BLANK = new Set([0x20, 0x09, 0x0d]);
/** What may follow each opening character in a message: `{` → `"` or `}`, `[` → `{` or `]`. */
const MESSAGE_SECOND = new Map([
  [0x7b, new Set([0x22, 0x7d])],
  [0x5b, new Set([0x7b, 0x5d])],
]);

export class StrayLineWatch {
  /** What the current line is: `opened` after a `{` or `[`, until the character after it tells. */
  private line: 'unknown' | 'opened' | 'message' | 'stray' = 'unknown';
  private opener = 0;
  private kept: Buffer[] = [];
  private keptBytes = 0;
  private cut = false;

  constructor(private readonly report: (line: string) => void) {}

  feed(chunk: Buffer): void {
    for (let start = 0; ; ) {
      const newline = chunk.indexOf(0x0a, start);
      this.read(chunk, start, newline === -1 ? chunk.length : newline);
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  }

  /** Bytes `from` to `end` of `chunk`, all of one line. Indices, not a slice: this runs for every message. */
  private read(chunk: Buffer, from: number, end: number): void {
    let keepFrom = from;
    // The scans for a character that is not blank need no bound: chunk[end] is the newline, or past the
    // chunk's end (undefined), and neither is blank.
    if (this.line === 'unknown') {
      while (BLANK.has(chunk[from]!)) from++;
      if (from === end) return;
      keepFrom = from;
      this.opener = chunk[from]!;
      this.line = MESSAGE_SECOND.has(this.opener) ? 'opened' : 'stray';
      from++;
    }
    if (this.line === 'opened') {
      while (BLANK.has(chunk[from]!)) from++;
      if (from < end) this.line = MESSAGE_SECOND.get(this.opener)!.has(chunk[from]!) ? 'message' : 'stray';
    }
    if (this.line === 'message') return this.forget();
    this.keep(chunk.subarray(keepFrom, end));
  }

  private keep(part: Buffer): void {
    const room = STRAY_LINE_KEPT - this.keptBytes;
    if (part.length > room) this.cut = true;
    // Full: nothing more is kept, not even an empty copy for each chunk of a line that never ends.
    if (room === 0) return;
    // A copy: the chunk may be a large message's, and must not be kept alive by a few bytes of it.
    const kept = Buffer.from(part.subarray(0, room));
    this.kept.push(kept);
    this.keptBytes += kept.length;
  }

  private forget(): void {
    if (!this.keptBytes) return;
    this.kept = [];
    this.keptBytes = 0;
    this.cut = false;
  }

  private endLine(): void {
    // A line that ended undecided is a lone `{` or `[`: no message either.
    if (this.line === 'stray' || this.line === 'opened') this.report(Buffer.concat(this.kept).toString('utf8').trimEnd() + (this.cut ? '…' : ''));
    this.forget();
    this.line = 'unknown';
  }
}

/**
 * The session's report of stray lines: the first one as a warning that says what went wrong and what to
 * do, the ones after it as plain lines (a server that prints does so often), like its stderr's. A line is
 * masked before it is shortened, so a secret that the cut would split is still masked whole.
 */
export function logStrayLines(logger: MaskingLogger): (line: string) => void {
  let told = false;
  return (whole) => {
    const masked = logger.mask(whole);
    const line = masked.length > STRAY_LINE_SHOWN ? `${masked.slice(0, STRAY_LINE_SHOWN)}…` : masked;
    if (told) return logger.info(`[stdout, not MCP] ${line}`);
    told = true;
    logger.warn(
      `The server wrote a line to stdout that is not an MCP message, and it was dropped: "${line}". ` +
        'Over stdio, stdout carries only JSON-RPC messages: the server must write its logs to stderr. Lines like it are logged below as [stdout, not MCP].',
    );
  };
}
