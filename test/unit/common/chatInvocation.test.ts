// The text form of `@mcp /prompt …` and of the participant's positional commands.
import * as assert from 'node:assert/strict';
import { formatInvocation, leadingWords, parseInvocation } from '../../../src/common/chatInvocation';

describe('prompt invocation text', () => {
  it('parses server/prompt, bare and quoted values, and keeps the rest as typed', () => {
    assert.deepEqual(parseInvocation('fixture/greet name=Ada style="very formal" please, be brief'), {
      ok: true,
      ref: 'fixture/greet',
      args: { name: 'Ada', style: 'very formal' },
      rest: 'please, be brief',
    });
  });

  it('reads escapes in double quotes, literal single quotes, = inside values and empty values', () => {
    const parsed = parseInvocation(`p code="say \\"hi\\" \\\\ bye" path='C:\\dir\\x' q=a=b empty=""`);
    assert.deepEqual(parsed, { ok: true, ref: 'p', args: { code: 'say "hi" \\ bye', path: 'C:\\dir\\x', q: 'a=b', empty: '' }, rest: '' });
  });

  it('keeps newlines inside quoted values and in the free text', () => {
    const parsed = parseInvocation('s/p code="line 1\nline 2" Explain\nthis');
    assert.deepEqual(parsed, { ok: true, ref: 's/p', args: { code: 'line 1\nline 2' }, rest: 'Explain\nthis' });
  });

  it('treats arguments after free text as text, and an empty input as "no prompt"', () => {
    assert.deepEqual(parseInvocation('greet hello name=Ada'), { ok: true, ref: 'greet', args: {}, rest: 'hello name=Ada' });
    assert.deepEqual(parseInvocation('   '), { ok: true, ref: undefined, args: {}, rest: '' });
    assert.deepEqual(parseInvocation('name=Ada'), { ok: true, ref: undefined, args: { name: 'Ada' }, rest: '' });
  });

  it('accepts a quoted reference (a server name with a space)', () => {
    assert.deepEqual(parseInvocation('"my server/greet" name=Ada'), { ok: true, ref: 'my server/greet', args: { name: 'Ada' }, rest: '' });
  });

  it('reports an unterminated quote with its position', () => {
    const parsed = parseInvocation('s/p code="oops');
    assert.equal(parsed.ok, false);
    assert.match((parsed as { error: string }).error, /quote opened at position 10 is never closed/);
  });

  it('formats what it parses back to the same invocation', () => {
    const values = { plain: 'Ada', spaced: 'two words', quotes: `he said "hi" and 'bye'`, backslash: 'C:\\x\\', eq: 'a=b', empty: '', lines: 'a\nb' };
    for (const server of ['fixture', 'my server']) {
      const text = formatInvocation(server, 'review_code', values, 'and then?');
      assert.deepEqual(parseInvocation(text), { ok: true, ref: `${server}/review_code`, args: values, rest: 'and then?' });
    }
    assert.equal(formatInvocation('fixture', 'greet', { name: 'Ada', style: undefined }), 'fixture/greet name=Ada');
  });

  it('splits positional words for /resource, keeping URIs with = and quoted ones', () => {
    assert.deepEqual(leadingWords('docs fixture://a?x=1 what is it?', 2), { words: ['docs', 'fixture://a?x=1'], rest: 'what is it?' });
    assert.deepEqual(leadingWords('"my server" "file:///a b.txt"', 2), { words: ['my server', 'file:///a b.txt'], rest: '' });
  });
});
