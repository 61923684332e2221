// Issue 25, defect 6: a prompt-argument step with no completions read the clipboard to offer it as a row,
// and in VS Code for the Web that read shows "Unable to read from the browser's clipboard…" (with Retry
// and Learn More) each time. The step, in the real quick input, for review_code's `code` (the prompts
// fixture has no completions for it); the workbench's notifications are read as a person sees them.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateAll } from '../helpers';
import { ui } from '../uiDriver';

describe('Prompt argument step', () => {
  before(async function () {
    this.timeout(60_000);
    await activateAll();
    // A file in the editor: the step offers its path where the server suggests nothing.
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ language: 'markdown', content: 'notes' }));
  });
  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('offers no clipboard row and asks the browser for no clipboard read', async function () {
    this.timeout(60_000);
    void vscode.commands.executeCommand('mcpClient.runPrompt', { server: 'prompts', prompt: 'review_code' });
    await ui.text('.quick-input-widget .quick-input-title', { text: 'code', wait: true });
    // Empty and required: the server is asked for completions, has none, and the quick choices come next.
    await ui.type('x');
    const rows = await ui.text('.quick-input-widget .monaco-list-row:visible', { text: 'Use this value', wait: true });
    assert.ok(rows);
    let toast: string | null = null;
    try {
      toast = await ui.text('.notifications-toasts .notification-list-item', { text: 'clipboard', wait: true });
    } catch {
      // No such notification within the driver's wait: what should happen.
    }
    assert.equal(toast, null, 'no clipboard notification');
    assert.equal(await ui.text('.quick-input-widget .monaco-list-row:visible', { text: 'Clipboard' }), null, 'no clipboard row');
    await ui.press('Escape');
  });
});
