// Tasks in the real extension host, against the tasks fixture (test/fixtures/servers/tasksFixture.ts, the
// SDK v2 Server) on both eras: Call Tool… on a tool the server runs as a task puts it in the Tasks view
// (server, tool, status, progress, elapsed time), the task's "input required" is answered through the
// elicitation dialogs, the result opens, and Cancel Task sends tasks/cancel.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandIds } from '../../../src/common/commandIds';
import { until } from '../../shared/until';
import { answer, callTool, chatResponses, hooks, hostSuite, questions, toolsOf } from '../helpers';
import { testModel } from '../testModel';

interface TaskRow {
  label: string;
  description: string;
  contextValue: string;
  server: string;
  tool: string;
  taskId: string;
  status: string;
  error?: string;
  progress?: { progress: number; total?: number };
  resultText?: string;
}

const taskRows = async () => (await vscode.commands.executeCommand<TaskRow[]>(hooks.tasks)) ?? [];
const resultOf = (markdown: string | undefined) => /## Result\n\n(.*)\n/.exec(markdown ?? '')?.[1];

describe('Tasks', () => {
  hostSuite({ server: 'tasks', tools: ['slow_job'] });
  // Answers a failed test left queued must not answer the next test's questions.
  afterEach(() => vscode.commands.executeCommand(hooks.unqueueAnswers));

  for (const server of ['tasks', 'tasks-2026']) {
    it(`${server}: runs the tool as a task, asks for input through the elicitation dialogs, and shows the result`, async () => {
      await toolsOf(server, ['slow_job']);
      await answer({ kind: 'elicitation.start', answer: 'respond' }, { kind: 'elicitation.field', answer: 'Ada' });
      const before = (await taskRows()).length;
      const outcome = await callTool(server, 'slow_job', { steps: 3, ask: true });
      assert.equal(resultOf(outcome.markdown), 'Report for Ada: 3 steps done.', JSON.stringify(outcome));
      const asked = await questions();
      assert.equal(asked[0]?.kind, 'elicitation.start');
      assert.equal(asked[0]?.server, server);
      assert.equal(asked[0]?.message, 'Whose report is this?');
      const rows = await taskRows();
      assert.equal(rows.length, before + 1, 'one more task in the view');
      const row = rows.find((r) => r.server === server)!;
      assert.equal(row.label, 'slow_job');
      assert.equal(row.status, 'completed');
      assert.match(row.description, new RegExp(`^${server} · completed · \\d+:\\d\\d$`));
      assert.match(row.contextValue, /completed/);
      assert.equal(row.resultText, 'Report for Ada: 3 steps done.');
      // 2025 reports progress on the call's token, which the task keeps; 2026 has only status messages.
      if (server === 'tasks') assert.deepEqual(row.progress && { progress: row.progress.progress, total: row.progress.total }, { progress: 3, total: 3 });
    });
  }

  it('Open Result shows a finished task’s result as a document', async () => {
    const row = (await taskRows()).find((r) => r.status === 'completed')!;
    await vscode.commands.executeCommand(CommandIds.openTaskResult, { server: row.server, taskId: row.taskId });
    await until(
      'the result document to open',
      () => vscode.workspace.textDocuments.some((d) => d.uri.scheme === 'mcp-client-tool-result' && d.getText().includes('Report for Ada: 3 steps done.') && d.uri.path === `/${row.server}/slow_job.md`),
      10_000,
    );
  });

  for (const server of ['tasks', 'tasks-2026']) {
    it(`${server}: Cancel Task cancels a running task on its server, and the call reports it cancelled`, async () => {
      const pending = callTool(server, 'slow_job', { steps: 200, ask: false });
      const running = await until('the task to run', async () => (await taskRows()).find((r) => r.server === server && r.status === 'working' && /step/.test(r.description + (r.progress?.progress ?? ''))) ?? (await taskRows()).find((r) => r.server === server && r.status === 'working'), 20_000);
      assert.match(running.contextValue, /running/);
      await vscode.commands.executeCommand(CommandIds.cancelTask, { server, taskId: running.taskId });
      const outcome = await pending;
      assert.equal(outcome.cancelled, true, JSON.stringify(outcome));
      const row = (await taskRows()).find((r) => r.taskId === running.taskId && r.server === server)!;
      assert.equal(row.status, 'cancelled');
      const seen = JSON.parse(resultOf((await callTool(server, 'tasks_seen', {})).markdown) ?? '{}') as { cancels: number };
      assert.ok(seen.cancels >= 1, `the server saw tasks/cancel (${JSON.stringify(seen)})`);
    });
  }

  it('@mcp: a task tool the model calls runs as a task (in the view, input through the dialogs) and its result goes back to the model', async () => {
    const model = await testModel();
    model.state.toolCalls.push({ name: 'tasks-2026_slow_job', input: { steps: 2, ask: true } });
    await answer({ kind: 'tool.confirm', answer: 'once' }, { kind: 'elicitation.start', answer: 'respond' }, { kind: 'elicitation.field', answer: 'Grace' });
    const before = (await taskRows()).length;
    const sent = model.requests.length;
    await vscode.commands.executeCommand('workbench.action.chat.open', { query: '@mcp make the report', modelSelector: { vendor: 'mcp-test' }, blockOnResponse: true });
    const second = model.requests.slice(sent)[1];
    const results = (second?.messages.at(-1)?.parts ?? []).flatMap((p) => (p.toolResult ? [p.toolResult.text] : []));
    assert.deepEqual(results, ['Report for Grace: 2 steps done.'], JSON.stringify((await chatResponses()).at(-1)));
    const rows = await taskRows();
    assert.equal(rows.length, before + 1);
    assert.equal(rows.find((r) => r.server === 'tasks-2026' && r.resultText === 'Report for Grace: 2 steps done.')?.status, 'completed');
    model.state.toolCalls.length = 0;
  });

  it('a tool the server does not run as a task is an ordinary call, not in the view', async () => {
    const before = (await taskRows()).length;
    const outcome = await callTool('tasks', 'quick', {});
    assert.equal(resultOf(outcome.markdown), 'quick answer');
    assert.equal((await taskRows()).length, before);
  });

  it('Clear Finished Tasks empties the view of ended tasks', async () => {
    await vscode.commands.executeCommand(CommandIds.clearEndedTasks);
    assert.deepEqual((await taskRows()).filter((r) => ['completed', 'failed', 'cancelled'].includes(r.status)), []);
  });
});
