// Server text in dialogs, tooltips and rows: every invisible or reordering character removed (each one
// a way to make the user read something other than what was sent), line breaks kept only where lines
// are allowed, and every cut said with how much was left out.
import * as assert from 'node:assert/strict';
import { cleanServerLine, cleanServerText, truncateVisibly } from '../../../src/common/serverText';

describe('server text', () => {
  it('removes every control character but tab and newline, and every bidi and zero-width character', () => {
    const invisible = [
      ...Array.from({ length: 9 }, (_, i) => i), // U+0000–U+0008
      ...Array.from({ length: 0x1f - 0x0b + 1 }, (_, i) => 0x0b + i).filter((c) => c !== 0x0d), // U+000B–U+001F (CR is a line end, below)
      ...Array.from({ length: 0x9f - 0x7f + 1 }, (_, i) => 0x7f + i), // DEL and the C1 controls
      0x061c, // Arabic letter mark
      ...Array.from({ length: 5 }, (_, i) => 0x200b + i), // zero-width space … right-to-left mark
      ...Array.from({ length: 5 }, (_, i) => 0x202a + i), // embeddings and overrides
      ...Array.from({ length: 10 }, (_, i) => 0x2060 + i), // word joiner … isolates
      0xfeff, // zero-width no-break space
    ];
    for (const code of invisible) {
      assert.equal(cleanServerText(`a${String.fromCharCode(code)}b`, 100), 'ab', `U+${code.toString(16).padStart(4, '0')}`);
    }
  });

  it('keeps tabs, newlines and ordinary text of any script, and the characters next to the removed ranges', () => {
    for (const kept of ['\t', '\n', ' ', '~', '\u00a0', 'é', 'Ω', '中', '\u061b', '\u200a', '\u2010', '\u2029', '\u202f', '\u206a', '\ufefe', '😀']) {
      assert.equal(cleanServerText(`a${kept}b`, 100), `a${kept}b`, JSON.stringify(kept));
    }
  });

  it('turns Windows and old Mac line ends into newlines in text, and any line break into one space in a line', () => {
    assert.equal(cleanServerText('a\r\nb\rc\nd', 100), 'a\nb\nc\nd');
    assert.equal(cleanServerLine('a \r\n  b\r\rc\n\n  d', 100), 'a b c d');
    assert.equal(cleanServerLine('  lead and trail  ', 100), '  lead and trail  ', 'only breaks and the spaces around them');
  });

  it('cuts visibly, saying how many characters were left out', () => {
    assert.equal(truncateVisibly('abcdef', 6), 'abcdef');
    assert.equal(truncateVisibly('abcdefg', 6), 'abcdef… (1 more characters)');
    assert.equal(truncateVisibly('x'.repeat(12_345 + 10), 10), `${'x'.repeat(10)}… (12,345 more characters)`);
    assert.equal(cleanServerText('a\u200bbc', 2), 'ab… (1 more characters)', 'counted after the invisible ones are gone');
  });
});
