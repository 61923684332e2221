// Every tool call the servers run as a task, from the start (or a restore after a window reload) to its
// end: polling tasks/get at the server's interval, progress and status notifications, input the task
// asks for (2026: inputRequests answered through the host's elicitation and sampling UI, then
// tasks/update; 2025: the server's ordinary requests, which the capabilities already answer), the
// result, cancel. A task outlives whatever started it; only the user's Clear forgets it.
import { randomUUID } from 'node:crypto';
import type { CallToolResult, ProgressNotificationParams, Tool } from '@modelcontextprotocol/client';
import { describeError } from '../errors';
import { Disposable, Emitter } from '../lifecycle';
import { endpointKey } from '../serverIdentity';
import type { McpSession } from '../session';
import { SessionState } from '../sessionState';
import type { TaskNotificationSink } from './tasksCapability';
import { cancelTask, eraOf, getTask, isTerminal, legacyTaskResult, startToolTask, toolRunsAsTask, updateTask } from './taskWire';
import type { TaskInputRequest, TaskSnapshot, TaskStatus } from './taskWire';

export type { TaskInputRequest, TaskStatus };

export interface TrackedTask {
  readonly server: string;
  readonly tool: string;
  readonly taskId: string;
  /** Local clock (ms) when the task was created, for the elapsed time. */
  readonly createdAt: number;
  /** The server's endpointKey when the task started (serverIdentity.ts). */
  readonly endpoint?: string;
  status: TaskStatus;
  statusMessage?: string;
  progress?: { progress: number; total?: number; message?: string };
  endedAt?: number;
  result?: CallToolResult;
  /** Why the task failed, or why it can no longer be followed. */
  error?: string;
  /** The call's arguments; only in the window that started it (never saved: they may hold anything). */
  args?: Record<string, unknown>;
}

/** What survives a window reload: enough to find the task again on its server. */
export interface SavedTask {
  server: string;
  tool: string;
  taskId: string;
  createdAt: number;
  /** The server's endpointKey when the task started; a server whose definition changed is not asked. */
  endpoint?: string;
}

export interface ToolTasksHost {
  session(name: string): McpSession | undefined;
  /** Answers one input request of a task (elicitation/create, sampling/createMessage) through the UI. */
  answerInput(server: string, request: TaskInputRequest, signal: AbortSignal): Promise<unknown>;
}

/** How long a server is asked to keep a task (and its result) around. */
const TASK_TTL_MS = 24 * 60 * 60 * 1000;
const MIN_POLL_MS = 100;
/** For a server that does not say (its first answer is read at once, so only a later one can lack it). */
const DEFAULT_POLL_MS = 1000;
const MAX_POLL_MS = 5000;

export class ToolTasks extends Disposable implements TaskNotificationSink {
  private readonly changeEmitter = this._register(new Emitter<TrackedTask | undefined>());
  /** Fires with the task that changed (undefined: the list itself changed). */
  readonly onDidChange = this.changeEmitter.event;
  private readonly tasks = new Map<string, TrackedTask>();
  private readonly progressTokens = new Map<string, TrackedTask>();
  /** Ends the current wait of a task's poll loop, by task key. */
  private readonly wakers = new Map<string, () => void>();
  private readonly ended = new Map<TrackedTask, Array<() => void>>();
  private readonly abort = new AbortController();

  constructor(private readonly host: ToolTasksHost) {
    super();
    // Aborts the input dialogs, and wakes every poll loop, which then sees the abort and stops.
    this._register({
      dispose: () => {
        this.abort.abort();
        for (const wake of [...this.wakers.values()]) wake();
      },
    });
  }

  list(): TrackedTask[] {
    return [...this.tasks.values()].sort((a, b) => b.createdAt - a.createdAt);
  }

  find(server: string, taskId: string): TrackedTask | undefined {
    return this.tasks.get(key(server, taskId));
  }

  saved(): SavedTask[] {
    return this.list().map(({ server, tool, taskId, createdAt, endpoint }) => ({ server, tool, taskId, createdAt, endpoint }));
  }

  runsAsTask(session: McpSession, tool: Tool): boolean {
    return session.withClientSync((client) => toolRunsAsTask(client, tool)) ?? false;
  }

  /**
   * Calls `tool` as a task and follows it. A server may still answer at once (2026): then there is
   * no task, only the result.
   */
  async start(session: McpSession, tool: Tool, args: Record<string, unknown>): Promise<{ task: TrackedTask } | { result: CallToolResult }> {
    const token = `mcp-client-task-${randomUUID()}`;
    const params = { name: tool.name, arguments: args, _meta: { progressToken: token } };
    const started = await session.withClient(`tools/call ${tool.name}`, (client, options) => startToolTask(client, params, TASK_TTL_MS, options));
    if ('result' in started) return started;
    const saved = { server: session.name, tool: tool.name, taskId: started.task.taskId, createdAt: Date.now(), endpoint: endpointKey(session.definition) };
    const task = this.track(saved, started.task);
    task.args = args;
    this.progressTokens.set(`${session.name}\n${token}`, task);
    return { task };
  }

  /** Follows tasks saved before a reload; those the server no longer has end as failed, saying so. */
  restore(saved: readonly SavedTask[]): void {
    for (const s of saved) if (!this.tasks.has(key(s.server, s.taskId))) this.track(s, { taskId: s.taskId, status: 'working', statusMessage: undefined });
  }

  /** Settles when the task has ended (completed, failed or cancelled). */
  whenEnded(task: TrackedTask): Promise<TrackedTask> {
    if (isTerminal(task.status)) return Promise.resolve(task);
    return new Promise((resolve) => this.ended.set(task, [...(this.ended.get(task) ?? []), () => resolve(task)]));
  }

  async cancel(task: TrackedTask): Promise<void> {
    if (isTerminal(task.status)) return;
    const session = this.requireSession(task);
    await session.withClient(`tasks/cancel ${task.taskId}`, (client, options) => cancelTask(client, task.taskId, options));
    this.wake(key(task.server, task.taskId));
  }

  /** Forgets ended tasks (the server keeps them until their TTL). */
  clearEnded(): void {
    for (const [k, task] of this.tasks) if (isTerminal(task.status)) this.tasks.delete(k);
    this.changeEmitter.fire(undefined);
  }

  /** A status notification (2025) wakes the task's poll; the tasks/get that follows reads what changed. */
  status(server: string, params: Record<string, unknown>): void {
    this.wake(key(server, String(params.taskId)));
  }

  progress(server: string, params: ProgressNotificationParams): boolean {
    const task = this.progressTokens.get(`${server}\n${String(params.progressToken)}`);
    if (!task) return false;
    task.progress = { progress: params.progress, total: params.total, message: params.message };
    this.changeEmitter.fire(task);
    return true;
  }

  private track(saved: SavedTask, first: TaskSnapshot): TrackedTask {
    const { server, tool, taskId, createdAt, endpoint } = saved;
    const task: TrackedTask = { server, tool, taskId, createdAt, endpoint, status: first.status, statusMessage: first.statusMessage };
    this.tasks.set(key(task.server, task.taskId), task);
    this.changeEmitter.fire(undefined);
    void this.follow(task);
    return task;
  }

  private requireSession(task: TrackedTask): McpSession {
    const session = this.host.session(task.server);
    if (!session || !SessionState.isRunning(session.state)) throw new Error(`Server '${task.server}' is not running.`);
    return session;
  }

  /** The poll loop of one task. */
  private async follow(task: TrackedTask): Promise<void> {
    const answered = new Set<string>();
    let legacyOutcome: Promise<{ result: CallToolResult } | { error: unknown }> | undefined;
    while (!isTerminal(task.status) && !this.abort.signal.aborted) {
      const session = this.host.session(task.server);
      if (!session || !SessionState.isRunning(session.state)) {
        await this.sleep(task, MAX_POLL_MS);
        continue;
      }
      // Saved before the definition changed (or by a version that did not record it): not this server's task.
      if (task.endpoint !== endpointKey(session.definition)) {
        this.end(task, 'failed', `'${task.server}' is no longer the server this task was started on (its definition changed), so the task cannot be followed.`);
        break;
      }
      let snapshot: TaskSnapshot;
      try {
        snapshot = await session.withClient(`tasks/get ${task.taskId}`, (client, options) => getTask(client, task.taskId, options));
      } catch (error) {
        if (!SessionState.isRunning(session.state)) continue;
        this.end(task, 'failed', `The server no longer reports this task: ${describeError(error)}`);
        break;
      }
      const modern = session.withClientSync((client) => eraOf(client) === 'modern');
      // 2025: the result request stays open while the task runs (a server may send the task's own requests on it).
      if (!modern && !legacyOutcome) {
        legacyOutcome = session
          .withClient(`tasks/result ${task.taskId}`, (c, o) => legacyTaskResult(c, task.taskId, o), { timeout: TASK_TTL_MS })
          .then((result) => ({ result }), (error: unknown) => ({ error }));
      }
      this.apply(task, snapshot);
      if (snapshot.inputRequests) void this.answer(session, task, snapshot.inputRequests, answered);
      if (snapshot.status === 'completed') {
        // Not modern: legacyOutcome was asked for above.
        const outcome = modern ? { result: snapshot.result } : await legacyOutcome!;
        if ('error' in outcome) this.end(task, 'failed', describeError(outcome.error));
        else this.end(task, 'completed', undefined, outcome.result);
      } else if (isTerminal(snapshot.status)) {
        this.end(task, snapshot.status, snapshot.error?.message ?? snapshot.statusMessage);
      } else {
        await this.sleep(task, Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, snapshot.pollIntervalMs ?? DEFAULT_POLL_MS)));
      }
    }
  }

  /** 2026: each input request once, through the UI, then tasks/update with the answer under its key. */
  private async answer(session: McpSession, task: TrackedTask, requests: Record<string, TaskInputRequest>, answered: Set<string>): Promise<void> {
    for (const [inputKey, request] of Object.entries(requests)) {
      if (answered.has(inputKey)) continue;
      answered.add(inputKey);
      try {
        const response = await this.host.answerInput(task.server, request, this.abort.signal);
        await session.withClient(`tasks/update ${task.taskId}`, (client, options) => updateTask(client, task.taskId, { [inputKey]: response }, options));
      } catch (error) {
        task.statusMessage = `Could not answer the task's request: ${describeError(error)}`;
        this.changeEmitter.fire(task);
      }
      this.wake(key(task.server, task.taskId));
    }
  }

  private apply(task: TrackedTask, snapshot: TaskSnapshot): void {
    if (task.status === snapshot.status && task.statusMessage === snapshot.statusMessage) return;
    task.status = isTerminal(snapshot.status) ? task.status : snapshot.status;
    task.statusMessage = snapshot.statusMessage;
    this.changeEmitter.fire(task);
  }

  private end(task: TrackedTask, status: TaskStatus, error?: string, result?: CallToolResult): void {
    task.status = status;
    task.endedAt = Date.now();
    task.result = result;
    task.error = error;
    for (const [token, t] of this.progressTokens) if (t === task) this.progressTokens.delete(token);
    this.changeEmitter.fire(task);
    for (const resolve of this.ended.get(task) ?? []) resolve();
    this.ended.delete(task);
  }

  private wake(taskKey: string): void {
    this.wakers.get(taskKey)?.();
  }

  /** Waits for the poll interval, or less when a notification, an answer or dispose says something changed. */
  private sleep(task: TrackedTask, ms: number): Promise<void> {
    const taskKey = key(task.server, task.taskId);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(taskKey);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.set(taskKey, done);
    });
  }
}

const key = (server: string, taskId: string) => `${server}\n${taskId}`;
