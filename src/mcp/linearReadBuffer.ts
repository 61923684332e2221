// Reading a stdio server's output in linear time (used by managedStdioTransport.ts).
import { ReadBuffer } from '@modelcontextprotocol/client';

/**
 * The SDK's ReadBuffer concatenates its whole buffer with every 64 KB chunk, so one 50 MB message costs
 * gigabytes of copying (13 s measured here). This one keeps chunks aside until one holds a newline and
 * hands them to the SDK's buffer in one piece: the same framing and parsing, read in linear time. The size
 * limit holds for both: the chunks kept aside here, and what the SDK's buffer holds of a message begun in an
 * earlier piece.
 */
export class LinearReadBuffer extends ReadBuffer {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  /** `observe` sees each chunk as it came, before the framing (strayLines.ts). */
  constructor(
    private readonly maxBytes: number,
    private readonly observe?: (chunk: Buffer) => void,
  ) {
    super({ maxBufferSize: maxBytes });
  }

  override append(chunk: Buffer): void {
    this.observe?.(chunk);
    if (this.pendingBytes + chunk.length > this.maxBytes) {
      this.clear();
      throw new Error(`ReadBuffer exceeded maximum size of ${this.maxBytes} bytes`);
    }
    if (chunk.indexOf(0x0a) === -1) {
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
      return;
    }
    const whole = this.pending.length ? Buffer.concat([...this.pending, chunk]) : chunk;
    this.pending = [];
    this.pendingBytes = 0;
    super.append(whole);
  }

  override clear(): void {
    this.pending = [];
    this.pendingBytes = 0;
    super.clear();
  }
}
