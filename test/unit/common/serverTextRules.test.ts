// The finer rules of the server text cleaner (src/common/serverText.ts), as a person reading a row, a
// dialog or a document sees them: odd values a server sends (nothing, a number), where a cut falls,
// which line breaks count, and spacing that must not change what the server wrote.
import * as assert from 'node:assert/strict';
import { excerpt, fullText, isCut, ownWordsFromShownL10n, shownArg, shownLine, shownLines, shownText, TextCaps, withVisibleEscapes } from '../../../src/common/serverText';

describe('server text cleaner: finer rules', () => {
  it('shows nothing for a missing value, and a number as written', () => {
    assert.equal(shownLine(undefined), '');
    assert.equal(shownLine(null), '');
    assert.equal(shownText(undefined), '');
    assert.equal(shownLine(42), '42');
  });

  it('trims a name, collapses runs of spaces and tabs to one space, and keeps a single tab', () => {
    assert.equal(shownLine('  a   b  '), 'a b');
    assert.equal(shownLine('a\t\tb'), 'a b');
    assert.equal(shownLine('a\tb'), 'a\tb');
  });

  it('takes a lone carriage return as a line break in multi-line text and in the full text', () => {
    assert.equal(shownText('a\rb'), 'a\nb');
    assert.equal(fullText('a\rb'), 'a\nb');
    assert.equal(fullText('a\r\nb'), 'a\nb');
  });

  it('collapses only runs of blank lines, never a line between two breaks', () => {
    assert.equal(shownText('one\ntwo\n\n\nthree'), 'one\ntwo\n\nthree');
  });

  it('writes a tab out as \\t where a value must be seen exactly', () => {
    assert.equal(withVisibleEscapes('a\tb'), 'a\\tb');
  });

  it('keeps a text of exactly the cap whole, and cuts one character more', () => {
    assert.equal(shownLine('x'.repeat(TextCaps.name)), 'x'.repeat(TextCaps.name));
    assert.equal(shownLine('x'.repeat(TextCaps.name + 1)), `${'x'.repeat(TextCaps.name)}… (1 more characters)`);
    assert.equal(isCut('abc', 3), false);
    assert.equal(isCut('abcd', 3), true);
    assert.equal(isCut(undefined, 0), false);
  });

  it('looks for a split surrogate pair only at the cut', () => {
    assert.equal(shownLine(`${'a'.repeat(9)}😀bb`, 10), `${'a'.repeat(9)}… (4 more characters)`);
    assert.equal(shownLine(`😀${'a'.repeat(20)}`, 10), `😀${'a'.repeat(8)}… (12 more characters)`);
  });

  it('puts a value into a sentence on one line, capped at the message cap', () => {
    assert.equal(shownArg('a\nb'), 'a b');
    assert.equal(shownArg('x'.repeat(TextCaps.message + 5)), `${'x'.repeat(TextCaps.message)}… (5 more characters)`);
  });

  it('shows a long text as 70% head and 30% tail, with how much lies between; a text of exactly the cap fits', () => {
    assert.deepEqual(excerpt('0123456789abcdefghij', 10), { head: '0123456', hidden: 10, tail: 'hij', total: 20 });
    assert.equal(excerpt('0123456789', 10), undefined);
  });

  it('splits shown text into its lines, and passes the extension’s own words through', () => {
    assert.deepEqual(shownLines(shownText('a\nb')), ['a', 'b']);
    assert.equal(ownWordsFromShownL10n('Start server'), 'Start server');
  });
});
