// Elicitation in the real extension host: the tools fixture's `ask_user` (form) and `ask_url` (URL)
// tools ask the user in the middle of a tool call; the test answers each step (queued answers) and
// checks exactly what the server got back: accept with content, decline, or cancel.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { answer, callTool, hooks, hostSuite, questions } from '../helpers';
import { ui } from '../uiDriver';

/** The tools fixture's ask_long question (test/fixtures/servers/toolsFixture.ts). */
const LONG_QUESTION =
  'The deployment to the staging cluster needs one more decision before it can continue: the database migration will lock the orders table for about four minutes, during which checkout is unavailable. Please check the maintenance window and confirm the name of the person on call who approves this lock.';

const serverGot = (markdown: string | undefined) => JSON.parse(/## Result\n\n(.*)\n/.exec(markdown ?? '')?.[1] ?? 'null') as unknown;

describe('Elicitation', () => {
  hostSuite({ server: 'tools', tools: ['ask_user'] });

  it('asks each field of the form, re-asks an invalid value, and returns accept with the content', async () => {
    await answer(
      { kind: 'elicitation.start', answer: 'respond' },
      { kind: 'elicitation.field', answer: 'not-an-email' },
      { kind: 'elicitation.field', answer: 'ada@example.com' },
      { kind: 'elicitation.field', answer: '36' },
      { kind: 'elicitation.field', answer: 'true' },
      { kind: 'elicitation.field', answer: 'g' },
      { kind: 'elicitation.field', answer: ['a', 'c'] },
    );
    const outcome = await callTool('tools', 'ask_user', {});
    assert.deepEqual(serverGot(outcome.markdown), { action: 'accept', content: { email: 'ada@example.com', age: 36, subscribe: true, color: 'g', tags: ['a', 'c'] } });
    const asked = await questions();
    assert.deepEqual(asked[0], { kind: 'elicitation.start', server: 'tools', message: 'Who should we contact?', fields: ['email', 'age', 'subscribe', 'color', 'tags'] });
    assert.match(asked[2]!.problem as string, /email address/);
  });

  // Issue 16, item 7: "Leave empty" is not offered for a required field, and Enter takes a field's default
  // (the first row used to be focused: "Yes" for a boolean whose default is false). The last three fields
  // are asked in the real quick pick.
  it('offers no "Leave empty" for a required choice, and Enter takes the default', async () => {
    await answer({ kind: 'elicitation.start', answer: 'respond' }, { kind: 'elicitation.field', answer: 'ada@example.com' }, { kind: 'elicitation.field', answer: '36' });
    const pending = callTool('tools', 'ask_user', {});
    const row = (label: string) => ui.text('.quick-input-widget .monaco-list-row.focused:visible .label-name', { text: label, exact: true, wait: true });
    // Each step is a new quick pick: wait for its title, and give its filter box the keyboard before Enter.
    const step = async (title: string) => {
      await ui.text('.quick-input-widget .quick-input-title', { text: title, wait: true });
      await ui.click('.quick-input-widget .quick-input-box input:visible');
    };
    await step('subscribe (optional)');
    assert.equal(await row('No'), 'No');
    await ui.press('Enter');
    await step('color ·');
    assert.equal(await row('Red'), 'Red');
    assert.equal(await ui.text('.quick-input-widget .monaco-list-row:visible', { text: 'Leave empty' }), null);
    await ui.press('Enter');
    await step('tags (optional)');
    await ui.press('Enter');
    assert.deepEqual(serverGot((await pending).markdown), { action: 'accept', content: { email: 'ada@example.com', age: 36, subscribe: false, color: 'r' } });
  });

  // Issue 25, defect 7: a long question was only the placeholder of the first step, cut off after a line.
  it('shows the whole question, wrapped, in the real dialog', async () => {
    // Nothing queued by an earlier test may answer for the dialog this test reads.
    await vscode.commands.executeCommand(hooks.unqueueAnswers);
    const pending = callTool('tools', 'ask_long', {});
    const shown = await ui.text('.quick-input-widget .quick-input-message:visible', { text: 'approves this lock', wait: true });
    assert.equal(shown, LONG_QUESTION);
    // Decline, with a click on its row, as a person would.
    await ui.click('.quick-input-widget .monaco-list-row:visible', 'Decline');
    assert.deepEqual(serverGot((await pending).markdown), { action: 'decline' });
  });

  it('returns decline when the user declines', async () => {
    await answer({ kind: 'elicitation.start', answer: 'decline' });
    assert.deepEqual(serverGot((await callTool('tools', 'ask_user', {})).markdown), { action: 'decline' });
  });

  it('returns cancel when the user dismisses a step', async () => {
    await answer({ kind: 'elicitation.start', answer: 'respond' }, { kind: 'elicitation.field', answer: undefined });
    assert.deepEqual(serverGot((await callTool('tools', 'ask_user', {})).markdown), { action: 'cancel' });
  });

  it('shows the full host of a URL elicitation and opens nothing when declined', async () => {
    await answer({ kind: 'elicitation.url', answer: 'decline' });
    assert.deepEqual(serverGot((await callTool('tools', 'ask_url', {})).markdown), { action: 'decline' });
    const [asked] = await questions();
    assert.deepEqual(asked, { kind: 'elicitation.url', server: 'tools', host: 'login.example.com', url: 'https://login.example.com/start?x=1', message: 'Sign in to continue' });
  });
});
