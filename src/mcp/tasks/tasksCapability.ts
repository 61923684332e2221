// Tells servers the client can run tool calls as tasks (2025-11-25: `capabilities.tasks`; 2026-07-28:
// the io.modelcontextprotocol/tasks extension) and routes what the server reports about them to the
// tracker: notifications/tasks/status (2025), and progress notifications for a task's progress token.
// The SDK drops a request's progress handler once the CreateTaskResult arrives, so task progress is
// taken here, before the SDK's own handler (which still gets every other token).
import type { Client, ProgressNotificationParams } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { ClientCapability } from '../clientCapability';
import type { ServerDefinition } from '../serverDefinition';
import { TASKS_EXTENSION_ID } from './taskWire';

export interface TaskNotificationSink {
  /** A task status notification from `server` (2025). */
  status(server: string, params: Record<string, unknown>): void;
  /** Progress for `token`: true when it belongs to a task (then it goes nowhere else). */
  progress(server: string, params: ProgressNotificationParams): boolean;
}

export class TasksCapability implements ClientCapability {
  readonly capabilities = { tasks: { list: {}, cancel: {} }, extensions: { [TASKS_EXTENSION_ID]: {} } };

  constructor(private readonly sink: TaskNotificationSink) {}

  install(client: Client, definition: ServerDefinition): void {
    client.setNotificationHandler('notifications/tasks/status', { params: z.looseObject({ taskId: z.string() }) }, (params) =>
      this.sink.status(definition.name, params),
    );
    // The SDK's default progress routing is a private method; it is called for every token that is not a task's.
    // Should an SDK release drop it, the TypeError shows in the server's log and toolTasks.test.ts fails.
    const sdkProgress = (client as unknown as { _onprogress: (n: unknown) => void })._onprogress;
    client.setNotificationHandler('notifications/progress', (n) => {
      if (this.sink.progress(definition.name, n.params)) return;
      sdkProgress.call(client, n);
    });
  }
}
