// The line-level rules of safeMarkdown that the parser-based link filter does not cover: which lines
// open and close a code fence (inside one nothing is touched, outside HTML is escaped), code spans kept
// as written, and `command:` links defused even where the parser sees no link (an unclosed one, a
// reference definition), since another renderer might.
import * as assert from 'node:assert/strict';
import { escapeMarkdownInline, safeMarkdown } from '../../../src/common/markdownSafety';

const md = (...lines: string[]) => safeMarkdown(lines.join('\n')).split('\n');

describe('safeMarkdown: fences', () => {
  it('closes a fence only with the same character, at least as long, alone on its line', () => {
    assert.deepEqual(md('```', '<a>', '~~~', '<b>', '```', '<c>'), ['```', '<a>', '~~~', '<b>', '```', '&lt;c>'], 'a tilde line does not close backticks');
    assert.deepEqual(md('````', '<a>', '```', '<b>', '````', '<c>'), ['````', '<a>', '```', '<b>', '````', '&lt;c>'], 'a shorter fence does not close');
    assert.deepEqual(md('```', '<a>', '``` not alone', '<b>', '```', '<c>'), ['```', '<a>', '``` not alone', '<b>', '```', '&lt;c>']);
    assert.deepEqual(md('```', '<a>', '   `````  ', '<b>'), ['```', '<a>', '   `````  ', '&lt;b>'], 'longer, indented and with trailing spaces: closes');
  });

  it('opens a fence only with up to three spaces of indentation', () => {
    assert.deepEqual(md('    ```', '<b>'), ['    ```', '&lt;b>']);
    assert.deepEqual(md('   ~~~', '<b>'), ['   ~~~', '<b>', '~~~'], 'left open: closed at the end');
  });

  it('takes a tilde line with backticks after it as a fence, and a backtick line with a backtick after it as text', () => {
    assert.deepEqual(md('~~~ `x`', '<b>'), ['~~~ `x`', '<b>', '~~~']);
    assert.deepEqual(md('``` `x` <b>'), ['``` `x` &lt;b>']);
  });
});

describe('safeMarkdown: line breaks', () => {
  it('takes a lone carriage return as a line break, so a fence opened after one is closed too', () => {
    assert.equal(safeMarkdown('text\r```\r<b>'), 'text\n```\n<b>\n```');
  });
});

describe('safeMarkdown: code spans', () => {
  it('keeps code spans as written and escapes what is around them', () => {
    assert.deepEqual(md('`<b>` <i>'), ['`<b>` &lt;i>'], 'a span at the start of the line');
    assert.deepEqual(md('``<a>`<b>`` <c>'), ['``<a>`<b>`` &lt;c>'], 'a double-backtick span holding a single backtick');
  });

  it('takes a backtick run without a partner of the same length as text', () => {
    assert.deepEqual(md('x ` <b>'), ['x ` &lt;b>']);
    assert.deepEqual(md('`a`` <b>'), ['`a`` &lt;b>']);
    assert.deepEqual(md('`` <b> ` <i>'), ['`` &lt;b> ` &lt;i>']);
  });
});

describe('safeMarkdown: command links the parser does not see', () => {
  it('defuses an unclosed inline command link, with spaces or an angle bracket, in any case', () => {
    assert.deepEqual(md('[a](command:x'), ['[a](#command:x']);
    assert.deepEqual(md('[a](  command:x'), ['[a](#command:x']);
    assert.deepEqual(md('[a](<command:x'), ['[a](#command:x']);
    assert.deepEqual(md('[a](< COMMAND:x'), ['[a](#command:x']);
    assert.deepEqual(md('see [a](command:x and [b](command:y'), ['see [a](#command:x and [b](#command:y'], 'every one on the line');
  });

  it('defuses a command reference definition the parser does not take, with or without spaces or an angle bracket', () => {
    assert.deepEqual(md('  [ab]: < Command:x'), ['  [ab]: &lt; #command:x'], 'indented');
    assert.deepEqual(md('[ab]:< Command:x'), ['[ab]:&lt; #command:x'], 'no space after the colon');
    assert.deepEqual(md('[ab]: command:x "t'), ['[ab]: #command:x "t'], 'no angle bracket (an unclosed title)');
    assert.deepEqual(md('[ab]: <command:x'), ['[ab]: &lt;#command:x'], 'no space after the angle bracket');
  });

  it('leaves text between a link and a later command: alone (it is not the link target)', () => {
    assert.deepEqual(md('[a](docs command:x'), ['[a](docs command:x']);
  });

  it('defuses a command reference definition, however it is spaced', () => {
    // A definition the parser sees is shown as literal text (issue 24: no definition reaches another block).
    assert.deepEqual(md('[r]:command:x'), ['\\[r\\]&#58;command&#58;x']);
    assert.deepEqual(md('  [my ref]:   <command:x>'), ['  \\[my ref\\]&#58; &lt;command&#58;x&gt;']);
    assert.deepEqual(md('[ab]: < Command:x'), ['[ab]: &lt; #command:x']);
    assert.deepEqual(md('text [r]: command:x'), ['text [r]: command:x'], 'not a definition when it does not start the line');
  });
});

describe('safeMarkdown: reference definitions shown as text', () => {
  it('shows a definition inside a quote, and one right after a code block, as literal text', () => {
    assert.deepEqual(md('> [x]: https://evil.example/steal', '> quoted'), ['&gt; \\[x\\]&#58; https&#58;//evil\\.example/steal', '> quoted']);
    assert.deepEqual(md('```', 'code', '```', '[x]: https://evil.example/s'), ['```', 'code', '```', '\\[x\\]&#58; https&#58;//evil\\.example/s']);
  });

  it('leaves every line of a table alone beside a definition, its delimiter row too', () => {
    assert.deepEqual(md('| a | b |', '|---|---|', '| c | d |', '', '[x]: https://e.example'), ['| a | b |', '|---|---|', '| c | d |', '', '\\[x\\]&#58; https&#58;//e\\.example']);
  });

  it('leaves bare quote and list markers alone beside a definition', () => {
    assert.deepEqual(md('[x]: https://evil.example/s', '', '>', '- ', '1. '), ['\\[x\\]&#58; https&#58;//evil\\.example/s', '', '>', '- ', '1. ']);
  });
});

describe('safeMarkdown: lines shown as literal text', () => {
  it('keeps up to three spaces of indentation, so the line does not turn into code', () => {
    assert.deepEqual(md('para', '      [x](command:y)'), ['para', '   \\[x\\]\\(command&#58;y\\)']);
    assert.deepEqual(md('para', '\t[x](command:y)'), ['para', '   \\[x\\]\\(command&#58;y\\)']);
    assert.deepEqual(md('  [x](command:y)'), ['  \\[x\\]\\(command&#58;y\\)']);
  });

  it('escapes ampersands and trims in inline places', () => {
    assert.equal(escapeMarkdownInline('  a & b  '), 'a &amp; b');
  });
});
