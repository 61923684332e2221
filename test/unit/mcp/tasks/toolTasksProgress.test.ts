// Task progress (2025: notifications/progress for the token of the tools/call that started the task) is
// the task's while it runs, and no longer once it has ended: a late notification for that token is not
// taken for the ended task (tasksCapability.ts then hands it to the SDK's own routing). Against the
// tasks fixture, which reports the progress token each task's tools/call carried.
import * as assert from 'node:assert/strict';
import type { McpSession } from '../../../../src/mcp/session';
import { TasksCapability } from '../../../../src/mcp/tasks/tasksCapability';
import { ToolTasks } from '../../../../src/mcp/tasks/toolTasks';
import { definition, newSession, stdio, textOf } from '../../helpers';

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
    const seen = JSON.parse(textOf(await session.callTool({ name: 'tasks_seen', arguments: {} }))) as { tasks: Record<string, { progressToken?: string }> };
    const progressToken = seen.tasks[ended.taskId]?.progressToken;
    assert.ok(progressToken, 'the task was started with a progress token');
    assert.equal(tasks.progress('tasks', { progressToken, progress: 99, total: 1 }), false);
    assert.deepEqual(ended.progress, { progress: 1, total: 1, message: 'step 1 of 1' }, 'the ended task shows its last progress');
  });
});
