// Which model answers a sampling request: the allowlist, then the hints in order, then priorities.
import * as assert from 'node:assert/strict';
import { chooseModel, type ModelInfo } from '../../../src/sampling/modelChoice';

const model = (id: string, family: string, name: string, maxInputTokens = 100_000, toolCalling?: boolean): ModelInfo => ({ id, family, name, vendor: 'v', maxInputTokens, toolCalling });
const MODELS = [
  model('gpt-4o', 'gpt-4o', 'GPT-4o', 128_000, true),
  model('gpt-4o-mini', 'gpt-4o-mini', 'GPT-4o mini', 128_000, true),
  model('claude-sonnet-4', 'claude-sonnet', 'Claude Sonnet 4', 200_000, true),
  model('claude-haiku', 'claude-haiku', 'Claude Haiku', 200_000, false),
];
const pick = (options: Parameters<typeof chooseModel>[1]) => {
  const choice = chooseModel(MODELS, options);
  return 'model' in choice ? choice.model.id : choice.error;
};

describe('sampling model choice', () => {
  it('follows the hints in order, as substrings of id, family or name', () => {
    assert.equal(pick({ preferences: { hints: [{ name: 'sonnet' }] } }), 'claude-sonnet-4');
    assert.equal(pick({ preferences: { hints: [{ name: 'gemini' }, { name: 'GPT-4o mini' }, { name: 'claude' }] } }), 'gpt-4o-mini', 'the first hint that matches wins');
    assert.equal(pick({ preferences: { hints: [{ name: 'nothing' }] } }), 'gpt-4o', 'no match: VS Code\'s order');
  });

  it('breaks ties with the priorities', () => {
    assert.equal(pick({ preferences: { hints: [{ name: 'claude' }], intelligencePriority: 1 } }), 'claude-sonnet-4');
    assert.equal(pick({ preferences: { hints: [{ name: 'claude' }], speedPriority: 1, costPriority: 0.8 } }), 'claude-haiku');
    assert.equal(pick({ preferences: { hints: [{ name: 'gpt' }], costPriority: 1 } }), 'gpt-4o-mini');
  });

  it('keeps to the server\'s allowlist, before the hints', () => {
    assert.equal(pick({ allow: ['gpt-4o-mini', 'Claude Haiku'], preferences: { hints: [{ name: 'sonnet' }] } }), 'gpt-4o-mini');
    assert.equal(pick({ allow: ['claude-haiku'] }), 'claude-haiku', 'a family name counts');
    assert.equal(pick({ allow: ['o3'] }), 'None of the allowed models (o3) is available.');
  });

  it('needs a tool-calling model for requests with tools, and a model at all', () => {
    assert.equal(pick({ needsTools: true, preferences: { hints: [{ name: 'haiku' }] } }), 'gpt-4o', 'haiku cannot call tools');
    assert.equal(pick({ needsTools: true, allow: ['claude-haiku'] }), 'No available model can call tools.');
    assert.deepEqual(chooseModel([], {}), { error: 'No language model is available in VS Code.' });
  });
});
