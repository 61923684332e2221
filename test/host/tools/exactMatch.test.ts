// Issue 16, item 5: an exact name wins in the tool picker. The tools fixture lists `read_file` (title
// "Read File (Deprecated)", description "use read_text_file instead") before `read_text_file`; typing the
// exact name and Enter in the real quick pick (through the UI driver) must run `read_text_file`.
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

  for (const [typed, expected] of [
    ['read_text_file', 'read_text_file'],
    ['read_file', 'read_file'],
  ] as const) {
    it(`typing "${typed}" and Enter runs ${expected}`, async () => {
      const pending = vscode.commands.executeCommand<ToolOutcome>('mcpClient.tools.call');
      await ui.click('.quick-input-widget .quick-input-box input:visible');
      await ui.type(typed);
      // The filter is applied as the keys arrive; Enter takes the focused row, which must be the exact name
      // (its label is the name typed; read_file's row also mentions read_text_file in its description).
      // Waits for exactly that label: the row's detail may contain the name too, and the picker's own filter
      // focuses a row before the extension's reordering (one round trip later) arrives.
      const focused = await ui.text('.quick-input-widget .monaco-list-row.focused:visible .label-name', { text: expected, exact: true, wait: true });
      assert.equal(focused, expected, `focused row: ${focused}`);
      await ui.press('Enter');
      const outcome = await pending;
      assert.match(outcome?.markdown ?? '', new RegExp(`${expected} ran`), JSON.stringify(outcome));
      await until('the result preview', () => vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.label.includes(`${expected}.md`))));
    });
  }
});
