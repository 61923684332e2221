// Issue 16, item 6: a typo in a server entry. settings.json underlines the unknown keys (the contributed
// schema refuses keys it does not list) and the server's error names each with a did-you-mean.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { activateAll, serverState } from '../helpers';

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
});
