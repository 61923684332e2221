// Lines on a stdio server's stdout that are not MCP messages (linearReadBuffer.ts finds them, strayLines.ts
// tells of them): the SDK drops them, so the client tells the server's author, once as a warning and then
// line by line.
import * as assert from 'node:assert/strict';
import { LinearReadBuffer } from '../../../src/mcp/linearReadBuffer';
import { maskingLogger } from '../../../src/mcp/logger';
import { keptPart, logStrayLines, STRAY_LINE_KEPT, STRAY_LINE_SHOWN } from '../../../src/mcp/strayLines';
import { MemoryLogger } from '../helpers';

/** What the buffer reads from these chunks: each message's method (or id), each dropped line as "kind line". */
function readOut(...chunks: (string | Buffer)[]): { messages: string[]; stray: string[] } {
  const stray: string[] = [];
  const messages: string[] = [];
  const buffer = new LinearReadBuffer(1024 * 1024, (line, kind) => stray.push(`${kind} ${line}`));
  for (const chunk of chunks) {
    buffer.append(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    for (let m = buffer.readMessage(); m; m = buffer.readMessage()) messages.push('method' in m ? m.method : `#${'id' in m ? m.id : ''}`);
  }
  return { messages, stray };
}
const strayOf = (...chunks: (string | Buffer)[]) => readOut(...chunks).stray;

describe('Lines on stdout that are not MCP messages', () => {
  it('reports a text line and reads the messages around it; blank lines are nothing to tell', () => {
    const out = readOut('Server started on stdio\n{"jsonrpc":"2.0","id":1,"result":{}}\n\n  \r\n\t\n{"jsonrpc":"2.0","method":"m"}\n');
    assert.deepEqual(out.stray, ['text Server started on stdio']);
    assert.deepEqual(out.messages, ['#1', 'm']);
  });

  it('reports JSON that is no JSON-RPC message as JSON: a structured log record, {}, [], a batch', () => {
    const lines = ['{"level":30,"time":1700000000000,"msg":"listening"}', '{}', '[]', '[{"jsonrpc":"2.0","method":"x"}]', '{"jsonrpc":"1.0","method":"x"}', '"ready"', '42'];
    assert.deepEqual(strayOf(`${lines.join('\n')}\n`), lines.map((l) => `json ${l}`));
  });

  it('reports a line that only starts like a message as text, console.log of an object over several lines too', () => {
    assert.deepEqual(strayOf('[INFO] Server started\n{ a: 1 }\n{\n[\n{"jsonrpc":"2.0","method":\n{ "jsonrpc":"2.0","method":"m"}\n'), ['text [INFO] Server started', 'text { a: 1 }', 'text {', 'text [', 'text {"jsonrpc":"2.0","method":']);
    assert.deepEqual(strayOf('{\n  a: 1,\n  b: [ 2 ]\n}\n'), ['text {', 'text a: 1,', 'text b: [ 2 ]', 'text }']);
  });

  it('reads a line split across chunks anywhere, one report per line, only once it ends', () => {
    assert.deepEqual(readOut('Serv', 'er up', ''), { messages: [], stray: [] });
    assert.deepEqual(readOut('Serv', 'er up\r', '\n{"jsonrpc"', ':"2.0","method":"m"}\nbye\n'), { messages: ['m'], stray: ['text Server up', 'text bye'] });
    assert.deepEqual(readOut('  {', '  ', '"jsonrpc":"2.0","method":"m"}\r\n', ' \t> ready\r\n'), { messages: ['m'], stray: ['text > ready'] });
  });

  it('reports a long line whole: what shows it cuts it once masked', () => {
    const long = 'y'.repeat(STRAY_LINE_KEPT) + 'z'.repeat(1000);
    assert.deepEqual(strayOf(long.slice(0, 150), `${long.slice(150)}\nshort\n`), [`text ${long}`, 'text short']);
  });

  it(`keeps ${STRAY_LINE_KEPT} characters of a line for the Protocol view, and marks the cut`, () => {
    assert.equal(keptPart('w'.repeat(STRAY_LINE_KEPT)), 'w'.repeat(STRAY_LINE_KEPT), 'exactly the limit: nothing cut');
    assert.equal(keptPart('w'.repeat(STRAY_LINE_KEPT + 1)), `${'w'.repeat(STRAY_LINE_KEPT)}…`);
  });

  it('decodes UTF-8 split across chunks', () => {
    const bytes = Buffer.from('Prêt à servir\n');
    assert.deepEqual(strayOf(bytes.subarray(0, 3), bytes.subarray(3)), ['text Prêt à servir']);
  });

  it('warns once with what to do, then logs each line as information', () => {
    const logger = new MemoryLogger();
    const log = logStrayLines(maskingLogger(logger, () => []));
    log('Server started', 'text');
    log('{"msg":"request received"}', 'json');
    log('done', 'text');
    assert.deepEqual(logger.lines, [
      'warn The server wrote a line to stdout that is not an MCP message, and it was dropped: "Server started". Over stdio, stdout carries only JSON-RPC messages, one per line: the server must write its logs to stderr. Lines like it are logged below as [stdout, not MCP].',
      'info [stdout, not MCP] {"msg":"request received"}',
      'info [stdout, not MCP] done',
    ]);
  });

  it('says so when the first line is JSON: a structured logger writing to stdout', () => {
    const logger = new MemoryLogger();
    logStrayLines(maskingLogger(logger, () => []))('{"level":30,"msg":"listening"}', 'json');
    assert.deepEqual(logger.lines, [
      'warn The server wrote JSON to stdout that is not a JSON-RPC message, and it was dropped: "{"level":30,"msg":"listening"}". Over stdio, stdout carries only JSON-RPC messages, one per line: the server must write its logs to stderr. Lines like it are logged below as [stdout, not MCP].',
    ]);
  });

  it(`shows ${STRAY_LINE_SHOWN} characters of a line, masked before the cut so that no part of a secret shows`, () => {
    const logger = new MemoryLogger();
    const secret = 'sk-live-0123456789abcdef';
    const log = logStrayLines(maskingLogger(logger, () => [secret]));
    log('first', 'text');
    const straddling = `${'a'.repeat(STRAY_LINE_SHOWN - 10)}${secret}${'b'.repeat(20)}`;
    log(straddling, 'text');
    log('c'.repeat(STRAY_LINE_SHOWN), 'text');
    assert.deepEqual(logger.lines.slice(1), [
      `info [stdout, not MCP] ${'a'.repeat(STRAY_LINE_SHOWN - 10)}***${'b'.repeat(7)}…`,
      `info [stdout, not MCP] ${'c'.repeat(STRAY_LINE_SHOWN)}`,
    ]);
    assert.ok(!logger.lines.join('\n').includes(secret.slice(0, 8)));
  });
});
