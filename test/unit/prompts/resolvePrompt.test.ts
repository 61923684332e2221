// Resolving `server/prompt` (or a bare prompt name) to one prompt, with "did you mean" when it fails.
import * as assert from 'node:assert/strict';
import type { Prompt } from '@modelcontextprotocol/client';
import type { ServerPrompts } from '../../../src/prompts/promptCatalog';
import { checkArgumentNames, resolvePromptRef } from '../../../src/prompts/resolvePrompt';

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
