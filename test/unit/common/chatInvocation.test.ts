// The text form of `@mcp /prompt …`, the closest-match suggestions and resolving a reference to a prompt.
import * as assert from 'node:assert/strict';
import type { Prompt } from '@modelcontextprotocol/client';
import { closestMatch } from '../../src/common/closestMatch';
import { formatInvocation, leadingWords, parseInvocation } from '../../src/common/chatInvocation';
import type { ServerPrompts } from '../../src/prompts/promptCatalog';
import { checkArgumentNames, resolvePromptRef } from '../../src/prompts/resolvePrompt';

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

describe('closest match', () => {
  it('suggests the nearest name for typos, transpositions, case and prefixes', () => {
    const names = ['greet', 'review_code', 'describe_image', 'conversation'];
    assert.equal(closestMatch('gret', names), 'greet');
    assert.equal(closestMatch('geret', names), 'greet');
    assert.equal(closestMatch('REVIEW_CODE', names), 'review_code');
    assert.equal(closestMatch('review', names), 'review_code');
    assert.equal(closestMatch('converstion', names), 'conversation');
  });

  it('suggests nothing when nothing is close', () => {
    assert.equal(closestMatch('deploy', ['greet', 'review_code']), undefined);
    assert.equal(closestMatch('x', []), undefined);
  });
});

describe('resolving a prompt reference', () => {
  const prompt = (name: string, args: Prompt['arguments'] = []): Prompt => ({ name, arguments: args });
  const fixture: ServerPrompts = { server: 'fixture', status: 'ready', items: [prompt('greet', [{ name: 'name', required: true }, { name: 'style' }]), prompt('review_code')] };
  const docs: ServerPrompts = { server: 'docs', status: 'ready', items: [prompt('summarize'), prompt('greet')] };

  it('finds server/prompt, and a bare name that only one server has', () => {
    const found = resolvePromptRef('fixture/greet', [fixture, docs]);
    assert.ok(found.ok);
    assert.equal(found.server, 'fixture');
    assert.equal(found.prompt.name, 'greet');
    const bare = resolvePromptRef('summarize', [fixture, docs]);
    assert.ok(bare.ok && bare.server === 'docs');
  });

  it('allows leaving the server out when there is a single server', () => {
    const found = resolvePromptRef('review_code', [fixture]);
    assert.ok(found.ok && found.server === 'fixture');
  });

  it('asks to name the server when two servers have the prompt', () => {
    const found = resolvePromptRef('greet', [fixture, docs]);
    assert.ok(!found.ok);
    assert.match(found.message, /Several servers have a prompt named 'greet': 'fixture\/greet', 'docs\/greet'/);
  });

  it('suggests the closest prompt of the named server', () => {
    const found = resolvePromptRef('fixture/reviewcode', [fixture, docs]);
    assert.deepEqual(found, { ok: false, message: "The MCP server 'fixture' has no prompt named 'reviewcode'. Did you mean 'review_code'?", suggestion: { server: 'fixture', prompt: 'review_code' } });
  });

  it('suggests the closest server for an unknown one', () => {
    const found = resolvePromptRef('fixtre/greet', [fixture, docs]);
    assert.deepEqual(found, { ok: false, message: "There is no MCP server named 'fixtre'. Did you mean 'fixture'?", suggestion: { server: 'fixture', prompt: 'greet' } });
  });

  it('suggests server/prompt for an unknown bare name', () => {
    const found = resolvePromptRef('sumarize', [fixture, docs]);
    assert.deepEqual(found, { ok: false, message: "No server has a prompt named 'sumarize'. Did you mean 'docs/summarize'?", suggestion: { server: 'docs', prompt: 'summarize' } });
  });

  it('says when the named server is not available', () => {
    const found = resolvePromptRef('down/x', [fixture, { server: 'down', status: 'failed', items: [], message: 'exited with code 1' }]);
    assert.deepEqual(found, { ok: false, message: "The MCP server 'down' is not available: exited with code 1." });
  });

  it('catches misspelled argument names', () => {
    const greet = fixture.items[0]!;
    assert.equal(checkArgumentNames('fixture', greet, { name: 'Ada', style: 'x' }), undefined);
    assert.equal(checkArgumentNames('fixture', greet, { nmae: 'Ada' }), "The prompt 'fixture/greet' has no argument 'nmae'. Did you mean 'name'?");
    assert.equal(checkArgumentNames('fixture', fixture.items[1]!, { x: '1' }), "The prompt 'fixture/review_code' has no argument 'x'. It takes no arguments.");
  });
});
