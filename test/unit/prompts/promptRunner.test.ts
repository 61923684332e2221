// Getting a prompt: errors that name the server and the prompt (the spec's -32602 and -32603),
// recently used prompts; and the arguments mcpClient.runPrompt accepts.
import * as assert from 'node:assert/strict';
import type { PromptServices } from '../../../src/prompts/promptFlow';
import { getPromptResult } from '../../../src/prompts/promptRunner';
import { RecentPrompts } from '../../../src/prompts/recentPrompts';
import { normalize, stringValues } from '../../../src/prompts/runPromptArgs';
import { definition, MemoryStore, sessionForSuite, stdio } from '../helpers';


describe('running a prompt', function () {
  this.timeout(30_000);
  const session = sessionForSuite(definition('prompts', stdio('promptsFixture')));
  const services = {
    sessions: { get: (name: string) => (name === 'prompts' ? session() : undefined), entries: () => [], use: async () => undefined },
    recents: new RecentPrompts(new MemoryStore()),
  } as unknown as PromptServices;

  const run = (name: string, args: Record<string, string> = {}, signal?: AbortSignal) =>
    getPromptResult(services, { server: 'prompts', prompt: { name }, args }, signal);

  it('returns the messages and remembers the prompt as recently used', async () => {
    const result = await run('greet', { name: 'Ada', style: 'pirate' });
    assert.deepEqual(result.messages, [{ role: 'user', content: { type: 'text', text: 'Ahoy, Ada!' } }]);
    await run('conversation');
    assert.deepEqual(services.recents.list(), [{ server: 'prompts', prompt: 'conversation' }, { server: 'prompts', prompt: 'greet' }]);
  });

  it('names the server and the prompt in every failure', async () => {
    // What the test before it left (this one may run alone: a mutation run picks tests one by one).
    const remembered = services.recents.list();
    await assert.rejects(run('failing'), { message: "The prompt 'failing' of MCP server 'prompts' failed: The prompt database is unavailable (internal error, -32603)" });
    await assert.rejects(run('nonexistent'), { message: "The prompt 'nonexistent' of MCP server 'prompts' failed: Prompt nonexistent not found (invalid params, -32602)" });
    await assert.rejects(run('greet'), /^Error: The prompt 'greet' of MCP server 'prompts' failed: Invalid arguments for prompt greet: name: .* \(invalid params, -32602\)$/);
    await assert.rejects(
      getPromptResult(services, { server: 'gone', prompt: { name: 'x' }, args: {} }),
      { message: "The prompt 'x' cannot run: the MCP server 'gone' is not running." },
    );
    assert.deepEqual(services.recents.list(), remembered, 'failures are not remembered');
  });
});

describe('mcpClient.runPrompt arguments', () => {
  it('accepts a keybinding object, a Servers view node and a server/prompt string', () => {
    assert.deepEqual(normalize({ server: 's', prompt: 'p', arguments: { n: 1 }, action: 'copy' }), { server: 's', prompt: 'p', arguments: { n: 1 }, action: 'copy' });
    assert.deepEqual(normalize({ name: 'fixture', scope: 'user', configError: undefined }), { server: 'fixture' });
    assert.deepEqual(normalize('fixture/greet'), { server: 'fixture', prompt: 'greet' });
    assert.deepEqual(normalize('fixture'), { server: 'fixture' });
    assert.deepEqual(normalize(undefined), {});
  });

  it('says what is wrong with a bad argument', () => {
    assert.equal(normalize({ prompt: 'p', action: 'print' }), '"action" must be one of "chat", "document", "copy".');
    assert.equal(normalize({ prompt: 'p', arguments: ['a'] }), '"arguments" must be an object of argument names and values.');
    assert.equal(normalize({ arguments: { a: '1' } }), '"arguments" need a "prompt".');
    assert.equal(normalize(42), 'mcpClient.runPrompt takes { "server", "prompt", "arguments", "action" }.');
  });

  it('turns keybinding values into strings', () => {
    assert.deepEqual(stringValues({ n: 3, b: true, s: 'x', o: { k: 1 }, skip: null }), { n: '3', b: 'true', s: 'x', o: '{"k":1}' });
  });
});
