// SDK 2.4.0 checks every answer to sampling/createMessage and elicitation/create as that request's
// ordinary result, whichever handler gives it, so the CreateTaskResult ({task}) a task-augmented request
// must be answered with would be refused. Such a request, of a kind this client declared it runs as a
// task, is therefore renamed as it arrives to a method of ours, whose handler (receivedTasksCapability.ts)
// answers with the task. The SDK still owns the rest: the JSON-RPC id, the response, errors, cancellation.
// Only 2025-11-25 carries them: a 2026-07-28 server sends the client no requests at all.
import type { ClientCapabilities, JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { RECEIVED_TASK_METHODS, type ReceivedTaskMethod } from './receivedTasks';

const TASK_AUGMENTED_PREFIX = 'mcp-client-vscode/task-augmented:';

/** The method a task-augmented `method` request is renamed to. */
export function taskAugmentedMethod(method: ReceivedTaskMethod): string {
  return `${TASK_AUGMENTED_PREFIX}${method}`;
}

type TaskRequests = { sampling?: { createMessage?: object }; elicitation?: { create?: object } };

/** Which of the received-task methods `capabilities` declares (tasks.requests.sampling.createMessage, …). */
export function declaredTaskMethods(capabilities: ClientCapabilities): ReceivedTaskMethod[] {
  const requests = (capabilities.tasks as { requests?: TaskRequests } | undefined)?.requests;
  return RECEIVED_TASK_METHODS.filter((m) => (m === 'sampling/createMessage' ? requests?.sampling?.createMessage : requests?.elicitation?.create) !== undefined);
}

/**
 * Task support is declared for sampling and elicitation only where the client declares sampling or
 * elicitation itself: a server must not be told it may send as a task what the client does not answer.
 */
export function withoutUndeclaredTaskRequests(capabilities: ClientCapabilities): ClientCapabilities {
  const tasks = capabilities.tasks as ({ requests?: TaskRequests } & Record<string, unknown>) | undefined;
  if (!tasks?.requests) return capabilities;
  const { sampling, elicitation, ...others } = tasks.requests;
  const requests = { ...others, ...(capabilities.sampling && sampling && { sampling }), ...(capabilities.elicitation && elicitation && { elicitation }) };
  return { ...capabilities, tasks: { ...tasks, requests } } as ClientCapabilities;
}

export function installTaskRequestShim(transport: Transport, capabilities: ClientCapabilities): void {
  const methods = new Set<string>(declaredTaskMethods(capabilities));
  const inner = transport.onmessage;
  if (!inner || methods.size === 0) return;
  transport.onmessage = (message: JSONRPCMessage, extra?: unknown) => {
    const request = message as { id?: unknown; method?: string; params?: { task?: unknown } };
    // A request that only mentions a task of another (`_meta` related-task) is an ordinary request.
    if (request.id !== undefined && request.method && methods.has(request.method) && request.params?.task !== undefined) {
      message = { ...message, method: taskAugmentedMethod(request.method as ReceivedTaskMethod) } as JSONRPCMessage;
    }
    return (inner as (m: JSONRPCMessage, e?: unknown) => void).call(transport, message, extra);
  };
}
