// ToolTasks as the Tasks view sees it, beyond the happy path of toolTasks.test.ts: the list's order and
// lookups, Clear, a task of a stopped server, status notifications waking the poll, the poll interval the
// server asks for, a server's terminal status and its error text, a 2025 result that cannot be fetched,
// an answer that cannot be delivered, cancel errors, and dispose stopping every poll loop. Against the
// tasks fixture, which counts the tasks/get, tasks/cancel and tasks/result it saw (counts, not timing).
import * as assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import type { Tool } from '@modelcontextprotocol/client';
import { endpointKey } from '../../../../src/mcp/serverIdentity';
import type { McpSession } from '../../../../src/mcp/session';
import { TasksCapability } from '../../../../src/mcp/tasks/tasksCapability';
import { ToolTasks, type TaskInputRequest, type TrackedTask } from '../../../../src/mcp/tasks/toolTasks';
import { until } from '../../../shared/until';
import { definition, MemoryLogger, newSession, stdio, textOf, startTasksFixtureOverHttp } from '../../helpers';

/** Rejections the tracker leaves unhandled (a poll loop or an answer that threw): each is a bug. */
function unhandledTrackerRejections(): () => unknown[] {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => {
    if (String((reason as Error | undefined)?.stack ?? reason).includes('toolTasks')) seen.push(reason);
  };
  before(() => process.on('unhandledRejection', listener));
  after(() => process.off('unhandledRejection', listener));
  return () => seen.splice(0);
}

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
const saved = (server: string, taskId: string, createdAt = Date.now()) => ({ server, tool: 'slow_job', taskId, createdAt, endpoint: 'stdio:nowhere' });

describe('ToolTasks without a running server', () => {
  const rejections = unhandledTrackerRejections();
  const asked: string[] = [];
  const host = { session: (name: string) => (asked.push(name), undefined), answerInput: async () => ({}) };
  let tasks: ToolTasks;
  beforeEach(() => {
    asked.length = 0;
    tasks = new ToolTasks(host);
  });
  afterEach(() => {
    tasks.dispose();
    assert.deepEqual(rejections(), []);
  });

  it('lists tasks newest first, each found by its server and id, working until the server says otherwise', () => {
    tasks.restore([saved('a', 'task-1', 1000), saved('a', 'task-3', 3000), saved('b', 'task-1', 2000)]);
    assert.deepEqual(tasks.list().map((t) => [t.server, t.taskId, t.status]), [['a', 'task-3', 'working'], ['b', 'task-1', 'working'], ['a', 'task-1', 'working']]);
    assert.deepEqual(tasks.saved().map((t) => t.createdAt), [3000, 2000, 1000]);
    assert.equal(tasks.find('b', 'task-1'), tasks.list()[1]);
    assert.equal(tasks.find('b', 'task-3'), undefined, 'an id is looked up on its own server only');
    // A second restore (the same saved list again) keeps the tasks it already follows.
    const before = tasks.list();
    tasks.restore([saved('a', 'task-3', 3000)]);
    assert.equal(tasks.list().length, 3);
    assert.equal(tasks.find('a', 'task-3'), before[0], 'the same task, not a second copy with a second poll loop');
  });

  it('a status notification wakes the poll of that task only; one about a task it does not follow is ignored', async () => {
    tasks.restore([saved('a', 'task-1'), saved('b', 'task-1')]);
    assert.deepEqual(asked, ['a', 'b'], 'each loop asked for its server once, then waits');
    tasks.status('a', { taskId: 'task-1', status: 'working' });
    tasks.status('c', { taskId: 'task-9', status: 'working' });
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(asked, ['a', 'b', 'a'], 'only task-1 of a looked again');
    assert.equal(tasks.progress('a', { progressToken: 'someone-else', progress: 1 }), false, "progress that is not a task's goes to its caller");
  });

  it('dispose stops every poll loop, leaving no timer behind', () => {
    const before = timers();
    tasks.restore([saved('a', 'task-1'), saved('b', 'task-2')]);
    assert.equal(timers(), before + 2, 'each loop waits for its server');
    tasks.dispose();
    assert.equal(timers(), before);
  });
});

for (const era of ['legacy', 'modern'] as const) {
  describe(`ToolTasks, what the Tasks view shows (${era === 'legacy' ? '2025-11-25' : '2026-07-28'})`, () => {
    const rejections = unhandledTrackerRejections();
    const sessions: McpSession[] = [];
    let answerInput: (server: string, request: TaskInputRequest) => Promise<unknown>;
    const host = { session: (name: string) => sessions.find((s) => s.name === name), answerInput: (server: string, request: TaskInputRequest) => answerInput(server, request) };
    let tasks: ToolTasks;
    let session: McpSession;
    let logger: MemoryLogger;

    async function open(timeoutMs = 10_000): Promise<Tool> {
      logger = new MemoryLogger();
      const def = definition('tasks', stdio('tasksFixture', era === 'modern' ? ['--era=modern'] : []), { timeoutMs });
      session = newSession(def, { capabilities: [new TasksCapability(tasks)], probeTimeoutMs: 3000, logger }, sessions);
      await session.start();
      return (await session.listTools()).find((t) => t.name === 'slow_job')!;
    }
    const seen = async () =>
      JSON.parse(textOf(await session.callTool({ name: 'tasks_seen', arguments: {} }))) as { cancels: number; results: number; tasks: Record<string, { gets: number; getsBeforeEnd?: number }> };
    async function run(tool: Tool, args: Record<string, unknown>): Promise<TrackedTask> {
      const started = await tasks.start(session, tool, { ask: false, ...args });
      assert.ok('task' in started, 'the server answered with a task');
      return started.task;
    }

    beforeEach(() => {
      tasks = new ToolTasks(host);
      answerInput = async () => ({ action: 'accept', content: { name: 'Ada' } });
    });
    afterEach(async () => {
      tasks.dispose();
      await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
      assert.deepEqual(rejections(), []);
    });

    it('shows a terminal status from the server with its error text', async () => {
      const task = await run(await open(), { steps: 1, fail: 'Disk full' });
      const ended = await tasks.whenEnded(task);
      assert.equal(ended.status, 'failed');
      assert.equal(ended.error, 'Disk full');
      assert.equal(ended.result, undefined);
    });

    it('asks for the result of a 2025 task once, and a 2026 server never (it has no tasks/result)', async () => {
      const task = await run(await open(), { steps: 2 });
      assert.equal(textOf((await tasks.whenEnded(task)).result!), 'Report for nobody: 2 steps done.');
      assert.equal((await seen()).results, era === 'legacy' ? 1 : 0);
    });

    it('a server that completes a task without a result it can give: failed, saying why (2025), or completed empty (2026)', async () => {
      const ended = await tasks.whenEnded(await run(await open(), { steps: 1, lostResult: true }));
      if (era === 'legacy') {
        assert.equal(ended.status, 'failed');
        assert.match(ended.error ?? '', /tasks\/result task-\d+ failed: .*The result has expired/);
      } else {
        assert.equal(ended.status, 'completed', ended.error);
        assert.equal(ended.result, undefined);
        assert.equal(ended.error, undefined);
      }
    });

    // 2026 only: 2025 input arrives as the server's own requests, not through the tracker.
    if (era === 'modern') it('an answer given after its server stopped: the task says it could not be delivered', async () => {
      answerInput = async () => {
        await session.stop();
        return { action: 'accept', content: { name: 'Ada' } };
      };
      const task = await run(await open(), { steps: 3, ask: true });
      await until('the failed answer to show', () => task.statusMessage?.startsWith('Could not') ?? false, 10_000);
      assert.equal(task.statusMessage, "Could not answer the task's request: Server 'tasks' is not running (stopped); cannot send tasks/update " + task.taskId + '.');
      assert.equal(task.status, 'input_required', 'still waiting for the answer');
    });

    if (era === 'legacy') {
      it('two tasks at once: each shows its own progress, also after the other has ended', async () => {
        const tool = await open();
        const long = await run(tool, { steps: 5 });
        const short = await run(tool, { steps: 1 });
        await tasks.whenEnded(short);
        await tasks.whenEnded(long);
        assert.deepEqual(short.progress, { progress: 1, total: 1, message: 'step 1 of 1' });
        assert.deepEqual(long.progress, { progress: 5, total: 5, message: 'step 5 of 5' });
        assert.ok(!logger.lines.some((l) => /progress|notification handler/i.test(l)), logger.lines.join('\n'));
      });

      it('a 2025 task may run longer than the request timeout: its result request waits for it', async () => {
        const task = await run(await open(2000), { steps: 8 });
        const ended = await tasks.whenEnded(task);
        assert.equal(ended.status, 'completed', ended.error);
        assert.equal(textOf(ended.result!), 'Report for nobody: 8 steps done.');
      });

      it('Clear forgets the ended tasks and keeps the running ones', async () => {
        await open();
        const changes: (TrackedTask | undefined)[] = [];
        tasks.onDidChange((t) => changes.push(t));
        // A task of another definition ends at once (failed); one of a server that is not there waits.
        tasks.restore([{ ...saved('tasks', 'task-7'), endpoint: 'stdio:elsewhere' }, saved('absent', 'task-8')]);
        assert.deepEqual(tasks.list().map((t) => t.status).sort(), ['failed', 'working']);
        changes.length = 0;
        tasks.clearEnded();
        assert.deepEqual(tasks.list().map((t) => t.taskId), ['task-8']);
        assert.deepEqual(changes, [undefined], 'the view is told the list changed');
      });

      it('a stopped server: not offered as a task, and neither a start nor a cancel reaches it, saying why', async () => {
        const tool = await open();
        const task = await run(tool, { steps: 20 });
        await session.stop();
        assert.equal(tasks.runsAsTask(session, tool), false);
        await assert.rejects(tasks.start(session, tool, {}), /Server 'tasks' is not running \(stopped\); cannot send tools\/call slow_job\./);
        await assert.rejects(tasks.cancel(task), (error: Error) => error.message === "Server 'tasks' is not running.");
        assert.equal(task.status, 'working', 'the task itself is not given up');
      });
    }

    it('a cancel the server refuses names the request; the task then ends as the server no longer knowing it', async () => {
      await open();
      tasks.restore([{ ...saved('tasks', 'task-999'), endpoint: endpointKey(session.definition) }]);
      const [task] = tasks.list() as [TrackedTask];
      await assert.rejects(tasks.cancel(task), /tasks: tasks\/cancel task-999 failed: .*not found/i);
      const ended = await tasks.whenEnded(task);
      assert.equal(ended.status, 'failed');
      assert.match(ended.error ?? '', /^The server no longer reports this task: tasks: tasks\/get task-999 failed: .*not found/i);
    });

    it('a second cancel of an ended task sends nothing', async () => {
      const task = await run(await open(), { steps: 1 });
      await tasks.whenEnded(task);
      await tasks.cancel(task);
      assert.equal((await seen()).cancels, 0);
    });

    if (era === 'modern') {
      it('polls at the interval the server asks for (without status notifications to wake it)', async () => {
        const task = await run(await open(), { steps: 6, pollMs: 5000 });
        await tasks.whenEnded(task);
        // The server finished after about 1.8 s of its 5 s interval: one tasks/get (the first) came before.
        assert.equal((await seen()).tasks[task.taskId]?.getsBeforeEnd, 1);
      });
    } else {
      it('asks again at each status notification, however long the interval the server asks for', async () => {
        const task = await run(await open(), { steps: 6, pollMs: 5000 });
        await tasks.whenEnded(task);
        // The server finished after about 1.8 s of its 5 s interval: only the notifications can have woken the poll.
        const gets = (await seen()).tasks[task.taskId]?.getsBeforeEnd ?? 0;
        assert.ok(gets > 1, `${gets} tasks/get before the task ended`);
      });
    }
  });
}

describe('ToolTasks, a server stopped while its task runs (Streamable HTTP: the server keeps the task)', () => {
  const rejections = unhandledTrackerRejections();
  let server: ChildProcess;
  let url: string;
  const sessions: McpSession[] = [];
  let onAsk: ((session: McpSession) => void) | undefined;
  const host = {
    session: (name: string) => {
      const session = sessions.find((s) => s.name === name && s.state.kind === 'running');
      if (session) onAsk?.(session);
      return session;
    },
    answerInput: async () => ({ action: 'decline' }),
  };

  before(async () => {
    ({ server, url } = await startTasksFixtureOverHttp());
  });
  after(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
    server.kill();
    assert.deepEqual(rejections(), []);
  });

  it('a tasks/get cut short by the stop does not end the task: it is followed again once the server runs', async () => {
    const session = newSession(definition('tasks-http', { type: 'http', url, headers: {} }), { capabilities: [] }, sessions);
    await session.start();
    const tool = (await session.listTools()).find((t) => t.name === 'slow_job')!;
    const tasks = new ToolTasks(host);
    try {
      // The poll loop asks for the session, then sends tasks/get; the session stops while that is under way.
      onAsk = (running) => {
        onAsk = undefined;
        setImmediate(() => void running.stop());
      };
      const started = await tasks.start(session, tool, { steps: 2, ask: false });
      assert.ok('task' in started);
      await until('the session to stop', () => session.state.kind === 'stopped', 10_000);
      assert.equal(started.task.status, 'working', 'the task waits for its server');
      await session.start();
      const ended = await tasks.whenEnded(started.task);
      assert.equal(ended.status, 'completed', ended.error);
      assert.equal(textOf(ended.result!), 'Report for nobody: 2 steps done.');
    } finally {
      onAsk = undefined;
      tasks.dispose();
    }
  });
});
