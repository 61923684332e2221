// Tasks a server asks the client to run (2025-11-25 task-augmented sampling/createMessage and
// elicitation/create), against the client-tasks fixture (SDK v2 server) over stdio: the CreateTaskResult
// at once, the work through the host's runner (the UI in the extension), tasks/get, tasks/result with the
// answer and its related-task _meta, tasks/list, tasks/cancel from the server and from the user, a failure.
import * as assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/client';
import type { ClientCapability } from '../../../../src/mcp/clientCapability';
import type { McpSession } from '../../../../src/mcp/session';
import { ReceivedTasks, RELATED_TASK_META_KEY } from '../../../../src/mcp/tasks/receivedTasks';
import { ReceivedTasksCapability } from '../../../../src/mcp/tasks/receivedTasksCapability';
import { declaredTaskMethods, withoutUndeclaredTaskRequests } from '../../../../src/mcp/tasks/taskRequestShim';
import type { TaskInputRequest } from '../../../../src/mcp/tasks/taskWire';
import { until } from '../../../shared/until';
import { definition, newSession, stdio, textOf } from '../../helpers';

interface Report {
  statuses: string[];
  last?: { status: string; statusMessage?: string };
  notified: string[];
  result?: Record<string, unknown>;
  error?: { code?: number; message: string };
}

/** A request the runner is working on, until the test answers or fails it. */
interface Pending {
  server: string;
  request: TaskInputRequest;
  signal: AbortSignal;
  answer(value: unknown): void;
  fail(error: unknown): void;
}

describe('ReceivedTasks (2025-11-25 sampling and elicitation as tasks)', () => {
  const sessions: McpSession[] = [];
  let pending: Pending[];
  let received: ReceivedTasks;
  let session: McpSession;
  // Ordinary handlers: the client declares sampling and elicitation (task support is declared for both).
  const ordinary: ClientCapability = {
    capabilities: { sampling: {}, elicitation: { form: {} } },
    install(client: Client) {
      client.setRequestHandler('sampling/createMessage', async () => ({ role: 'assistant', content: { type: 'text', text: 'ordinary' }, model: 'm' }));
      client.setRequestHandler('elicitation/create', async () => ({ action: 'decline' }));
    },
  };
  const runner = (server: string, request: TaskInputRequest, signal: AbortSignal) =>
    new Promise<unknown>((answer, fail) => pending.push({ server, request, signal, answer, fail }));

  beforeEach(async () => {
    pending = [];
    received = new ReceivedTasks(runner);
    session = newSession(definition('client-tasks', stdio('clientTasksFixture')), { capabilities: [ordinary, new ReceivedTasksCapability(received)] }, sessions);
    await session.start();
  });
  afterEach(async () => {
    received.dispose();
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
  });

  const tool = async <T>(name: string, args: Record<string, unknown> = {}): Promise<T> => JSON.parse(textOf(await session.callTool({ name, arguments: args }))) as T;
  const start = (kind: 'elicitation' | 'sampling') => tool<{ taskId: string; status: string; ttl: number | null }>('client_task_start', { kind });
  const working = () => until('the runner to get the request', () => pending[0], 10_000);

  it('answers a task-augmented elicitation with a task, runs it through the host, and returns the answer through tasks/result', async () => {
    const created = await start('elicitation');
    assert.equal(created.status, 'working');
    assert.equal(created.ttl, 600_000, 'the requested TTL is kept');
    const job = await working();
    assert.equal(job.server, 'client-tasks');
    assert.equal(job.request.method, 'elicitation/create');
    assert.equal(job.request.params.message, 'Which city should the report cover?');
    assert.equal(job.request.params.task, undefined, 'the runner gets the request without its task augmentation');
    const row = received.find('client-tasks', created.taskId)!;
    assert.equal(row.status, 'working');
    assert.equal(row.method, 'elicitation/create');
    const listed = await tool<{ tasks: { taskId: string; status: string }[] }>('client_task_list');
    assert.deepEqual(listed.tasks.map((t) => [t.taskId, t.status]), [[created.taskId, 'working']]);
    // One page holds every task, so a cursor was never handed out: one that is sent is invalid params.
    const paged = await tool<{ error?: { code?: number; message: string } }>('client_task_list', { cursor: 'page-2' });
    assert.equal(paged.error?.code, -32602);
    assert.match(paged.error?.message ?? '', /Invalid cursor: page-2/);
    job.answer({ action: 'accept', content: { city: 'Rome' } });
    const report = await tool<Report>('client_task_report', { taskId: created.taskId });
    assert.deepEqual(report.result, { action: 'accept', content: { city: 'Rome' }, _meta: { [RELATED_TASK_META_KEY]: { taskId: created.taskId } } });
    assert.equal(report.statuses[0], 'working', 'tasks/get saw the task working first');
    assert.equal(report.last?.status, 'completed');
    assert.deepEqual(report.notified, ['completed'], 'the status change was notified');
    assert.equal(row.status, 'completed');
  });

  it('runs a task-augmented sampling request and returns the model’s message through tasks/result', async () => {
    const created = await start('sampling');
    const job = await working();
    assert.equal(job.request.method, 'sampling/createMessage');
    assert.equal(job.request.params.maxTokens, 40);
    job.answer({ role: 'assistant', content: { type: 'text', text: 'Tasks wait.' }, model: 'test-model', stopReason: 'endTurn' });
    const report = await tool<Report>('client_task_report', { taskId: created.taskId });
    assert.equal(report.last?.status, 'completed');
    assert.deepEqual((report.result?.content as { text: string }).text, 'Tasks wait.');
    assert.equal(report.result?.model, 'test-model');
  });

  it('tasks/cancel from the server aborts the work; the task stays cancelled and a second cancel is refused', async () => {
    const created = await start('elicitation');
    const job = await working();
    const cancelled = await tool<{ status: string }>('client_task_cancel', { taskId: created.taskId });
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(job.signal.aborted, true, 'the dialog is told to close');
    job.answer({ action: 'accept', content: { city: 'too late' } });
    const report = await tool<Report>('client_task_report', { taskId: created.taskId });
    assert.equal(report.last?.status, 'cancelled');
    assert.ok(report.error, 'tasks/result of a cancelled task is an error');
    assert.equal(received.find('client-tasks', created.taskId)?.status, 'cancelled');
    const again = await tool<{ error?: { code: number } }>('client_task_cancel', { taskId: created.taskId });
    assert.equal(again.error?.code, -32602);
  });

  it('a cancel by the user aborts the work and tasks/get reports it cancelled to the server', async () => {
    const created = await start('sampling');
    const job = await working();
    received.cancel(received.find('client-tasks', created.taskId)!);
    assert.equal(job.signal.aborted, true);
    const report = await tool<Report>('client_task_report', { taskId: created.taskId });
    assert.equal(report.last?.status, 'cancelled');
    assert.match(report.last?.statusMessage ?? '', /user/);
  });

  it('work that fails ends the task as failed; tasks/result returns the request’s own error', async () => {
    const created = await start('sampling');
    (await working()).fail(Object.assign(new Error('User rejected sampling request'), { code: -1 }));
    const report = await tool<Report>('client_task_report', { taskId: created.taskId });
    assert.equal(report.last?.status, 'failed');
    assert.equal(report.error?.code, -1);
    assert.match(report.error?.message ?? '', /User rejected sampling request/);
  });

  it('a task whose server went away ends as failed, and its dialog is told to close', async () => {
    const created = await start('elicitation');
    const job = await working();
    await session.stop();
    // Nobody can ask for this task again: it must not stay "working" in the Tasks view forever.
    const row = await until('the task to end', () => { const t = received.find('client-tasks', created.taskId); return t?.status === 'failed' ? t : undefined; }, 10_000);
    assert.match(row.error ?? '', /The server disconnected\./);
    assert.equal(job.signal.aborted, true, 'the dialog is told to close');
  });

  it('declares task support only for the kinds the client itself declares', () => {
    const tasks = new ReceivedTasksCapability(received).capabilities;
    assert.deepEqual(declaredTaskMethods(withoutUndeclaredTaskRequests({ ...tasks, sampling: {}, elicitation: {} })), ['sampling/createMessage', 'elicitation/create']);
    assert.deepEqual(declaredTaskMethods(withoutUndeclaredTaskRequests({ ...tasks, elicitation: {} })), ['elicitation/create']);
    assert.deepEqual(declaredTaskMethods(withoutUndeclaredTaskRequests(tasks)), []);
  });
});
