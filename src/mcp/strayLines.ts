// Lines a stdio server writes to stdout that cannot be MCP messages: a banner, Python's print(), a
// console.log. The SDK's framing drops them without a word, so a server author whose output vanished
// would never learn why. The watch sees each chunk of stdout before the framing does and reports every
// such line once it ends. A line is judged by its first character that is not blank: a JSON-RPC message
// (or a batch) starts with `{` or `[`; such lines are left to the SDK (one that is JSON but no message
// is reported by the transport as an error).
import type { MaskingLogger } from './logger';

/** How much of a stray line is kept (a bound for a line that never ends); the log shows less, see below. */
export const STRAY_LINE_KEPT = 64 * 1024;
/** How much of a stray line the log shows: enough to recognise it. */
export const STRAY_LINE_SHOWN = 200;

const BLANK = new Set([0x20, 0x09, 0x0d]);
const MESSAGE_START = new Set([0x7b, 0x5b]); // { [

export class StrayLineWatch {
  /** What the current line is, once its first character that is not blank came. */
  private line: 'unknown' | 'message' | 'stray' = 'unknown';
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
    if (this.line === 'unknown') {
      while (from < end && BLANK.has(chunk[from]!)) from++;
      if (from === end) return;
      this.line = MESSAGE_START.has(chunk[from]!) ? 'message' : 'stray';
    }
    if (this.line !== 'stray') return;
    const room = STRAY_LINE_KEPT - this.keptBytes;
    if (end - from > room) this.cut = true;
    if (room <= 0) return;
    // A copy: the chunk may be a large message's, and must not be kept alive by a few bytes of it.
    const kept = Buffer.from(chunk.subarray(from, Math.min(end, from + room)));
    this.kept.push(kept);
    this.keptBytes += kept.length;
  }

  private endLine(): void {
    if (this.line === 'stray') {
      this.report(Buffer.concat(this.kept).toString('utf8').trimEnd() + (this.cut ? '…' : ''));
      this.kept = [];
      this.keptBytes = 0;
      this.cut = false;
    }
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
