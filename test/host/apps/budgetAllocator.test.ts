// MCP Apps in the real VS Code, against the public example server @modelcontextprotocol/server-budget-allocator
// (a chart.js app that renders only from its tool's result, and has no teardown handler): it renders,
// answers a person's choice in its own controls, moves to an editor tab, and is closed all the same.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllApps, closedApps, initializedApp, running, shownApps } from './appsHelpers';
import { callTool } from '../helpers';
import { ui } from '../uiDriver';
import { until } from '../../shared/until';

const statusBar = async (instance: string) => (await ui.appText(instance, '#status-bar'))?.replace(/\s+/g, ' ');

describe('MCP Apps: budget-allocator', () => {
  before(async function () {
    this.timeout(90_000);
    await running('budget');
  });

  afterEach(closeAllApps);

  it('renders from the result, answers a choice in the app, and moves to an editor tab with the same result', async () => {
    const outcome = await callTool('budget', 'get-budget-data', {});
    const app = await initializedApp('of get-budget-data', (a) => a.launch === outcome.app);
    assert.equal(app.app?.name, 'Budget Allocator');
    await until('the allocation from the result', async () => /Allocated: \$100,000 \/ \$100,000/.test((await statusBar(app.id)) ?? ''));
    await ui.appSelect(app.id, '#budget-selector', '250000');
    await until('the app to take the new budget', async () => /\$250,000 \/ \$250,000/.test((await statusBar(app.id)) ?? ''));

    await ui.click('.part.panel .title-actions .action-label[aria-label="Open App in Editor"]');
    const full = await initializedApp('in an editor tab', (a) => a.mode === 'fullscreen' && a.launch === app.launch);
    await until('the moved app to render the same result', async () => /Allocated: \$100,000 \/ \$100,000/.test((await statusBar(full.id)) ?? ''));
    assert.ok(!(await shownApps()).some((a) => a.id === app.id), 'the inline app was closed');
    // Issue 25: and the Panel, which would only say "No MCP App is open", is closed too.
    await until('the Panel closed', async () => (await ui.text('.part.panel:visible')) === null);
  });

  it('is closed from its editor tab although it cannot answer the teardown request', async () => {
    const outcome = await callTool('budget', 'get-budget-data', {});
    const inline = await initializedApp('of get-budget-data', (a) => a.launch === outcome.app);
    await vscode.commands.executeCommand('mcpClient.apps.openInEditor');
    const full = await initializedApp('in an editor tab', (a) => a.mode === 'fullscreen' && a.launch === inline.launch);
    await ui.click('.part.editor .editor-actions .action-label[aria-label="Close App"]');
    await until('the app to be gone', async () => (await shownApps()).length === 0);
    assert.deepEqual((await closedApps()).find((c) => c.id === full.id), { id: full.id, tool: 'get-budget-data', outcome: 'refused' });
    await until('its frame to be gone', async () => !(await ui.appExists(full.id)));
  });
});
