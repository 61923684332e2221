// Issue 16, item 5: an exact name or title wins in the tool picker. The tools fixture lists `read_file`
// (title "Read File (Deprecated)", description "use read_text_file instead") before `read_text_file`
// (title "Read Text File"); typing either's exact name or title and Enter in the real quick pick (through
// the UI driver) must run that tool, also when Enter follows the last key at once (before the reordered
// rows have come back from the extension host: the workbench then names the row by its old number).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { hostSuite, type ToolOutcome } from '../helpers';
import { ui } from '../uiDriver';

describe('Exact name first in pickers', () => {
  hostSuite({ server: 'tools', tools: ['read_file', 'read_text_file'] });
  // A result preview that takes the focus while a picker is open closes the picker: start each case with none.
  beforeEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await until('no editor open', () => vscode.window.tabGroups.all.every((g) => g.tabs.length === 0));
  });

  const cases = [
    ['read_text_file', 'read_text_file', 'read_text_file'],
    ['read_file', 'read_file', 'read_file'],
    ['Read Text File', 'Read Text File', 'read_text_file'],
  ] as const;

  async function ranTool(pending: Thenable<ToolOutcome | undefined>, expected: string): Promise<void> {
    const outcome = await pending;
    assert.match(outcome?.markdown ?? '', new RegExp(`\\b${expected} ran`), JSON.stringify(outcome));
    await until('the result preview', () => vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.label.includes(`${expected}.md`))));
  }

  for (const [typed, label, expected] of cases) {
    it(`typing "${typed}" and Enter runs ${expected}`, async () => {
      const pending = vscode.commands.executeCommand<ToolOutcome>('mcpClient.tools.call');
      await ui.click('.quick-input-widget .quick-input-box input:visible');
      await ui.type(typed);
      // The filter is applied as the keys arrive; Enter takes the focused row, which must be the exact match
      // (labelled with what was typed; read_file's row also mentions read_text_file in its description).
      // Waits for exactly that label: the picker's own filter focuses a row before the extension's
      // reordering (one round trip later) arrives.
      const focused = await ui.text('.quick-input-widget .monaco-list-row.focused:visible .label-name', { text: label, exact: true, wait: true });
      assert.equal(focused, label, `focused row: ${focused}`);
      await ui.press('Enter');
      await ranTool(pending, expected);
    });

    it(`typing "${typed}" and Enter at once runs ${expected}`, async () => {
      const pending = vscode.commands.executeCommand<ToolOutcome>('mcpClient.tools.call');
      await ui.click('.quick-input-widget .quick-input-box input:visible');
      await ui.type(typed, { thenPress: 'Enter' });
      await ranTool(pending, expected);
    });
  }
});
