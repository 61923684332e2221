// Reading a stdio server's output (used by managedStdioTransport.ts): the SDK's framing, one JSON-RPC
// message per line, read in linear time, and telling of every line it drops.
import { ReadBuffer, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { readStdoutLine, type StrayKind } from './strayLines';

/**
 * The SDK's ReadBuffer concatenates its whole buffer with every 64 KB chunk, so one 50 MB message costs
 * gigabytes of copying (13 s measured here); and it drops every line that is no message, text without a
 * word and JSON as a transport error. This one keeps a line's chunks aside until its newline comes and joins
 * them once, reads each line as the SDK does (readStdoutLine), and hands each line it drops to
 * `stray`, whole (what shows it cuts it, after masking). The size limit bounds a line still waiting for its newline. It extends ReadBuffer only to be one
 * for the transport (which keeps its buffer in a private field of that type): the SDK's buffer stays empty.
 */
export class LinearReadBuffer extends ReadBuffer {
  /** The current line's chunks, before its newline. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Whole lines not read yet. */
  private lines: Buffer[] = [];

  constructor(
    private readonly maxBytes: number,
    private readonly stray?: (line: string, kind: StrayKind) => void,
  ) {
    // No options: the SDK's buffer, and so its own size limit, is never used.
    super();
  }

  override append(chunk: Buffer): void {
    if (this.pendingBytes + chunk.length > this.maxBytes) {
      this.clear();
      throw new Error(`ReadBuffer exceeded maximum size of ${this.maxBytes} bytes`);
    }
    let start = 0;
    for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      const end = chunk.subarray(start, newline);
      this.lines.push(this.pending.length ? Buffer.concat([...this.pending, end]) : end);
      this.pending = [];
      this.pendingBytes = 0;
      start = newline + 1;
    }
    if (start === chunk.length) return;
    this.pending.push(chunk.subarray(start));
    this.pendingBytes += chunk.length - start;
  }

  override readMessage(): JSONRPCMessage | null {
    for (let line = this.lines.shift(); line; line = this.lines.shift()) {
      // Blanks around a message are JSON's whitespace; a blank line is nothing to tell.
      const text = line.toString('utf8').trim();
      if (!text) continue;
      const read = readStdoutLine(text);
      if ('message' in read) return read.message;
      this.stray?.(text, read.stray);
    }
    return null;
  }

  override clear(): void {
    this.pending = [];
    this.pendingBytes = 0;
    this.lines = [];
    super.clear();
  }
}
