// Large tool results in @mcp (issue 27, part 4): a result over the limit (25k tokens ≈ 100,000 characters by
// default) reaches the model cut, with `mcp_read_result` to read on; the model reads the rest page by page; the
// user is told and can open the whole result. The test model calls the tools fixture's echo with a long text.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { answer, chatResponses, hostSuite } from '../helpers';
import { type TestModel, testModel, toolResults } from '../testModel';

describe('@mcp with a large tool result (issue 27)', () => {
  hostSuite({ server: 'tools', tools: ['echo'] });
  let model: TestModel;
  before(async () => {
    model = await testModel();
  });

  it('sends the model the start and a tool to read the rest; the user can open the whole result', async function () {
    this.timeout(60_000);
    const word = 'x'.repeat(999);
    const whole = Array.from({ length: 120 }, () => word).join(' ');
    model.state.toolCalls.push({ name: 'tools_echo', input: { text: word, times: 120 } }, { name: 'mcp_read_result', input: { id: 'r1', offset: 100_000 } });
    await answer({ kind: 'tool.confirm', answer: 'once' });
    const sent = model.requests.length;
    await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@mcp echo a lot', modelSelector: { vendor: 'mcp-test' }, blockOnResponse: true });
    const requests = model.requests.slice(sent);
    assert.equal(requests.length, 3, 'the call, the read, the answer');
    assert.ok(!requests[0]!.tools.includes('mcp_read_result'), 'no read tool before a result is cut');
    assert.ok(requests[1]!.tools.includes('mcp_read_result'));
    // The test model joins a result's parts with a newline.
    const [start, note] = toolResults(requests[1])[0]!.split('\n[');
    assert.equal(start, whole.slice(0, 100_000), 'the first 25k tokens (≈ 100,000 characters)');
    assert.match(note!, /characters 0–100000 of 119999.*mcp_read_result with \{"id":"r1","offset":100000\}/);
    const rest = toolResults(requests[2]).join('');
    assert.ok(rest.startsWith(whole.slice(100_000)), 'the rest, read on demand');
    assert.match(rest, /the end of the result/);
    const response = (await chatResponses()).at(-1)!;
    assert.match(response.markdown.join(''), /≈30,000 tokens, over the limit/);
    assert.deepEqual(response.buttons, ['Open Whole Result of echo']);
    // The whole result, for the user: the button's command opens it as a document.
    const shown = await vscode.commands.executeCommand<{ uri: vscode.Uri }>('mcpClient.tools.openWholeResult', 'tools', { name: 'echo', inputSchema: { type: 'object' } }, { text: word, times: 120 }, { content: [{ type: 'text', text: whole }] });
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.parse(shown.uri.toString())));
    assert.ok(text.includes(whole), 'every character');
  });

  it('sends a result under the limit whole, without the read tool', async function () {
    this.timeout(60_000);
    model.state.toolCalls.push({ name: 'tools_echo', input: { text: 'small', times: 3 } });
    await answer({ kind: 'tool.confirm', answer: 'once' });
    const sent = model.requests.length;
    await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@mcp echo a little', modelSelector: { vendor: 'mcp-test' }, blockOnResponse: true });
    const requests = model.requests.slice(sent);
    assert.deepEqual(toolResults(requests[1]), ['small small small']);
    assert.ok(!requests[1]!.tools.includes('mcp_read_result'));
  });
});
