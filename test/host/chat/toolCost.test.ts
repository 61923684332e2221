// Context cost (issue 27, part 3) in a real VS Code: what tool definitions take, counted by the chat model (the
// test model counts 4 characters a token) in the Tools view and the Servers view's tooltip; an @mcp answer that
// names the tools it sent and their total; a budget the participant keeps by relevance; and tool search, where
// the model starts with one search tool and loads what it finds.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { answer, chatResponses, hooks, hostSuite, serverTreeItem } from '../helpers';
import { ui } from '../uiDriver';
import { type TestModel, testModel, toolResults } from '../testModel';

const root = join(__dirname, '..', '..', '..', '..');
const config = () => vscode.workspace.getConfiguration();

describe('Context cost and tool search (issue 27)', () => {
  hostSuite({ server: 'tools', tools: ['echo'] });
  let model: TestModel;
  before(async () => {
    model = await testModel();
  });
  afterEach(async () => {
    model.state.toolCalls.length = 0;
    for (const key of ['toolTokenBudget', 'toolSearch', 'showToolsSent']) await config().update(`mcpClient.chat.${key}`, undefined, vscode.ConfigurationTarget.Global);
  });

  async function ask(query: string) {
    const sent = model.requests.length;
    await vscode.commands.executeCommand('workbench.action.chat.open', { query, modelSelector: { vendor: 'mcp-test' }, blockOnResponse: true });
    return { text: (await chatResponses()).at(-1)!.markdown.join(''), requests: model.requests.slice(sent) };
  }

  it("shows each tool's and each server's cost, counted by the chat model, in the Tools view and the server's tooltip", async function () {
    this.timeout(60_000);
    type Row = { label: string; description?: string; children: Row[] };
    const server = await until('counted costs', async () => {
      const rows = (await vscode.commands.executeCommand<Row[]>(hooks.toolsTree)) ?? [];
      const s = rows.find((r) => r.label === 'tools');
      return s && /· [\d,]+ tokens$/.test(s.description ?? '') ? s : undefined;
    });
    const echo = server.children.find((c) => c.label === 'Echo')!;
    assert.match(echo.description!, /· \d+ tokens$/, 'counted by the model, so no "≈"');
    const perTool = server.children.map((c) => Number(/([\d,]+) tokens$/.exec(c.description ?? '')?.[1]?.replace(/,/g, '') ?? 0));
    const sum = perTool.reduce((a, b) => a + b, 0);
    assert.equal(Number(/([\d,]+) tokens$/.exec(server.description!)![1]!.replace(/,/g, '')), sum, 'the server is the sum of its tools');
    const item = await until('the tooltip note', async () => ((await serverTreeItem('tools'))?.tooltip.includes('Its ') ? serverTreeItem('tools') : undefined));
    assert.match(item!.tooltip, new RegExp(`Σ Its \\d+ tools take ${sum.toLocaleString().replace(/,/g, ',')} tokens`));
    if (process.env.MCP_CLIENT_SCREENSHOTS) {
      await vscode.commands.executeCommand('mcpClient.tools.focus');
      await vscode.commands.executeCommand(hooks.revealInToolsView, 'tools', 'failing');
      await ui.screenshot(join(root, 'docs', 'images', 'tools-checkboxes-costs.png'));
    }
  });

  it('ends an answer with the tools it sent and their total, when asked to', async function () {
    this.timeout(60_000);
    await config().update('mcpClient.chat.showToolsSent', true, vscode.ConfigurationTarget.Global);
    const { text, requests } = await ask('@mcp echo hi');
    const line = /Sent (\d+) tools \(([\d,]+) tokens\): (.*)\*/.exec(text);
    assert.ok(line, text);
    assert.equal(Number(line[1]), requests[0]!.tools.length);
    assert.ok(line[3]!.split(', ').includes('tools_echo'));
  });

  it('keeps within a token budget by relevance, and says so', async function () {
    this.timeout(60_000);
    await config().update('mcpClient.chat.toolTokenBudget', 400, vscode.ConfigurationTarget.Global);
    const { text, requests } = await ask('@mcp echo the text');
    assert.match(text, /over the budget of 400 tokens/);
    const all = (await ask('@mcp echo the text')).requests[0]!.tools.length;
    assert.ok(requests[0]!.tools.length < 20, `fewer tools: ${requests[0]!.tools.length} of ${all}`);
    assert.ok(requests[0]!.tools.includes('tools_echo'), 'the most related tool is kept');
  });

  it('in tool search mode, sends one search tool, then the tools the model asked for', async function () {
    this.timeout(60_000);
    await config().update('mcpClient.chat.toolSearch', 'always', vscode.ConfigurationTarget.Global);
    await config().update('mcpClient.chat.showToolsSent', true, vscode.ConfigurationTarget.Global);
    model.state.toolCalls.push({ name: 'mcp_search_tools', input: { query: 'echo repeats text' } }, { name: 'tools_echo', input: { text: 'found' } });
    await answer({ kind: 'tool.confirm', answer: 'once' });
    const { text, requests } = await ask('@mcp repeat the word found');
    assert.deepEqual(requests[0]!.tools, ['mcp_search_tools'], 'the first step has the search tool alone');
    assert.match(toolResults(requests[1])[0]!, /Loaded \d+ tools, callable now:\n- tools_echo: Repeats the text/);
    assert.ok(requests[1]!.tools.includes('tools_echo'));
    assert.ok(requests[1]!.tools.length <= 9, 'the search tool and at most 8 found');
    assert.deepEqual(toolResults(requests[2]), ['found']);
    assert.match(text, /Tool search: the model gets a search tool/);
    assert.match(text, /Sent \d+ tools \([\d,]+ tokens\): .*tools_echo/);
    if (process.env.MCP_CLIENT_SCREENSHOTS) await ui.screenshot(join(root, 'docs', 'images', 'chat-tool-search.png'));
  });
});
