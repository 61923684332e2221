// What arrives late. Task progress (2025: notifications/progress for the token of the tools/call that
// started the task) is the task's while it runs, and no longer once it has ended: a late notification for
// that token is not taken for the ended task (tasksCapability.ts then hands it to the SDK's own routing).
// An answer the user takes long to give (2026 inputRequests) is asked for once, however many polls see
// the request meanwhile. Against the tasks fixture, which reports per task its tasks/get count and the
// progress token its tools/call carried. A poll loop woken by dispose ends there.
import * as assert from 'node:assert/strict';
import type { McpSession } from '../../../../src/mcp/session';
import { TasksCapability } from '../../../../src/mcp/tasks/tasksCapability';
import { ToolTasks } from '../../../../src/mcp/tasks/toolTasks';
import { until } from '../../../shared/until';
import { definition, newSession, stdio, textOf } from '../../helpers';

interface Seen {
  tasks: Record<string, { gets: number; progressToken?: string }>;
}
const seen = async (session: McpSession) => JSON.parse(textOf(await session.callTool({ name: 'tasks_seen', arguments: {} }))) as Seen;

describe('ToolTasks, task progress after the end (2025-11-25)', () => {
  const sessions: McpSession[] = [];
  const host = { session: (name: string) => sessions.find((s) => s.name === name), answerInput: async () => ({}) };
  let tasks: ToolTasks;
  afterEach(async () => {
    tasks.dispose();
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
  });

  it('a progress notification for an ended task is no longer taken for it', async () => {
    tasks = new ToolTasks(host);
    const session = newSession(definition('tasks', stdio('tasksFixture')), { capabilities: [new TasksCapability(tasks)], probeTimeoutMs: 3000 }, sessions);
    await session.start();
    const tool = (await session.listTools()).find((t) => t.name === 'slow_job')!;
    const started = await tasks.start(session, tool, { steps: 1, ask: false });
    assert.ok('task' in started);
    const ended = await tasks.whenEnded(started.task);
    assert.deepEqual(ended.progress, { progress: 1, total: 1, message: 'step 1 of 1' });
    const progressToken = (await seen(session)).tasks[ended.taskId]?.progressToken;
    assert.ok(progressToken, 'the task was started with a progress token');
    assert.equal(tasks.progress('tasks', { progressToken, progress: 99, total: 1 }), false);
    assert.deepEqual(ended.progress, { progress: 1, total: 1, message: 'step 1 of 1' }, 'the ended task shows its last progress');
  });
});

describe('ToolTasks, an answer the user takes long to give (2026-07-28 inputRequests)', () => {
  const sessions: McpSession[] = [];
  let asked = 0;
  let session: McpSession;
  const host = {
    session: (name: string) => sessions.find((s) => s.name === name),
    answerInput: async (_server: string) => {
      asked++;
      // The user thinks while the poll goes on: two more tasks/get see the same request.
      const [taskId, { gets }] = Object.entries((await seen(session)).tasks)[0]!;
      await until('two more polls', async () => (await seen(session)).tasks[taskId]!.gets >= gets + 2, 10_000);
      return { action: 'accept', content: { name: 'Ada' } };
    },
  };
  let tasks: ToolTasks;
  // A test may run again in the same process (Stryker's runner loads the files once): count afresh each time.
  beforeEach(() => {
    asked = 0;
  });
  afterEach(async () => {
    tasks.dispose();
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
  });

  it('asks once, however many polls see the request meanwhile', async () => {
    tasks = new ToolTasks(host);
    session = newSession(definition('tasks', stdio('tasksFixture', ['--era=modern'])), { capabilities: [new TasksCapability(tasks)], probeTimeoutMs: 3000 }, sessions);
    await session.start();
    const tool = (await session.listTools()).find((t) => t.name === 'slow_job')!;
    const started = await tasks.start(session, tool, { steps: 2, ask: true });
    assert.ok('task' in started);
    const ended = await tasks.whenEnded(started.task);
    assert.equal(textOf(ended.result!), 'Report for Ada: 2 steps done.');
    assert.equal(asked, 1);
  });
});

describe('ToolTasks, a poll loop woken by dispose', () => {
  it('stops for good: it does not wait again afterwards', async () => {
    const tasks = new ToolTasks({ session: () => undefined, answerInput: async () => ({}) });
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    await settled(); // mocha's own timer for this test starts with its first wait
    const before = timers();
    tasks.restore([{ server: 'absent', tool: 'slow_job', taskId: 'task-1', createdAt: Date.now(), endpoint: 'stdio:nowhere' }]);
    assert.equal(timers(), before + 1, 'the loop waits for its server');
    tasks.dispose();
    await settled(); // the woken loop runs on
    assert.equal(timers(), before);
    assert.equal(tasks.list()[0]?.status, 'working', 'the task is not given up, only no longer followed here');
  });
});
