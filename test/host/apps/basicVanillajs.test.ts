// MCP Apps in the real VS Code, against the public example server @modelcontextprotocol/server-basic-vanillajs:
// Call Tool… on its `get-time` shows its app in the Panel beside the result; the app gets the result;
// a real click (Playwright, into the app's frame) on its button calls the server's tool and the app updates.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllApps, initializedApp, running } from './appsHelpers';
import { answer, callTool, hooks, questions, toolsOf } from '../helpers';
import { ui } from '../uiDriver';
import { until } from '../../shared/until';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('MCP Apps: basic-vanillajs', () => {
  before(async function () {
    this.timeout(90_000);
    await running('basic');
  });

  afterEach(closeAllApps);

  it('shows the app of get-time beside its result, and a click in the app calls the server again', async () => {
    const outcome = await callTool('basic', 'get-time', {});
    assert.ok(outcome.app, 'the call has an app launch');
    assert.match(outcome.markdown ?? '', /get-time/);
    const app = await initializedApp('of get-time', (a) => a.launch === outcome.app);
    assert.equal(app.mode, 'inline');
    assert.equal(app.app?.name, 'Get Time App');
    const first = await until('the result in the app', async () => {
      const text = await ui.appText(app.id, '#server-time');
      return text && ISO_TIME.test(text) ? text : undefined;
    });
    assert.ok((outcome.markdown ?? '').includes(first), 'the app shows the time of the call the user made');
    await ui.appClick(app.id, '#get-time-btn');
    const second = await until('the app to show a new time', async () => {
      const text = await ui.appText(app.id, '#server-time');
      return text && ISO_TIME.test(text) && text !== first ? text : undefined;
    });
    assert.ok(second > first);
  });

  it('opens its ui:// resource from the Resources view as the app, with the source one click away', async () => {
    await vscode.commands.executeCommand('mcpClient.resources.open', { server: 'basic', uri: 'ui://get-time/mcp-app.html', mimeType: 'text/html;profile=mcp-app' });
    const app = await initializedApp('of the resource', (a) => a.resourceUri === 'ui://get-time/mcp-app.html');
    assert.equal(app.tool, undefined, 'no tool call behind it');
    await ui.appClick(app.id, '#get-time-btn');
    await until('the app to show a time it asked its server for', async () => ISO_TIME.test((await ui.appText(app.id, '#server-time')) ?? ''));
    await ui.click('.part.panel .title-actions .action-label[aria-label="Show App Source"]');
    const source = await until('the source to open', () => vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'mcp-client-resource' && e.document.uri.path.includes('get-time')));
    assert.match(source.document.getText(), /^<!doctype html>/i);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('marks tools that have an app in the Tools view and the tool picker', async () => {
    await running('apps');
    // Both servers' tools listed (run alone, this test would otherwise read the tree before they arrive).
    await toolsOf('basic', ['get-time']);
    await toolsOf('apps', ['app_only_counter', 'fixture_state']);
    const tree = await vscode.commands.executeCommand<{ label: string; children: { label: string; description: string; tooltip: string }[] }[]>(hooks.toolsTree);
    const tool = (server: string, label: string) => tree.find((s) => s.label === server)!.children.find((c) => c.label === label)!;
    assert.match(tool('basic', 'Get Time').description, /^get-time · app\b/);
    assert.match(tool('basic', 'Get Time').tooltip, /Has an app: `ui:\/\/get-time\/mcp-app\.html`/);
    assert.match(tool('apps', 'app_only_counter').description, /^app only\b/);
    assert.match(tool('apps', 'app_only_counter').tooltip, /it is not offered to the model/);
    assert.doesNotMatch(tool('apps', 'fixture_state').description, /\bapp\b/);
    await questions();
    await answer({ kind: 'tool.pick', answer: undefined });
    await vscode.commands.executeCommand('mcpClient.tools.call');
    const pick = (await questions()).find((q) => q.kind === 'tool.pick') as unknown as { tools: string[]; descriptions: string[]; hidden: number } | undefined;
    const description = (id: string) => pick!.descriptions[pick!.tools.indexOf(id)];
    assert.equal(description('basic/get-time'), 'basic · get-time · $(window) app');
    // A tool only apps call is left out of the picker until asked for (issue 25, defect 2).
    assert.ok(!pick!.tools.includes('apps/app_only_counter'), 'the app-only tool is not offered');
    assert.ok(pick!.hidden >= 1);
    assert.equal(description('apps/fixture_state'), 'apps · fixture_state');
  });
});
