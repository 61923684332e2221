// Tool switches and tool sets (issue 27, part 2) in a real VS Code: the Tools view's native checkboxes, clicked
// as a person clicks them, keep a tool (or a whole server's tools) from the model; Call Tool… still lists it,
// marked; a tool set named with `#name` limits one `@mcp` request to its tools. The test language model records
// the tools it is sent.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { answer, hooks, hostSuite, questions } from '../helpers';
import { ui } from '../uiDriver';
import { type TestModel, testModel } from '../testModel';

interface Row {
  label: string;
  description?: string;
  checked?: boolean;
  tooltip?: string;
  children: Row[];
}

const toolsServer = async () => ((await vscode.commands.executeCommand<Row[]>(hooks.toolsTree)) ?? []).find((r) => r.label === 'tools')!;
/** A row's checkbox in the Tools view, scrolled into sight first (the list draws only the rows in sight). */
async function checkbox(label: string, server: string, tool?: string): Promise<string> {
  await vscode.commands.executeCommand(hooks.revealInToolsView, server, tool);
  // The row whose aria-label is the label, or starts with it and a space or comma (a server row has no description words).
  const row = `.monaco-list-row:is([aria-label="${label}"],[aria-label^="${label} "],[aria-label^="${label},"])`;
  return `.pane:has(.pane-header[aria-label^="Tools"]) ${row} .custom-view-tree-node-item-checkbox`;
}

async function offered(model: TestModel, query: string): Promise<{ tools: string[]; text: string; prompt: string }> {
  const sent = model.requests.length;
  await vscode.commands.executeCommand('workbench.action.chat.open', { query, modelSelector: { vendor: 'mcp-test' }, blockOnResponse: true });
  const responses = (await vscode.commands.executeCommand<{ markdown: string[] }[]>(hooks.chatResponses)) ?? [];
  const request = model.requests[sent]!;
  const prompt = request.messages.at(-1)!.parts.map((p) => p.text ?? '').join('');
  return { tools: request.tools, text: responses.at(-1)!.markdown.join(''), prompt };
}

describe('Tool switches and tool sets (issue 27)', () => {
  hostSuite({ server: 'tools', tools: ['echo', 'failing'] });
  let model: TestModel;
  before(async () => {
    model = await testModel();
    await vscode.commands.executeCommand('mcpClient.tools.focus');
  });
  after(async () => {
    await vscode.workspace.getConfiguration().update('mcpClient.chat.toolSets', undefined, vscode.ConfigurationTarget.Global);
  });

  it('shows a checkbox per server and tool; a tool unchecked in the view is never offered to the model, and is marked in Call Tool…', async function () {
    this.timeout(90_000);
    const server = await toolsServer();
    assert.equal(server.checked, true);
    assert.equal(server.children.find((c) => c.label === 'failing')?.checked, true);
    assert.ok((await offered(model, '@mcp run the failing tool')).tools.includes('tools_failing'), 'offered while checked');

    await ui.click(await checkbox('failing', 'tools', 'failing'));
    const failing = await until('failing unchecked', async () => (await toolsServer()).children.find((c) => c.label === 'failing' && c.checked === false));
    assert.match(failing.description ?? '', /^off for the model/);
    assert.match(failing.tooltip ?? '', /never offered to the model/);

    const { tools, text } = await offered(model, '@mcp run the failing tool');
    assert.ok(!tools.includes('tools_failing'), 'not offered once unchecked');
    assert.ok(tools.includes('tools_echo'), 'the others still are');
    assert.match(text, /1 tools turned off in the Tools view are not offered/);

    await questions();
    await answer({ kind: 'tool.pick', answer: undefined });
    await vscode.commands.executeCommand('mcpClient.tools.call');
    const pick = (await questions()).find((q) => q.kind === 'tool.pick') as unknown as { tools: string[]; descriptions: string[] };
    assert.match(pick.descriptions[pick.tools.indexOf('tools/failing')]!, /off for the model/, 'still callable by hand, and marked');
    assert.doesNotMatch(pick.descriptions[pick.tools.indexOf('tools/echo')]!, /off for the model/);

    await ui.click(await checkbox('failing', 'tools', 'failing'));
    await until('failing checked again', async () => (await toolsServer()).children.find((c) => c.label === 'failing')?.checked === true);
  });

  it("turns all of a server's tools off with the server's checkbox, and on again", async function () {
    this.timeout(90_000);
    await ui.click(await checkbox('tools', 'tools'));
    await until('the server unchecked', async () => (await toolsServer()).checked === false);
    assert.ok((await toolsServer()).children.every((c) => c.checked !== true), 'its tools show unchecked');
    assert.deepEqual((await offered(model, '@mcp echo hi')).tools.filter((t) => t.startsWith('tools_')), []);
    await ui.click(await checkbox('tools', 'tools'));
    await until('the server checked', async () => (await toolsServer()).checked === true);
    assert.ok((await offered(model, '@mcp echo hi')).tools.includes('tools_echo'));
  });

  it('limits one request to a tool set named with #name, and says so', async function () {
    this.timeout(60_000);
    await vscode.workspace.getConfiguration().update('mcpClient.chat.toolSets', { echoes: { tools: ['tools/echo', 'prompts'], description: 'Echo only' } }, vscode.ConfigurationTarget.Global);
    const limited = await offered(model, '@mcp #echoes say hi');
    // `tools/echo` alone of its server; `prompts`: every tool of that server.
    assert.ok(limited.tools.includes('tools_echo'));
    assert.deepEqual(limited.tools.filter((t) => !t.startsWith('prompts_')), ['tools_echo']);
    assert.match(limited.text, new RegExp(`Limited to the tool set #echoes: ${limited.tools.length} tools`));
    assert.equal(limited.prompt, 'say hi', 'the reference is not sent as words');
    const all = await offered(model, '@mcp say hi');
    assert.ok(all.tools.length > 1, 'a request without #echoes gets every tool');
  });
});
