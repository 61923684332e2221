// Prompt results and resource contents as the conversation for a language model (plain data; the
// host test checks the vscode.lm messages a real model receives).
import * as assert from 'node:assert/strict';
import { promptConversation, resourceParts } from '../../../src/chat/chatContent';
import { PNG } from '../../fixtures/servers/promptsFixtureData';
import { definition, sessionForSuite, stdio } from '../helpers';

const png = new Uint8Array(Buffer.from(PNG, 'base64'));

describe('MCP content as chat messages', function () {
  this.timeout(30_000);
  const session = sessionForSuite(definition('prompts', stdio('promptsFixture')));

  it('keeps roles and text, and appends what the user typed as a final user message', async () => {
    const { turns, resources } = promptConversation(await session().getPrompt({ name: 'conversation' }), '  In March, please. ');
    assert.deepEqual(turns, [
      { role: 'user', parts: [{ kind: 'text', text: 'Let us plan a trip.' }] },
      { role: 'assistant', parts: [{ kind: 'text', text: 'Gladly. Where to?' }] },
      { role: 'user', parts: [{ kind: 'text', text: 'Somewhere warm.' }] },
      { role: 'user', parts: [{ kind: 'text', text: 'In March, please.' }] },
    ]);
    assert.deepEqual(resources, []);
    assert.equal(promptConversation(await session().getPrompt({ name: 'conversation' }), '   ').turns.length, 3, 'no empty final message');
  });

  it('sends images as image data, embedded resources as text with their URI, and lists the resources', async () => {
    const { turns, resources } = promptConversation(await session().getPrompt({ name: 'everything' }));
    assert.deepEqual(turns.map((t) => t.role), ['user', 'user', 'user', 'user', 'user', 'user', 'assistant']);
    assert.deepEqual(turns[1]!.parts, [{ kind: 'image', mimeType: 'image/png', data: png }]);
    assert.deepEqual(turns[2]!.parts, [{ kind: 'text', text: '[Audio (audio/wav, 124 B) is not included: this conversation cannot carry audio.]' }]);
    assert.deepEqual(turns[3]!.parts, [{ kind: 'text', text: 'Resource fixture://data/config.json (application/json):\n```json\n{ "debug": true }\n```' }]);
    assert.deepEqual(turns[4]!.parts, [
      { kind: 'text', text: 'Resource fixture://images/dot.png (image/png):' },
      { kind: 'image', mimeType: 'image/png', data: png },
    ]);
    assert.deepEqual(turns[5]!.parts, [{ kind: 'text', text: 'Linked resource: readme <fixture://docs/readme.md> (text/markdown, The read-me)' }]);
    assert.deepEqual(resources, ['fixture://data/config.json', 'fixture://images/dot.png', 'fixture://docs/readme.md']);
  });

  it('describes an image an assistant message holds instead of sending it as the assistant', () => {
    const { turns } = promptConversation({ messages: [{ role: 'assistant', content: { type: 'image', data: PNG, mimeType: 'image/png' } }] });
    assert.deepEqual(turns, [{ role: 'assistant', parts: [{ kind: 'text', text: '[An image (image/png) that the assistant showed is not included.]' }] }]);
  });

  it('turns read resource contents into parts: text fenced, images as data, other binaries described', () => {
    assert.deepEqual(resourceParts({ uri: 'file:///a.ts', text: 'let x = 1;' }), [{ kind: 'text', text: 'Resource file:///a.ts:\n```typescript\nlet x = 1;\n```' }]);
    assert.deepEqual(resourceParts({ uri: 'x://zip', mimeType: 'application/zip', blob: 'AAAA' }), [
      { kind: 'text', text: 'Resource x://zip (application/zip): binary content (3 B), not included.' },
    ]);
  });
});
