// The two places where messages are reshaped before the SDK reads them (SDK 2.4.0 has no task runtime):
// a 2026 task handle answered to tools/call, and a 2025 task-augmented sampling or elicitation request.
// Only those messages change; and task support is never declared for what the client does not answer.
import * as assert from 'node:assert/strict';
import type { ClientCapabilities, JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { declaredTaskMethods, installTaskRequestShim, taskAugmentedMethod, withoutUndeclaredTaskRequests } from '../../../../src/mcp/tasks/taskRequestShim';
import { installTaskResultShim, TASK_HANDLE_META_KEY } from '../../../../src/mcp/tasks/taskResultShim';

/** A transport as the SDK leaves it after connecting: its onmessage set; `seen` is what reaches the SDK. */
function connected() {
  const seen: JSONRPCMessage[] = [];
  const transport = { start: async () => undefined, send: async () => undefined, close: async () => undefined } as Transport;
  transport.onmessage = function (this: Transport, message: JSONRPCMessage) {
    assert.equal(this, transport, 'called on the transport');
    seen.push(message);
  };
  return { transport, seen };
}

const taskCaps: ClientCapabilities = {
  sampling: {},
  elicitation: {},
  tasks: { requests: { sampling: { createMessage: {} }, elicitation: { create: {} }, tools: { call: {} } } },
} as ClientCapabilities;

describe('task shims', () => {
  it('moves a 2026 task handle into an ordinary result, and leaves every other message alone', () => {
    const { transport, seen } = connected();
    installTaskResultShim(transport);
    transport.onmessage!({ jsonrpc: '2.0', id: 1, result: { resultType: 'task', taskId: 't1', status: 'working' } } as JSONRPCMessage);
    transport.onmessage!({ jsonrpc: '2.0', id: 2, result: { resultType: 'complete', content: [] } } as JSONRPCMessage);
    transport.onmessage!({ jsonrpc: '2.0', method: 'notifications/message', params: { resultType: 'task' } } as JSONRPCMessage);
    assert.deepEqual(seen, [
      { jsonrpc: '2.0', id: 1, result: { resultType: 'complete', content: [], _meta: { [TASK_HANDLE_META_KEY]: { taskId: 't1', status: 'working' } } } },
      { jsonrpc: '2.0', id: 2, result: { resultType: 'complete', content: [] } },
      { jsonrpc: '2.0', method: 'notifications/message', params: { resultType: 'task' } },
    ]);
  });

  it('installs nothing on a transport nobody listens to', () => {
    const transport = { start: async () => undefined, send: async () => undefined, close: async () => undefined } as Transport;
    installTaskResultShim(transport);
    installTaskRequestShim(transport, taskCaps);
    assert.equal(transport.onmessage, undefined);
  });

  it('renames a task-augmented request of a declared kind, and no other message', () => {
    const { transport, seen } = connected();
    installTaskRequestShim(transport, taskCaps);
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'sampling/createMessage', params: { task: { ttl: 1000 }, messages: [] } },
      { jsonrpc: '2.0', id: 2, method: 'elicitation/create', params: { task: {}, message: 'q' } },
      { jsonrpc: '2.0', id: 3, method: 'sampling/createMessage', params: { messages: [], _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'x' } } } },
      { jsonrpc: '2.0', method: 'sampling/createMessage', params: { task: {} } },
      { jsonrpc: '2.0', id: 4, method: 'roots/list', params: { task: {} } },
      // A malformed request (no params at all) goes on unchanged, for the SDK to answer with invalid params.
      { jsonrpc: '2.0', id: 5, method: 'sampling/createMessage' },
    ] as JSONRPCMessage[];
    for (const m of messages) transport.onmessage!(m);
    assert.deepEqual(
      seen.map((m) => ('method' in m ? m.method : '')),
      [taskAugmentedMethod('sampling/createMessage'), taskAugmentedMethod('elicitation/create'), 'sampling/createMessage', 'sampling/createMessage', 'roots/list', 'sampling/createMessage'],
    );
    assert.deepEqual(seen[0], { ...messages[0], method: 'mcp-client-vscode/task-augmented:sampling/createMessage' }, 'only the method changes');
  });

  it('renames only what the client declared it runs as a task', () => {
    const { transport, seen } = connected();
    installTaskRequestShim(transport, { sampling: {}, tasks: { requests: { sampling: { createMessage: {} } } } } as ClientCapabilities);
    transport.onmessage!({ jsonrpc: '2.0', id: 1, method: 'elicitation/create', params: { task: {} } } as JSONRPCMessage);
    assert.equal((seen[0] as { method: string }).method, 'elicitation/create');
    const plain = connected();
    const before = plain.transport.onmessage;
    installTaskRequestShim(plain.transport, { sampling: {} });
    assert.equal(plain.transport.onmessage, before, 'nothing declared: the transport is left as it was');
  });

  it('reads which received-task methods are declared', () => {
    assert.deepEqual(declaredTaskMethods(taskCaps), ['sampling/createMessage', 'elicitation/create']);
    assert.deepEqual(declaredTaskMethods({ tasks: { requests: { elicitation: { create: {} } } } } as ClientCapabilities), ['elicitation/create']);
    assert.deepEqual(declaredTaskMethods({}), []);
  });

  it('declares task support for sampling or elicitation only where the client answers them', () => {
    assert.deepEqual(withoutUndeclaredTaskRequests(taskCaps), taskCaps);
    const noSampling = withoutUndeclaredTaskRequests({ elicitation: {}, tasks: { list: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} }, tools: { call: {} } } } } as ClientCapabilities);
    assert.deepEqual(noSampling, { elicitation: {}, tasks: { list: {}, requests: { elicitation: { create: {} }, tools: { call: {} } } } });
    const neither = withoutUndeclaredTaskRequests({ tasks: { requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } } } as ClientCapabilities);
    assert.deepEqual(neither, { tasks: { requests: {} } });
    const untouched = { sampling: {}, tasks: { list: {} } } as ClientCapabilities;
    assert.equal(withoutUndeclaredTaskRequests(untouched), untouched, 'no task requests: the same object');
  });
});
