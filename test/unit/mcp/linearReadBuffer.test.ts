// The stdio transport's read buffer (src/mcp/linearReadBuffer.ts), piece by piece: what a server writes
// arrives in reads of any size, and the buffer must frame it exactly as the SDK's own does, within the
// size limit, whatever the pieces.
import * as assert from 'node:assert/strict';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { LinearReadBuffer } from '../../../src/mcp/linearReadBuffer';

const line = (method: string, extra = '') => `{"jsonrpc":"2.0","method":"${method}"${extra ? `,"params":{"x":"${extra}"}` : ''}}\n`;

/** Appends each piece, then reads every whole message there is. */
function read(buffer: LinearReadBuffer, ...pieces: string[]): string[] {
  for (const piece of pieces) buffer.append(Buffer.from(piece));
  const methods: string[] = [];
  for (let message: JSONRPCMessage | null; (message = buffer.readMessage()); ) methods.push((message as { method: string }).method);
  return methods;
}

describe('LinearReadBuffer: framing a server’s output, whatever the reads', () => {
  it('holds a message back until its newline arrives, in any number of pieces, and reads the next ones too', () => {
    const buffer = new LinearReadBuffer(1000);
    const first = line('first', 'a'.repeat(100));
    assert.deepEqual(read(buffer, first.slice(0, 30), first.slice(30, 60)), [], 'no newline yet');
    assert.deepEqual(read(buffer, first.slice(60)), ['first']);
    const second = line('second');
    const third = line('third');
    // The second message split right before its closing brace: the last piece is "}\n" (its newline at index 1).
    assert.deepEqual(read(buffer, second.slice(0, -2), second.slice(-2) + third.slice(0, 5)), ['second']);
    assert.deepEqual(read(buffer, third.slice(5, 10), third.slice(10)), ['third']);
  });

  it('reads several messages that came in one piece', () => {
    assert.deepEqual(read(new LinearReadBuffer(1000), line('a') + line('b') + line('c')), ['a', 'b', 'c']);
  });

  it('accepts pieces held back up to the limit exactly, and refuses one byte more, saying how much is allowed', () => {
    const atLimit = new LinearReadBuffer(100);
    assert.deepEqual(read(atLimit, 'x'.repeat(60), 'x'.repeat(40)), []);
    const over = new LinearReadBuffer(100);
    over.append(Buffer.from('x'.repeat(60)));
    assert.throws(() => over.append(Buffer.from('x'.repeat(41))), /^Error: ReadBuffer exceeded maximum size of 100 bytes$/);
  });

  it('refuses one piece larger than the limit on its own, newline or not', () => {
    assert.throws(() => new LinearReadBuffer(100).append(Buffer.from('x'.repeat(101))), /exceeded maximum size of 100 bytes/);
    assert.throws(() => new LinearReadBuffer(100).append(Buffer.from(`${'x'.repeat(100)}\n`)), /exceeded maximum size of 100 bytes/);
  });

  it('counts a message begun in an earlier piece (kept by the SDK’s buffer) against the limit too', () => {
    const buffer = new LinearReadBuffer(100);
    // 60 bytes of the next message arrive with the first one's newline: the SDK's buffer keeps them.
    assert.deepEqual(read(buffer, line('first') + 'y'.repeat(60)), ['first']);
    buffer.append(Buffer.from('y'.repeat(35)));
    // 60 + 35 + 7 bytes: over 100, though fewer than 100 arrived after the first message's newline.
    assert.throws(() => buffer.append(Buffer.from('yyyyyy\n')), /exceeded maximum size of 100 bytes/);
  });

  it('starts afresh after refusing: the refused message’s pieces are dropped, the next message is read', () => {
    const buffer = new LinearReadBuffer(100);
    buffer.append(Buffer.from('z'.repeat(60)));
    assert.throws(() => buffer.append(Buffer.from('z'.repeat(50))));
    assert.deepEqual(read(buffer, line('after')), ['after']);
    // clear() too drops what is held back, as the transport does when it closes.
    buffer.append(Buffer.from('w'.repeat(90)));
    buffer.clear();
    assert.deepEqual(read(buffer, line('again')), ['again']);
  });

  it('drops whole lines not read yet on clear(), so none of them is read or reported afterwards', () => {
    const stray: string[] = [];
    const buffer = new LinearReadBuffer(1000, (text) => stray.push(text));
    buffer.append(Buffer.from(`Server ready\n${line('before')}`));
    buffer.clear();
    assert.deepEqual(read(buffer, line('after')), ['after']);
    assert.deepEqual(stray, []);
  });

  it('without anyone to tell, skips a line that is no message and reads the next one', () => {
    assert.deepEqual(read(new LinearReadBuffer(1000), `Server ready\n{"level":30}\n${line('m')}`), ['m']);
  });
});
