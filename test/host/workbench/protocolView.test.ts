// The Protocol view in a real VS Code: opened on a 2026-07-28 server, a tool call whose elicitation is an
// input_required round appears as one request with its second round under it, both answered; filter,
// pause (messages only counted), clear, a message opened as read-only JSON, an export to JSON lines and
// the file opened again in a view of its own with the same entries. Closed, the view records nothing.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { activateAll, answer, callTool, questions } from '../helpers';
import { fixtureScript, node, protocolViews, running, setServers } from './workbenchHelpers';

const SERVER = 'wb-modern';
const TITLE = `Protocol: ${SERVER}`;

describe('Workbench: the Protocol view', function () {
  this.timeout(120_000);
  const folder = mkdtempSync(join(tmpdir(), 'mcp-protocol-'));

  before(async () => {
    await activateAll();
    // Answers a failed suite left in the queue would answer this suite's questions.
    await vscode.commands.executeCommand('mcpClient.test.unqueueAnswers');
    await setServers({ [SERVER]: { command: node(), args: [fixtureScript('toolsFixture'), '--era=modern'] } });
    await running(SERVER);
    await questions();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await setServers({ [SERVER]: undefined });
    rmSync(folder, { recursive: true, force: true });
  });

  it('shows a tool call with an input_required round grouped under it, paired, timed and sized', async () => {
    assert.equal(await vscode.commands.executeCommand('mcpClient.workbench.showProtocol', SERVER), SERVER);
    await answer({ kind: 'elicitation.start', answer: 'respond' }, { kind: 'elicitation.field', answer: 'ada@example.com' });
    const outcome = await callTool(SERVER, 'ask_user_mrtr', {});
    assert.match(outcome.markdown ?? '', /ada@example\.com/);
    const view = await until('the call and its round in the view', async () => {
      const v = (await protocolViews({ title: TITLE })).views[0];
      return v?.rows.filter((r) => r.label === 'tools/call' && r.status === 'ok').length === 2 ? v : undefined;
    });
    const calls = view.rows.filter((r) => r.label === 'tools/call');
    assert.deepEqual(calls.map((r) => [r.depth, r.round, r.subject, r.arrow]), [[0, '2 rounds', 'ask_user_mrtr', '→'], [1, 'round 2', 'ask_user_mrtr', '→']]);
    assert.equal(view.rows[view.rows.indexOf(calls[0]!) + 1], calls[1], 'the round is right under the call that started it');
    for (const row of calls) {
      assert.match(row.duration, /^\d+ ms$/);
      assert.match(row.size, /^\d+ B \/ \d+ B$/);
    }
    assert.ok(view.live && !view.paused);
  });

  it('filters by method or text, opens a message as read-only JSON, pauses and clears', async () => {
    const filtered = (await protocolViews({ title: TITLE, action: { type: 'filter', text: 'ada@example' } })).views[0]!;
    assert.ok(filtered.rows.length >= 1 && filtered.rows.every((r) => r.label === 'tools/call'), JSON.stringify(filtered.rows.map((r) => r.label)));
    const opened = (await protocolViews({ title: TITLE, action: { type: 'open', seq: filtered.rows[0]!.seq } })).done as string;
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(opened));
    assert.equal(document.languageId, 'json');
    const json = JSON.parse(document.getText()) as { messages: { message?: { result?: { resultType?: string } } }[] };
    assert.equal(json.messages[1]!.message!.result!.resultType, 'input_required');
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(vscode.Uri.parse(opened), new Uint8Array())), 'the JSON document is read-only');
    await protocolViews({ title: TITLE, action: { type: 'filter', text: '' } });

    const paused = (await protocolViews({ title: TITLE, action: { type: 'pause' } })).views[0]!;
    assert.equal(paused.paused, true);
    const before = paused.rows.length;
    await callTool(SERVER, 'echo', { text: 'while paused' });
    const still = (await protocolViews({ title: TITLE })).views[0]!;
    assert.equal(still.rows.length, before, 'nothing recorded while paused');
    assert.ok(still.notes.some((n) => /messages passed while the view was closed or paused/.test(n)), JSON.stringify(still.notes));
    await protocolViews({ title: TITLE, action: { type: 'resume' } });
    await callTool(SERVER, 'echo', { text: 'after resume' });
    await until('the echo after resuming', async () => (await protocolViews({ title: TITLE })).views[0]!.rows.some((r) => r.subject === 'echo'));
    const cleared = (await protocolViews({ title: TITLE, action: { type: 'clear' } })).views[0]!;
    assert.deepEqual(cleared.rows, []);
  });

  it('exports a session as JSON lines and opens the file again in a view of its own', async () => {
    await callTool(SERVER, 'echo', { text: 'exported' });
    const live = await until('the echo to be recorded', async () => {
      const v = (await protocolViews({ title: TITLE })).views[0]!;
      return v.rows.some((r) => r.subject === 'echo' && r.status === 'ok') ? v : undefined;
    });
    const target = vscode.Uri.file(join(folder, 'session.mcp-protocol.jsonl'));
    await answer({ kind: 'protocol.exportPath', answer: target.toString() });
    assert.equal((await protocolViews({ title: TITLE, action: { type: 'export' } })).done, target.toString());
    const lines = readFileSync(target.fsPath, 'utf8').trim().split('\n');
    assert.equal(JSON.parse(lines[0]!).format, 'mcp-client-protocol-log');
    assert.ok(lines.length > 2);
    await answer({ kind: 'protocol.openPath', answer: target.toString() });
    const title = await vscode.commands.executeCommand<string>('mcpClient.workbench.openProtocolLog');
    assert.equal(title, `Protocol: ${SERVER} (session.mcp-protocol.jsonl)`);
    const reopened = (await protocolViews({ title })).views[0]!;
    assert.equal(reopened.live, false);
    const shape = (rows: typeof live.rows) => rows.map((r) => [r.label, r.subject, r.status, r.duration]);
    assert.deepEqual(shape(reopened.rows), shape(live.rows));
  });

  it('records nothing once its view is closed, and says how many messages passed meanwhile', async () => {
    const echoes = async () => (await protocolViews({ title: TITLE })).views[0]!.rows.filter((r) => r.subject === 'echo').length;
    const before = await echoes();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await until('the views to close', async () => (await protocolViews()).views.length === 0);
    await callTool(SERVER, 'echo', { text: 'nobody looks' });
    await vscode.commands.executeCommand('mcpClient.workbench.showProtocol', SERVER);
    assert.equal(await echoes(), before, 'the call made while the view was closed is not in it');
    const view = (await protocolViews({ title: TITLE })).views[0]!;
    assert.ok(view.notes.some((n) => /messages passed while the view was closed or paused/.test(n)), JSON.stringify(view.notes));
    assert.ok(existsSync(folder));
  });
});
