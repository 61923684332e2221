// Tasks a server asks the client to run, in the real extension host: the client-tasks fixture
// (test/fixtures/servers/clientTasksFixture.ts, SDK v2 server, 2025-11-25) sends sampling/createMessage and
// elicitation/create with `params.task`, polls tasks/get, fetches tasks/result and cancels. The task is a
// row of the Tasks view ("elicitation · client-tasks · working · 0:03"), its work goes through the usual
// sampling and elicitation dialogs, and a cancel from either side stops it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandIds } from '../../../src/common/commandIds';
import { until } from '../../shared/until';
import { answer, callTool, hooks, hostSuite, questions } from '../helpers';
import { ui } from '../uiDriver';
import { testModel } from '../testModel';

const SERVER = 'client-tasks';

interface TaskRow {
  label: string;
  description: string;
  contextValue: string;
  server: string;
  taskId: string;
  status: string;
  method?: string;
}

interface Report {
  statuses: string[];
  last?: { status: string; statusMessage?: string };
  notified: string[];
  result?: { action?: string; content?: unknown; model?: string; _meta?: Record<string, unknown> };
  error?: { code?: number; message: string };
}

const taskRows = async () => (await vscode.commands.executeCommand<TaskRow[]>(hooks.tasks)) ?? [];
const rowOf = async (taskId: string) => (await taskRows()).find((r) => r.server === SERVER && r.taskId === taskId);
const toolJson = async <T>(tool: string, args: Record<string, unknown>): Promise<T> => {
  const outcome = await callTool(SERVER, tool, args);
  const text = /## Result\n\n(.*)\n/.exec(outcome.markdown ?? '')?.[1];
  assert.ok(text, `${tool} answered: ${JSON.stringify(outcome)}`);
  return JSON.parse(text) as T;
};
const start = (kind: 'elicitation' | 'sampling') => toolJson<{ taskId: string; status: string }>('client_task_start', { kind });
const report = (taskId: string) => toolJson<Report>('client_task_report', { taskId });
/** The elicitation's quick pick, while it is on screen ("MCP server 'client-tasks' asks"). */
const dialogShown = () => ui.text('.quick-input-widget:visible', { text: `MCP server '${SERVER}' asks` });

describe('Server tasks', () => {
  hostSuite({ server: SERVER, tools: ['client_task_start', 'client_task_report'] });
  afterEach(() => vscode.commands.executeCommand(hooks.unqueueAnswers));

  it('elicitation as a task: a working row while the dialog is open; tasks/cancel from the server closes the dialog and the row reads cancelled', async () => {
    const { taskId, status } = await start('elicitation');
    assert.equal(status, 'working');
    const row = await until('the working row', async () => (await rowOf(taskId))?.status === 'working' && rowOf(taskId), 10_000);
    assert.equal(row!.label, 'elicitation');
    assert.match(row!.description, new RegExp(`^${SERVER} · working · \\d+:\\d\\d$`));
    assert.match(row!.contextValue, /running/, 'Cancel Task is offered');
    await until('the question in the usual dialog', async () => (await questions()).find((q) => q.kind === 'elicitation.start' && q.server === SERVER && q.message === 'Which city should the report cover?'), 10_000);
    await until('the dialog on screen', dialogShown, 15_000);
    const cancelled = await toolJson<{ status: string }>('client_task_cancel', { taskId });
    assert.equal(cancelled.status, 'cancelled');
    const ended = await until('the row to read cancelled', async () => (await rowOf(taskId))?.status === 'cancelled' && rowOf(taskId), 10_000);
    assert.match(ended!.description, new RegExp(`^${SERVER} · cancelled · \\d+:\\d\\d$`));
    await until('the dialog to close', async () => (await dialogShown()) === null, 15_000);
    const seen = await report(taskId);
    assert.equal(seen.last?.status, 'cancelled');
    assert.ok(seen.error, 'tasks/result of a cancelled task is an error');
  });

  it('elicitation as a task: the user’s answer reaches the server through tasks/result', async () => {
    await answer({ kind: 'elicitation.start', answer: 'respond' }, { kind: 'elicitation.field', answer: 'Rome' });
    const { taskId } = await start('elicitation');
    const seen = await report(taskId);
    assert.deepEqual(seen.result, { action: 'accept', content: { city: 'Rome' }, _meta: { 'io.modelcontextprotocol/related-task': { taskId } } });
    assert.equal(seen.last?.status, 'completed');
    assert.ok(seen.notified.includes('completed'), `the client notified the status (${seen.notified.join(', ')})`);
    const row = (await rowOf(taskId))!;
    assert.equal(row.status, 'completed');
    assert.equal(row.label, 'elicitation');
    assert.equal(row.contextValue, 'mcpTask ended', 'no Open Result: the answer went to the server');
  });

  it('sampling as a task: the model’s answer reaches the server through tasks/result', async () => {
    await answer({ kind: 'sampling.approve', answer: 'once' });
    const { taskId } = await start('sampling');
    const seen = await report(taskId);
    assert.equal(seen.last?.status, 'completed', JSON.stringify(seen));
    assert.deepEqual(seen.result?.content, { type: 'text', text: 'Hello from the test model.' });
    assert.equal(seen.result?.model, 'mcp-test-echo');
    assert.deepEqual(seen.result?._meta, { 'io.modelcontextprotocol/related-task': { taskId } });
    const [approval] = await questions();
    assert.equal(approval?.kind, 'sampling.approve', 'the usual approval was asked');
    assert.equal((await rowOf(taskId))?.label, 'sampling');
  });

  it('sampling as a task: Cancel Task in the view stops the model request, and tasks/get reports cancelled to the server', async () => {
    const model = await testModel();
    const reply = model.state.reply;
    const cancelledBefore = model.state.cancelled;
    const sent = model.requests.length;
    // A long answer, streamed a chunk at a time: the request is still running when the user cancels.
    model.state.reply = Array.from({ length: 3000 }, () => ' tick');
    try {
      await answer({ kind: 'sampling.approve', answer: 'once' });
      const { taskId } = await start('sampling');
      await until('the model to be asked', () => model.requests.length > sent, 10_000);
      const row = (await rowOf(taskId))!;
      assert.equal(row.status, 'working');
      assert.match(row.description, new RegExp(`^${SERVER} · working · \\d+:\\d\\d$`));
      await vscode.commands.executeCommand(CommandIds.cancelTask, { server: SERVER, taskId });
      const seen = await report(taskId);
      assert.equal(seen.last?.status, 'cancelled', JSON.stringify(seen));
      assert.match(seen.last?.statusMessage ?? '', /user/);
      await until('the model request to be cancelled', () => model.state.cancelled > cancelledBefore, 10_000);
      assert.equal((await rowOf(taskId))?.status, 'cancelled');
    } finally {
      model.state.reply = reply;
    }
  });
});
