// Issue 25: the Tools view's order changed after a restart: servers showed in the order they were added in
// this window (a server added later came last), and by name in the next. By name always, here checked with
// a server added after all the others, whose name comes first.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { activateAll, answer, hooks, toolsOf } from '../helpers';

describe('Tools view order', () => {
  before(async function () {
    this.timeout(60_000);
    await activateAll();
  });
  after(async function () {
    this.timeout(30_000);
    await vscode.workspace.getConfiguration('mcpClient').update('servers', undefined, vscode.ConfigurationTarget.Workspace);
  });

  it('lists the servers by name, whenever each was added', async function () {
    this.timeout(60_000);
    await answer({ kind: 'workspaceConsent', answer: 'all' });
    const fixture = join(process.env.MCP_CLIENT_FIXTURES!, 'servers', 'fixtureServer.js');
    await vscode.workspace.getConfiguration('mcpClient').update('servers', { 'aaa-added-late': { command: process.execPath, args: [fixture, '--era=legacy'] } }, vscode.ConfigurationTarget.Workspace);
    await toolsOf('aaa-added-late', ['tool0']);
    const servers = await until('the late server in the view', async () => {
      const roots = ((await vscode.commands.executeCommand<{ label: string }[]>(hooks.toolsTree)) ?? []).map((r) => r.label);
      return roots.includes('aaa-added-late') && roots;
    });
    assert.equal(servers[0], 'aaa-added-late');
    assert.deepEqual(servers, [...servers].sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' })));
  });
});
