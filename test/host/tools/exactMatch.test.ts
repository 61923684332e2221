// Issue 16, item 5: an exact name wins in the tool picker. The tools fixture lists `read_file` (title
// "Read File (Deprecated)", description "use read_text_file instead") before `read_text_file`; typing the
// exact name and Enter in the real quick pick (through the UI driver) must run `read_text_file`.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { hostSuite, type ToolOutcome } from '../helpers';
import { ui } from '../uiDriver';

describe('Exact name first in pickers', () => {
  hostSuite({ server: 'tools', tools: ['read_file', 'read_text_file'] });

  for (const [typed, expected] of [
    ['read_text_file', 'read_text_file'],
    ['read_file', 'read_file'],
    ['Read Text File', 'read_text_file'],
  ] as const) {
    it(`typing "${typed}" and Enter runs ${expected}`, async () => {
      const pending = vscode.commands.executeCommand<ToolOutcome>('mcpClient.tools.call');
      await ui.text('.quick-input-widget .quick-input-title', { text: 'Call an MCP tool', wait: true });
      await ui.type(typed);
      // The filter is applied as the keys arrive; the first row is what Enter takes.
      const first = await ui.text('.quick-input-list .monaco-list-row[data-index="0"]', { wait: true });
      assert.match(first ?? '', new RegExp(expected), `first row: ${first}`);
      await ui.press('Enter');
      const outcome = await pending;
      assert.match(outcome?.markdown ?? '', new RegExp(`${expected} ran`), JSON.stringify(outcome));
    });
  }
});
