// Issue 25: Call Tool…'s steps in the real quick input, as a person uses them. Defect 12: a boolean step
// preselected `true` whatever the schema's default, so Enter sent the wrong value. Smaller things: the tool
// picker had no placeholder; a number step gave no hint of what it wanted; after the server refused a call,
// the next Call Tool… started from empty steps instead of what the user had typed.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { fixtureCalls, hostSuite } from '../helpers';
import { ui } from '../uiDriver';

const INPUT = '.quick-input-widget .quick-input-box input';

/** Waits for the step whose title names `field`, and gives its box the keyboard. */
async function step(field: string): Promise<void> {
  await ui.text('.quick-input-widget .quick-input-title', { text: field, wait: true });
  await ui.click(`${INPUT}:visible`);
}

const focusedRow = () => ui.text('.quick-input-widget .monaco-list-row.focused:visible .label-name', { wait: true });

describe('Call Tool… steps', () => {
  hostSuite({ server: 'tools', tools: ['backup'] });
  // A step left open by a failed assertion must not take the next test's keys.
  afterEach(() => ui.press('Escape'));

  it('says what to type in the tool picker', async () => {
    void vscode.commands.executeCommand('mcpClient.tools.call');
    const placeholder = await ui.attribute(`${INPUT}:visible`, 'placeholder');
    await ui.press('Escape');
    assert.match(placeholder ?? '', /search/i);
  });

  it("takes a boolean's default (false) on Enter, and a number step says it wants a whole number (defect 12)", async () => {
    const pending = vscode.commands.executeCommand('mcpClient.tools.call', { server: 'tools', tool: 'backup' });
    await step('compress');
    assert.equal(await focusedRow(), 'false', 'the default row has the focus');
    await ui.press('Enter');
    await step('keep');
    assert.match((await ui.attribute(`${INPUT}:visible`, 'placeholder')) ?? '', /whole number from 1 to 30/i);
    await ui.type('7', { thenPress: 'Enter' });
    await pending;
    assert.deepEqual((await fixtureCalls()).filter((c) => c.name === 'backup').at(-1)?.arguments, { compress: false, keep: 7 });
  });

  it('starts again from what the user typed after the server refused the call', async () => {
    const refused = vscode.commands.executeCommand<{ isError?: boolean }>('mcpClient.tools.call', { server: 'tools', tool: 'backup' });
    await step('compress');
    await ui.press('ArrowUp'); // true
    await ui.press('Enter');
    await step('keep');
    await ui.type('20', { thenPress: 'Enter' });
    assert.equal((await refused)?.isError, true, 'the server refuses more than 10');

    const again = vscode.commands.executeCommand('mcpClient.tools.call', { server: 'tools', tool: 'backup' });
    await step('compress');
    assert.equal(await focusedRow(), 'true', 'the value given last time has the focus');
    await ui.press('Enter');
    await step('keep');
    await ui.press('Backspace'); // "20" → "2": the box held what was typed
    await ui.press('Enter');
    await again;
    assert.deepEqual((await fixtureCalls()).filter((c) => c.name === 'backup').at(-1)?.arguments, { compress: true, keep: 2 });
  });
});
