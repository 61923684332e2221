// Lines on a stdio server's stdout that cannot be MCP messages (strayLines.ts): the SDK drops them, so the
// client tells the server's author, once as a warning and then line by line.
import * as assert from 'node:assert/strict';
import { maskingLogger } from '../../../src/mcp/logger';
import { logStrayLines, STRAY_LINE_KEPT, STRAY_LINE_SHOWN, StrayLineWatch } from '../../../src/mcp/strayLines';
import { MemoryLogger } from '../helpers';

function strayLinesOf(...chunks: (string | Buffer)[]): string[] {
  const lines: string[] = [];
  const watch = new StrayLineWatch((line) => lines.push(line));
  for (const chunk of chunks) watch.feed(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return lines;
}

describe('Lines on stdout that are not MCP messages', () => {
  it('reports a text line and leaves messages, batches and blank lines alone', () => {
    assert.deepEqual(strayLinesOf('Server started on stdio\n{"jsonrpc":"2.0","id":1,"result":{}}\n[{"jsonrpc":"2.0","method":"x"}]\n\n  \r\n\t\n'), ['Server started on stdio']);
  });

  it('tells a message from a line that only starts like one, by its second character that is not blank', () => {
    assert.deepEqual(strayLinesOf('[INFO] Server started\n{ a: 1 }\n{}\n[]\n[ ]\n{ "jsonrpc":"2.0","method":"m"}\n[ {"jsonrpc":"2.0","method":"m"}]\n{\n[\n'), ['[INFO] Server started', '{ a: 1 }', '{', '[']);
    assert.deepEqual(strayLinesOf('{\n  a: 1,\n  b: [ 2 ]\n}\n'), ['{', 'a: 1,', 'b: [ 2 ]', '}'], "console.log of an object, over several lines");
  });

  it('decides a line that opens in one chunk by the next chunks', () => {
    assert.deepEqual(strayLinesOf('{', '  ', '"jsonrpc":"2.0","method":"m"}\n'), []);
    assert.deepEqual(strayLinesOf('  {', ' ', 'a: 1 }\n'), ['{ a: 1 }']);
    assert.deepEqual(strayLinesOf('[', 'WARN] low disk\n'), ['[WARN] low disk']);
  });

  it('judges a line by its first character that is not blank, and drops a line end\'s \\r', () => {
    assert.deepEqual(strayLinesOf('  {"jsonrpc":"2.0","method":"m"}\n \t> ready\r\n'), ['> ready']);
  });

  it('reads a line split across chunks anywhere, one report per line, only once it ends', () => {
    assert.deepEqual(strayLinesOf('Serv', 'er up', ''), []);
    assert.deepEqual(strayLinesOf('Serv', 'er up\r', '\n{"jsonrpc"', ':"2.0","method":"m"}\nbye\n'), ['Server up', 'bye']);
    assert.deepEqual(strayLinesOf('   ', '  ', ' {"jsonrpc":"2.0","method":"m"}\n'), [], 'blanks in one chunk, the message in the next');
    assert.deepEqual(strayLinesOf('   ', 'ok\n'), ['ok']);
  });

  it(`keeps the first ${STRAY_LINE_KEPT} bytes of a line that goes on, and marks the cut`, () => {
    const long = 'y'.repeat(STRAY_LINE_KEPT - 5) + 'z'.repeat(1000);
    assert.deepEqual(strayLinesOf(long.slice(0, 150), `${long.slice(150)}\nshort\n`), [`${'y'.repeat(STRAY_LINE_KEPT - 5)}zzzzz…`, 'short']);
    assert.deepEqual(strayLinesOf(`${'w'.repeat(STRAY_LINE_KEPT)}\n`), ['w'.repeat(STRAY_LINE_KEPT)], 'exactly the limit: nothing cut');
    assert.deepEqual(strayLinesOf('w'.repeat(STRAY_LINE_KEPT), 'v\n'), [`${'w'.repeat(STRAY_LINE_KEPT)}…`], 'cut in a later chunk');
  });

  it('decodes UTF-8 split across chunks', () => {
    const bytes = Buffer.from('Prêt à servir\n');
    assert.deepEqual(strayLinesOf(bytes.subarray(0, 3), bytes.subarray(3)), ['Prêt à servir']);
  });

  it('warns once with what to do, then logs each line as information', () => {
    const logger = new MemoryLogger();
    const log = logStrayLines(maskingLogger(logger, () => []));
    log('Server started');
    log('request received');
    log('done');
    assert.deepEqual(logger.lines, [
      'warn The server wrote a line to stdout that is not an MCP message, and it was dropped: "Server started". Over stdio, stdout carries only JSON-RPC messages: the server must write its logs to stderr. Lines like it are logged below as [stdout, not MCP].',
      'info [stdout, not MCP] request received',
      'info [stdout, not MCP] done',
    ]);
  });

  it(`shows ${STRAY_LINE_SHOWN} characters of a line, masked before the cut so that no part of a secret shows`, () => {
    const logger = new MemoryLogger();
    const secret = 'sk-live-0123456789abcdef';
    const log = logStrayLines(maskingLogger(logger, () => [secret]));
    log('first');
    const straddling = `${'a'.repeat(STRAY_LINE_SHOWN - 10)}${secret}${'b'.repeat(20)}`;
    log(straddling);
    log('c'.repeat(STRAY_LINE_SHOWN));
    assert.deepEqual(logger.lines.slice(1), [
      `info [stdout, not MCP] ${'a'.repeat(STRAY_LINE_SHOWN - 10)}***${'b'.repeat(7)}…`,
      `info [stdout, not MCP] ${'c'.repeat(STRAY_LINE_SHOWN)}`,
    ]);
    assert.ok(!logger.lines.join('\n').includes(secret.slice(0, 8)));
  });
});
