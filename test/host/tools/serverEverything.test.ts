// The public reference server (@modelcontextprotocol/server-everything, over stdio): its sampling,
// elicitation and long-running tools against our handlers, with the test answering the dialogs.
import * as assert from 'node:assert/strict';
import { answer, callTool, hostSuite, questions } from '../helpers';

describe('server-everything', () => {
  hostSuite({ server: 'everything', tools: ['trigger-sampling-request', 'trigger-elicitation-request', 'trigger-long-running-operation'], toolsTimeoutMs: 60_000, setupTimeoutMs: 90_000 });

  it('gets a completion through sampling once the user allows it', async () => {
    await answer({ kind: 'sampling.approve', answer: 'once' });
    const outcome = await callTool('everything', 'trigger-sampling-request', { prompt: 'Say hi', maxTokens: 20 });
    assert.match(outcome.markdown ?? '', /LLM sampling result/);
    assert.match(outcome.markdown ?? '', /"model": "mcp-test-(echo|smart)"/);
    const [approval] = await questions();
    assert.equal(approval?.server, 'everything');
    assert.equal(approval?.systemPrompt, 'You are a helpful test server.');
  });

  it('answers its elicitation form (formats, ranges, titled and multi-select enums)', async () => {
    // name, check, firstLine (optional: left out), email, homepage, birthdate, integer, number, and the five enums.
    const fields = ['Ada Lovelace', 'true', '', 'ada@example.com', 'https://example.com', '1815-12-10', '42', '3.14', 'Joey', ['Piano'], 'hero-3', ['fish-2'], 'pet-2'];
    await answer({ kind: 'elicitation.start', answer: 'respond' }, ...fields.map((a) => ({ kind: 'elicitation.field', answer: a })));
    const outcome = await callTool('everything', 'trigger-elicitation-request', {});
    const asked = await questions();
    assert.equal(asked[0]?.server, 'everything');
    assert.equal(asked.length, 1 + fields.length, 'one step per field');
    assert.match(outcome.markdown ?? '', /User provided the requested information/);
    assert.match(outcome.markdown ?? '', /Email: ada@example\.com/);
    assert.match(outcome.markdown ?? '', /"untitledMultipleSelectEnum": \[\s*"Piano"\s*\]/);
  });

  it('runs its long-running operation with progress', async () => {
    const outcome = await callTool('everything', 'trigger-long-running-operation', { duration: 1, steps: 2 });
    assert.match(outcome.markdown ?? '', /Long running operation completed/);
  });
});
