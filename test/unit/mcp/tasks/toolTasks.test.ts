// ToolTasks against the tasks fixture (SDK v2 server) on both eras: a tool run as a task with progress,
// input answered through the host (2025: the elicitation capability; 2026: inputRequests → tasks/update),
// the result, cancel, and a restore (the tracker of a reloaded window) that finds the task again.
import * as assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import type { Client, ElicitResult, Tool } from '@modelcontextprotocol/client';
import type { ClientCapability } from '../../../../src/mcp/clientCapability';
import { endpointKey } from '../../../../src/mcp/serverIdentity';
import type { McpSession } from '../../../../src/mcp/session';
import { TasksCapability } from '../../../../src/mcp/tasks/tasksCapability';
import { getTask } from '../../../../src/mcp/tasks/taskWire';
import { ToolTasks, type TaskInputRequest, type TrackedTask } from '../../../../src/mcp/tasks/toolTasks';
import { until } from '../../../shared/until';
import { definition, newSession, stdio, textOf, startTasksFixtureOverHttp } from '../../helpers';

for (const era of ['legacy', 'modern'] as const) {
  describe(`ToolTasks (${era === 'legacy' ? '2025-11-25 tasks' : '2026-07-28 tasks extension'})`, () => {
    const sessions: McpSession[] = [];
    const asked: string[] = [];
    const answer = (message: string): ElicitResult => (asked.push(message), { action: 'accept', content: { name: 'Ada' } });
    let tasks: ToolTasks;
    let session: McpSession;
    let progressSeen: number[];
    const elicitation: ClientCapability = {
      capabilities: { elicitation: { form: {} } },
      install(client: Client) {
        client.setRequestHandler('elicitation/create', async (request) => answer(request.params.message));
      },
    };
    const host = {
      session: (name: string) => sessions.find((s) => s.name === name),
      answerInput: async (_server: string, request: TaskInputRequest) => answer(String(request.params.message)),
    };

    beforeEach(async () => {
      asked.length = 0;
      progressSeen = [];
      tasks = new ToolTasks(host);
      tasks.onDidChange((t) => t?.progress && progressSeen.push(t.progress.progress));
      session = newSession(definition('tasks', stdio('tasksFixture', era === 'modern' ? ['--era=modern'] : [])), {
        capabilities: [elicitation, new TasksCapability(tasks)],
        probeTimeoutMs: 3000,
      }, sessions);
      await session.start();
    });
    afterEach(async () => {
      tasks.dispose();
      await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
    });

    async function slowJob(): Promise<Tool> {
      const tool = (await session.listTools()).find((t) => t.name === 'slow_job')!;
      assert.ok(tasks.runsAsTask(session, tool), 'the server offers slow_job as a task');
      return tool;
    }

    it('runs the tool as a task: input required answered once, then the result', async () => {
      const started = await tasks.start(session, await slowJob(), { steps: 3, ask: true });
      assert.ok('task' in started, 'the server answered with a task');
      const seen: string[] = [];
      const shown: string[] = [];
      tasks.onDidChange((t) => {
        if (t !== started.task) return;
        seen.push(t.status);
        shown.push(JSON.stringify([t.status, t.statusMessage, t.progress, t.error]));
      });
      const ended = await tasks.whenEnded(started.task);
      assert.equal(ended.status, 'completed', ended.error);
      assert.equal(textOf(ended.result!), 'Report for Ada: 3 steps done.');
      assert.deepEqual(asked, ['Whose report is this?'], 'asked exactly once, through the host');
      // The fixture changes only the status when it asks (the message stays the step's): still shown.
      assert.ok(seen.includes('input_required'), `saw input_required (${seen.join(', ')})`);
      assert.ok(shown.every((s, i) => s !== shown[i - 1]), `each change shows something new:\n${shown.join('\n')}`);
      if (era === 'legacy') assert.ok(progressSeen.length > 0, 'task progress reached the tracker');
      assert.equal(tasks.list().length, 1);
    });

    it('reads a task as its era spells it: the ttl and the poll interval the server asks for', async () => {
      const started = await tasks.start(session, await slowJob(), { steps: 3, ask: false });
      assert.ok('task' in started);
      const snapshot = await session.withClient('tasks/get', (client, options) => getTask(client, started.task.taskId, options));
      assert.equal(snapshot.taskId, started.task.taskId);
      assert.equal(snapshot.ttlMs, 600_000);
      assert.equal(snapshot.pollIntervalMs, 200);
      await tasks.whenEnded(started.task);
    });

    it('gives the result of a call the server answers at once, and tracks no task', async () => {
      const quick = (await session.listTools()).find((t) => t.name === 'quick')!;
      if (era === 'legacy') {
        assert.equal(tasks.runsAsTask(session, quick), false, 'a 2025 tool that does not allow tasks is not run as one');
        return;
      }
      const started = await tasks.start(session, quick, {});
      assert.ok('result' in started, 'answered at once');
      assert.equal(textOf(started.result), 'quick answer');
      assert.equal(tasks.list().length, 0);
    });

    if (era === 'legacy') {
      it('leaves the progress of an ordinary call, not a task, to its caller', async () => {
        const progress: number[] = [];
        const result = await session.callTool({ name: 'slow_job', arguments: { steps: 2 } }, { onprogress: (p) => progress.push(p.progress) });
        assert.equal(textOf(result), 'ran without a task (2 steps)');
        assert.deepEqual(progress, [2], `the caller saw the progress (${JSON.stringify(progress)}, tracker ${JSON.stringify(progressSeen)})`);
        assert.deepEqual(progressSeen, [], 'the task tracker took none of it');
      });
    }

    it('cancels a running task on the server', async () => {
      const started = await tasks.start(session, await slowJob(), { steps: 50, ask: false });
      assert.ok('task' in started);
      await until('the task to run', () => started.task.statusMessage?.startsWith('step') ?? false, 10_000);
      await tasks.cancel(started.task);
      const ended = await tasks.whenEnded(started.task);
      assert.equal(ended.status, 'cancelled');
      const seen = JSON.parse(textOf(await session.callTool({ name: 'tasks_seen', arguments: {} })));
      assert.equal(seen.cancels, 1);
    });

    it('finds a task again after a reload (a new tracker restoring the saved ids)', async () => {
      const started = await tasks.start(session, await slowJob(), { steps: 3, ask: false });
      assert.ok('task' in started);
      const saved = tasks.saved();
      tasks.dispose();
      const reloaded = new ToolTasks(host);
      try {
        reloaded.restore(saved);
        const [task] = reloaded.list() as [TrackedTask];
        assert.equal(task.taskId, started.task.taskId);
        const ended = await reloaded.whenEnded(task);
        assert.equal(ended.status, 'completed', ended.error);
        assert.equal(textOf(ended.result!), 'Report for nobody: 3 steps done.');
      } finally {
        reloaded.dispose();
      }
    });

    it('ends a restored task the server does not know as failed, saying why', async () => {
      tasks.restore([{ server: 'tasks', tool: 'slow_job', taskId: 'task-999', createdAt: Date.now(), endpoint: endpointKey(session.definition) }]);
      const ended = await tasks.whenEnded(tasks.list()[0]!);
      assert.equal(ended.status, 'failed');
      assert.match(ended.error ?? '', /no longer reports this task.*not found/i);
    });

    it('does not ask a server whose definition changed about a task started on the old one', async () => {
      const started = await tasks.start(session, await slowJob(), { steps: 30, ask: false });
      assert.ok('task' in started);
      const [saved] = tasks.saved();
      assert.equal(saved!.endpoint, endpointKey(session.definition), 'the task is saved with the server it runs on');
      const elsewhere = endpointKey({ ...session.definition, transport: stdio('tasksFixture', ['--other']) });
      tasks.dispose(); // the window that started it is gone
      const seen = async () => JSON.parse(textOf(await session.callTool({ name: 'tasks_seen', arguments: {} }))) as { gets: number; cancels: number };
      const before = await seen();
      const reloaded = new ToolTasks(host);
      try {
        reloaded.restore([{ ...saved!, endpoint: elsewhere }]);
        const ended = await reloaded.whenEnded(reloaded.list()[0]!);
        assert.equal(ended.status, 'failed');
        assert.match(ended.error ?? '', /no longer the server this task was started on/);
      } finally {
        reloaded.dispose();
      }
      // The server itself was never asked about the task (no tasks/get, no tasks/cancel).
      const after = await seen();
      assert.deepEqual([after.gets, after.cancels], [before.gets, before.cancels]);
    });
  });
}

describe('ToolTasks over Streamable HTTP (a server that keeps tasks)', () => {
  let server: ChildProcess;
  let url: string;
  const sessions: McpSession[] = [];
  const host = { session: (name: string) => sessions.find((s) => s.name === name && s.state.kind === 'running'), answerInput: async () => ({ action: 'decline' }) };

  before(async () => {
    ({ server, url } = await startTasksFixtureOverHttp());
  });
  after(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
    server.kill();
  });

  it('follows a task started by a client that is gone (a closed window) to its result', async () => {
    const http = { type: 'http' as const, url, headers: {} };
    const first = newSession(definition('tasks-http', http), { capabilities: [] }, sessions);
    await first.start();
    const tasks = new ToolTasks(host);
    const tool = (await first.listTools()).find((t) => t.name === 'slow_job')!;
    const started = await tasks.start(first, tool, { steps: 5, ask: false });
    assert.ok('task' in started, 'the server answered with a task');
    const saved = tasks.saved();
    tasks.dispose();
    await first.shutdown();

    const second = newSession(definition('tasks-http', http), { capabilities: [] }, sessions);
    await second.start();
    const reloaded = new ToolTasks(host);
    try {
      reloaded.restore(saved);
      const ended = await reloaded.whenEnded(reloaded.list()[0]!);
      assert.equal(ended.status, 'completed', ended.error);
      assert.equal(ended.taskId, started.task.taskId);
      assert.equal(textOf(ended.result!), 'Report for nobody: 5 steps done.');
    } finally {
      reloaded.dispose();
    }
  });
});
