// Declares that servers may send sampling/createMessage and elicitation/create as tasks (2025-11-25
// `tasks.requests`, with tasks/list and tasks/cancel), and answers what a server asks about them:
// the renamed task-augmented requests (taskRequestShim.ts), tasks/get, tasks/result, tasks/list and
// tasks/cancel, each for that server's own tasks only. ReceivedTasks does the work.
import { specTypeSchemas, type Client } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { ClientCapability } from '../clientCapability';
import type { ServerDefinition } from '../serverDefinition';
import { RECEIVED_TASK_METHODS, type ReceivedTasks, type ReceiverConnection } from './receivedTasks';
import { taskAugmentedMethod } from './taskRequestShim';

// The request's own params schema (the SDK's), as the ordinary handler would check them; an invalid one is refused (-32602).
const PARAMS = { 'sampling/createMessage': specTypeSchemas.CreateMessageRequestParams, 'elicitation/create': specTypeSchemas.ElicitRequestParams };
const TaskId = z.looseObject({ taskId: z.string() });
type TaskId = z.infer<typeof TaskId>;
const ListParams = z.looseObject({ cursor: z.string().optional() });
const Result = z.looseObject({});

export class ReceivedTasksCapability implements ClientCapability {
  // connection.ts leaves out the kinds whose own capability (sampling, elicitation) is not declared.
  readonly capabilities = { tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } } };

  constructor(private readonly tasks: ReceivedTasks) {}

  install(client: Client, definition: ServerDefinition): void {
    const server = definition.name;
    const connection: ReceiverConnection = {
      notify: (task) => void client.notification({ method: 'notifications/tasks/status', params: task } as never).catch(() => undefined),
      isOpen: () => client.transport !== undefined,
    };
    const handle = <P>(method: string, params: unknown, answer: (p: P) => unknown) =>
      client.setRequestHandler(method as never, { params, result: Result } as never, (async (p: P) => answer(p)) as never);
    for (const method of RECEIVED_TASK_METHODS) handle<Record<string, unknown>>(taskAugmentedMethod(method), PARAMS[method], (p) => this.tasks.create(server, connection, method, p));
    handle<TaskId>('tasks/get', TaskId, ({ taskId }) => this.tasks.get(server, taskId));
    handle<TaskId>('tasks/result', TaskId, ({ taskId }) => this.tasks.result(server, taskId));
    handle<TaskId>('tasks/cancel', TaskId, ({ taskId }) => this.tasks.cancelFromServer(server, taskId));
    handle<{ cursor?: string }>('tasks/list', ListParams, ({ cursor }) => {
      // One page holds every task, so no cursor was ever handed out.
      if (cursor !== undefined) throw Object.assign(new Error(`Invalid cursor: ${cursor}`), { code: -32602 });
      return this.tasks.listFor(server);
    });
  }
}
