// The @mcp chat participant in the real extension host, answering through a test language model
// (test/fixtures/extensions/test-lm, vendor "mcp-test") that records what it is sent and streams
// "Hello from the test model." in three chunks. Requests go through the chat view, as a user's would.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { RESOURCE_SCHEME, resourceUriParts } from '../../../src/resources/resourceUri';
import { PNG } from '../../fixtures/servers/promptsFixtureData';
import { api, chatResponses, type RecordedResponse } from '../helpers';
import { type RecordedRequest, type TestModel, testModel } from '../testModel';

interface ChatResultLike {
  errorDetails?: { message: string };
  metadata?: { command?: string; followups?: { prompt: string; command?: string; label?: string }[] };
}

let model: TestModel;

async function ask(query: string): Promise<{ result: ChatResultLike; response: RecordedResponse; request?: RecordedRequest }> {
  const sent = model.requests.length;
  const result = await vscode.commands.executeCommand<ChatResultLike>('workbench.action.chat.open', {
    query,
    modelSelector: { vendor: 'mcp-test' },
    blockOnResponse: true,
  });
  const responses = await chatResponses();
  return { result: result ?? {}, response: responses.at(-1)!, request: model.requests[sent] };
}

const text = (t: string) => ({ text: t });
const resourceUri = (server: string, uri: string) => vscode.Uri.from({ scheme: RESOURCE_SCHEME, ...resourceUriParts({ server, uri }) }).toString();

describe('The @mcp chat participant', () => {
  before(async function () {
    this.timeout(60_000);
    await api();
    model = await testModel();
    // A fresh window has no resolved model until something asks for one (see DESIGN.md).
    const models = await vscode.lm.selectChatModels({ vendor: 'mcp-test' });
    assert.equal(models.length, 1, 'the test model is registered');
  });

  it('sends the prompt messages and the user\'s text to the selected model and streams its answer', async () => {
    const { result, response, request } = await ask('@mcp /prompt prompts/review_code code="print(1)" language=python Be brief.');
    assert.equal(result.errorDetails, undefined);
    assert.ok(request, 'the model was asked');
    assert.deepEqual(request.messages, [
      { role: 'user', parts: [text('Please review this python code.')] },
      { role: 'user', parts: [text('Resource file:///project/snippet.py (text/x-python):\n```python\nprint(1)\n```')] },
      { role: 'user', parts: [text('Linked resource: Style guide <fixture://docs/style guide.md> (text/markdown)')] },
      { role: 'user', parts: [text('Be brief.')] },
    ]);
    assert.equal(response.command, 'prompt');
    assert.deepEqual(response.markdown.slice(-3), model.reply, 'the reply, streamed chunk by chunk');
    assert.match(response.markdown[0]!, /Review code · prompts · code=print\\\(1\\\), language=python · 4 messages sent to MCP Test Model/);
    assert.deepEqual(response.references, [
      resourceUri('prompts', 'file:///project/snippet.py'),
      resourceUri('prompts', 'fixture://docs/style guide.md'),
    ]);
    const followups = result.metadata?.followups ?? [];
    assert.equal(followups.length, 3, 'related prompts as follow-ups');
    assert.ok(followups.every((f) => f.command === 'prompt' && f.prompt.startsWith('prompts/') && f.prompt !== 'prompts/review_code'));
  });

  it('keeps the roles of a conversation and sends images as image data', async () => {
    const conversation = await ask('@mcp /prompt conversation');
    assert.deepEqual(conversation.request?.messages.map((m) => m.role), ['user', 'assistant', 'user'], '`server/` may be left out');
    const image = await ask('@mcp /prompt prompts/describe_image');
    assert.deepEqual(image.request?.messages, [
      { role: 'user', parts: [text('What is in this picture?')] },
      { role: 'user', parts: [{ mimeType: 'image/png', data: PNG }] },
    ]);
  });

  it('suggests the closest prompt for an unknown name, without asking the model', async () => {
    const { result, response, request } = await ask('@mcp /prompt prompts/gret name=Ada');
    assert.equal(request, undefined);
    assert.match(response.markdown.join(''), /has no prompt named 'gret'\\\. Did you mean 'greet'\?/);
    assert.deepEqual(result.metadata?.followups, [{ prompt: 'prompts/greet name=Ada', command: 'prompt', label: 'Run prompts/greet' }]);
  });

  it('names the server and prompt when the server fails the prompt', async () => {
    const { result, request } = await ask('@mcp /prompt prompts/failing');
    assert.equal(request, undefined);
    assert.equal(result.errorDetails?.message, "The prompt 'failing' of MCP server 'prompts' failed: The prompt database is unavailable (internal error, -32603)");
  });

  it('answers a question about a resource with its content as context', async () => {
    const { result, response, request } = await ask('@mcp /resource fixture fixture://item/1 What is in it?');
    assert.equal(result.errorDetails, undefined);
    assert.deepEqual(request?.messages, [
      { role: 'user', parts: [text('Resource fixture://item/1 (text/plain):\n```\ncontent of fixture://item/1\n```')] },
      { role: 'user', parts: [text('What is in it?')] },
    ]);
    assert.deepEqual(response.references, [resourceUri('fixture', 'fixture://item/1')]);
    assert.deepEqual(response.markdown.slice(-3), model.reply);
  });

  it('explains itself with /help and lists the prompts as buttons', async () => {
    const { response, request } = await ask('@mcp /help');
    assert.equal(request, undefined);
    assert.match(response.markdown[0]!, /`\/prompt` shows every prompt/);
    for (const title of ['Greeting', 'Review code', 'Always fails']) assert.ok(response.buttons.includes(title), `a button for ${title}`);
  });
});
