// Issue 25, defect 5: a Call Tool… or Run Prompt result opened in Markdown's one "dynamic" preview, which
// the next Markdown preview took over: results got lost. Each result is a tab of its own now, pinned (not
// a preview tab), on its own URI. (Tabs restored after a window reload: test/host-reload/.)
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { callTool, hostSuite } from '../helpers';

const allTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs);
const uriOf = (tab: vscode.Tab) => (tab.input instanceof vscode.TabInputCustom || tab.input instanceof vscode.TabInputText ? tab.input.uri : undefined);

describe('Result tabs', () => {
  hostSuite({ server: 'tools', tools: ['echo', 'stats'] });

  it('gives each tool and prompt result a pinned tab of its own that the next result does not take', async function () {
    this.timeout(60_000);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const first = await callTool('tools', 'echo', { text: 'first result' });
    const second = await callTool('tools', 'stats', { values: [1, 2, 3] });
    await vscode.commands.executeCommand('mcpClient.runPrompt', { server: 'prompts', prompt: 'conversation', action: 'document' });
    const tabs = await until('three result tabs', () => {
      const found = [first.document, second.document].map((doc) => allTabs().find((t) => uriOf(t)?.toString() === doc));
      const prompt = allTabs().find((t) => uriOf(t)?.scheme === 'mcp-client-prompt');
      return found.every(Boolean) && prompt && [...found, prompt];
    });
    for (const tab of tabs) assert.equal(tab!.isPreview, false, `${tab!.label} is pinned`);
    assert.equal(new Set(tabs.map((t) => uriOf(t!)!.toString())).size, 3);
    // Each still reads its own result.
    assert.match(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.parse(first.document!))), /first result/);
  });
});
