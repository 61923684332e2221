// Which tools run as tasks (src/mcp/tasks/taskWire.ts), decided from what the server declared: 2025-11-25,
// the server's tasks.requests.tools.call and the tool's execution.taskSupport; 2026-07-28, the tasks
// extension (the server then decides per call). The decision reads only the negotiated era and the server's
// capabilities, so a client that answers those two is all it needs.
import * as assert from 'node:assert/strict';
import type { Client, Tool } from '@modelcontextprotocol/client';
import { TasksCapability } from '../../../../src/mcp/tasks/tasksCapability';
import { isTerminal, TASK_STATUSES, TASKS_EXTENSION_ID, toolRunsAsTask } from '../../../../src/mcp/tasks/taskWire';

const clientWith = (era: 'legacy' | 'modern', capabilities: Record<string, unknown> | undefined) =>
  ({ getProtocolEra: () => era, getServerCapabilities: () => capabilities }) as unknown as Client;
const tool = (taskSupport?: string): Tool => ({ name: 't', inputSchema: { type: 'object' }, ...(taskSupport ? { execution: { taskSupport } } : {}) }) as Tool;
const legacyTasks = { tasks: { requests: { tools: { call: {} } } } };

describe('taskWire: which tools run as tasks', () => {
  it('2025-11-25: the server must offer tasks for tools/call and the tool must allow or require them', () => {
    assert.equal(toolRunsAsTask(clientWith('legacy', legacyTasks), tool('optional')), true);
    assert.equal(toolRunsAsTask(clientWith('legacy', legacyTasks), tool('required')), true);
    assert.equal(toolRunsAsTask(clientWith('legacy', legacyTasks), tool('forbidden')), false);
    assert.equal(toolRunsAsTask(clientWith('legacy', legacyTasks), tool()), false, 'a tool that says nothing');
    for (const caps of [undefined, {}, { tasks: {} }, { tasks: { requests: {} } }, { tasks: { requests: { tools: {} } } }]) {
      assert.equal(toolRunsAsTask(clientWith('legacy', caps), tool('required')), false, JSON.stringify(caps));
    }
    assert.equal(toolRunsAsTask(clientWith('legacy', { extensions: { [TASKS_EXTENSION_ID]: {} } }), tool('required')), false, 'the 2026 extension means nothing on 2025');
  });

  it('2026-07-28: the server declared the tasks extension, whatever the tool says', () => {
    assert.equal(toolRunsAsTask(clientWith('modern', { extensions: { [TASKS_EXTENSION_ID]: {} } }), tool()), true);
    for (const caps of [undefined, {}, { extensions: {} }, { extensions: { 'other/ext': {} } }, legacyTasks]) {
      assert.equal(toolRunsAsTask(clientWith('modern', caps), tool('required')), false, JSON.stringify(caps));
    }
  });

  it('counts completed, failed and cancelled as ended, and only those', () => {
    assert.deepEqual(TASK_STATUSES.filter(isTerminal), ['completed', 'failed', 'cancelled']);
  });
});

describe('tasks: what the client tells a server it can do', () => {
  it('declares the tasks capability (list, cancel) for 2025-11-25 and the tasks extension for 2026-07-28', () => {
    const sink = { status: () => undefined, progress: () => false };
    assert.deepEqual(new TasksCapability(sink as never).capabilities, { tasks: { list: {}, cancel: {} }, extensions: { [TASKS_EXTENSION_ID]: {} } });
  });
});
