// Issue 16, item 6: a typo in a server entry. settings.json underlines the unknown keys (the contributed
// schema refuses keys it does not list) and the server's error names each with a did-you-mean.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { activateAll, serverState } from '../helpers';
import { ui } from '../uiDriver';

describe('Settings typos', () => {
  before(async function () {
    this.timeout(60_000);
    await activateAll();
  });
  after(async function () {
    this.timeout(30_000);
    await vscode.workspace.getConfiguration().update('mcpClient.servers', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('flags comand and arsg in settings.json and names them with a did-you-mean at run time', async function () {
    this.timeout(60_000);
    await vscode.workspace.getConfiguration().update('mcpClient.servers', { typo: { comand: 'node', arsg: ['server.js'] } }, vscode.ConfigurationTarget.Workspace);
    const state = await until('the typo server to be reported', async () => {
      const s = await serverState('typo');
      return s?.kind === 'invalid' && s;
    });
    const message = JSON.stringify(state);
    assert.match(message, /comand: unknown setting \(did you mean \\"command\\"\?\)/);
    assert.match(message, /arsg: unknown setting \(did you mean \\"args\\"\?\)/);

    const uri = vscode.Uri.file(join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, '.vscode', 'settings.json'));
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    const flagged = await until('both keys underlined in settings.json', () => {
      const words = vscode.languages.getDiagnostics(uri).map((d) => document.getText(d.range));
      return words.some((w) => w.includes('comand')) && words.some((w) => w.includes('arsg')) && words;
    });
    assert.ok(flagged.length >= 2);
  });

  // Issue 25, defect 11: the notification's Open Settings opened the Settings UI on the User tab; the typo is
  // in the workspace's settings.json, and that is where it must open, at the entry.
  it("opens the workspace settings.json at the entry from the notification's Open Settings", async function () {
    this.timeout(60_000);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const servers = { other: { command: 'node', args: ['a.js'] }, misspelt: { command: 'node', agrs: ['b.js'] } };
    await vscode.workspace.getConfiguration('mcpClient').update('servers', servers, vscode.ConfigurationTarget.Workspace);
    await until('misspelt to be reported', async () => (await serverState('misspelt'))?.kind === 'invalid');
    // In the notification centre, where a person finds it once its toast has gone.
    await vscode.commands.executeCommand('notifications.showList');
    await ui.click('.notifications-center .notification-list-item:has-text("misspelt") .monaco-button', 'Open Settings');
    const editor = await until('settings.json open', () => {
      const active = vscode.window.activeTextEditor;
      return active?.document.uri.path.endsWith('/.vscode/settings.json') && active;
    });
    assert.equal(editor.document.uri.fsPath, join(vscode.workspace.workspaceFolders![0]!.uri.fsPath, '.vscode', 'settings.json'));
    assert.equal(editor.document.getText(editor.selection), '"misspelt"', 'the entry is selected');
  });
});
