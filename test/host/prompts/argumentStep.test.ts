// Issue 25, defect 6: a prompt-argument step with no completions read the clipboard to offer it as a row,
// and in VS Code for the Web that read shows "Unable to read from the browser's clipboard…" (with Retry
// and Learn More) each time. The step, in the real quick input, for review_code's `code` (the prompts
// fixture has no completions for it). A test window never shows that notification: VS Code answers its
// clipboard reads from a clipboard of its own there. So the test copies something first: a read shows as a
// "Clipboard" row holding it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateAll } from '../helpers';
import { ui } from '../uiDriver';

describe('Prompt argument step', () => {
  before(async function () {
    this.timeout(60_000);
    await activateAll();
    // A file in the editor: the step offers its path where the server suggests nothing.
    await vscode.window.showTextDocument(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'README.md'));
  });
  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('reads no clipboard (and offers no clipboard row) where the server suggests nothing', async function () {
    this.timeout(60_000);
    await vscode.env.clipboard.writeText('copied earlier');
    void vscode.commands.executeCommand('mcpClient.runPrompt', { server: 'prompts', prompt: 'review_code' });
    await ui.text('.quick-input-widget .quick-input-title', { text: 'code', wait: true });
    // Required and with no completions: the server is asked, has none, and the quick choices are offered
    // (the active file's path: an editor is open), which is when the clipboard was read.
    await ui.type('x');
    assert.ok(await ui.text('.quick-input-widget .monaco-list-row:visible', { text: 'Use this value', wait: true }));
    assert.ok(await ui.text('.quick-input-widget .monaco-list-row:visible', { text: "Active file's path", wait: true }), 'the quick choices are there');
    assert.equal(await ui.text('.quick-input-widget .monaco-list-row:visible', { text: 'copied earlier' }), null, 'the clipboard was not read');
    assert.equal(await ui.text('.quick-input-widget .monaco-list-row:visible', { text: 'Clipboard' }), null, 'no clipboard row');
    await ui.press('Escape');
  });
});
