// Tasks a server asks this client to run (2025-11-25: sampling/createMessage or elicitation/create with
// `params.task`). The client is the receiver here: it answers at once with a CreateTaskResult, does the
// work in the background through the same sampling and elicitation UI as an ordinary request, and
// answers the server's tasks/get, tasks/result (blocks until the task ends), tasks/list and tasks/cancel.
// A cancel from the server or from the user aborts the work (the dialog closes, the model request stops).
// Status changes go to the server as notifications/tasks/status. The 2026-07-28 tasks extension has no
// client-hosted tasks (SEP-2663 removes them), so this only ever runs on 2025-11-25 connections.
import { randomUUID } from 'node:crypto';
import { describeError } from '../errors';
import { Disposable, Emitter } from '../lifecycle';
import { isTerminal, type TaskInputRequest, type TaskStatus } from './taskWire';

export const RECEIVED_TASK_METHODS = ['sampling/createMessage', 'elicitation/create'] as const;
export type ReceivedTaskMethod = (typeof RECEIVED_TASK_METHODS)[number];
export const RELATED_TASK_META_KEY = 'io.modelcontextprotocol/related-task';
const POLL_INTERVAL_MS = 500;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

/** What the Tasks view shows of a task a server asked this client to run. */
export interface ReceivedTask {
  readonly server: string;
  readonly taskId: string;
  readonly method: ReceivedTaskMethod;
  /** Local clock (ms) when the task was created, for the elapsed time. */
  readonly createdAt: number;
  status: TaskStatus;
  statusMessage?: string;
  endedAt?: number;
  /** Why the task failed or was cancelled. */
  error?: string;
}

/** The 2025-11-25 Task object, as tasks/get, tasks/list, CreateTaskResult and status notifications carry it. */
export interface WireTask {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttl: number | null;
  pollInterval: number;
}

/** One connection's side of its tasks: where status notifications go, and whether it is still open. */
export interface ReceiverConnection {
  notify(task: WireTask): void;
  isOpen(): boolean;
}

/** Does the work of a task through the UI: the same path as the ordinary request. */
export type ReceivedTaskRunner = (server: string, request: TaskInputRequest, signal: AbortSignal) => Promise<unknown>;

interface Entry {
  task: ReceivedTask;
  wire: WireTask;
  connection: ReceiverConnection;
  abort: AbortController;
  /** Settles when the task is terminal: the result, or the error tasks/result answers. */
  outcome: Promise<{ result: Record<string, unknown> } | { error: Error }>;
  settle(outcome: { result: Record<string, unknown> } | { error: Error }): void;
}

const protocolError = (code: number, message: string) => Object.assign(new Error(message), { code });

export class ReceivedTasks extends Disposable {
  private readonly changeEmitter = this._register(new Emitter<ReceivedTask | undefined>());
  /** Fires with the task that changed (undefined: the list itself changed). */
  readonly onDidChange = this.changeEmitter.event;
  private readonly entries = new Map<string, Entry>();
  private watcher: NodeJS.Timeout | undefined;

  constructor(private readonly run: ReceivedTaskRunner) {
    super();
    this._register({ dispose: () => this.disposeAll() });
  }

  list(): ReceivedTask[] {
    return [...this.entries.values()].map((e) => e.task).sort((a, b) => b.createdAt - a.createdAt);
  }

  find(server: string, taskId: string): ReceivedTask | undefined {
    return this.entries.get(key(server, taskId))?.task;
  }

  /** A task-augmented request arrived: the task is created and its work started; the answer is its CreateTaskResult. */
  create(server: string, connection: ReceiverConnection, method: ReceivedTaskMethod, params: Record<string, unknown>): { task: WireTask } {
    const { task: augmentation, ...request } = params as { task?: { ttl?: unknown } };
    const ttl = typeof augmentation?.ttl === 'number' && Number.isInteger(augmentation.ttl) && augmentation.ttl >= 0 ? augmentation.ttl : null;
    const now = Date.now();
    const taskId = randomUUID();
    let settle!: Entry['settle'];
    const outcome = new Promise<Parameters<Entry['settle']>[0]>((resolve) => (settle = resolve));
    const entry: Entry = {
      task: { server, taskId, method, createdAt: now, status: 'working' },
      wire: { taskId, status: 'working', createdAt: new Date(now).toISOString(), lastUpdatedAt: new Date(now).toISOString(), ttl, pollInterval: POLL_INTERVAL_MS },
      connection,
      abort: new AbortController(),
      outcome,
      settle,
    };
    this.entries.set(key(server, taskId), entry);
    this.changeEmitter.fire(undefined);
    this.watchConnections();
    void this.work(entry, { method, params: request });
    return { task: { ...entry.wire } };
  }

  /** tasks/get */
  get(server: string, taskId: string): WireTask {
    return { ...this.require(server, taskId).wire };
  }

  /** tasks/result: blocks until the task ends; then what the request itself would have answered. */
  async result(server: string, taskId: string): Promise<Record<string, unknown>> {
    const outcome = await this.require(server, taskId).outcome;
    if ('error' in outcome) throw outcome.error;
    const meta = (outcome.result._meta as Record<string, unknown> | undefined) ?? {};
    return { ...outcome.result, _meta: { ...meta, [RELATED_TASK_META_KEY]: { taskId } } };
  }

  /** tasks/list: every task of this server, in one page. */
  listFor(server: string): { tasks: WireTask[] } {
    return { tasks: [...this.entries.values()].filter((e) => e.task.server === server).map((e) => ({ ...e.wire })) };
  }

  /** tasks/cancel from the server: a terminal task is refused (-32602), as the spec requires. */
  cancelFromServer(server: string, taskId: string): WireTask {
    const entry = this.require(server, taskId);
    if (isTerminal(entry.task.status)) throw protocolError(INVALID_PARAMS, `Task ${taskId} is already ${entry.task.status}.`);
    this.endUnanswered(entry, 'cancelled', 'Cancelled by the server.');
    return { ...entry.wire };
  }

  /** Cancel Task from the user: the work stops, and the server's next tasks/get reads cancelled. */
  cancel(task: ReceivedTask): void {
    const entry = this.entries.get(key(task.server, task.taskId));
    if (entry && !isTerminal(entry.task.status)) this.endUnanswered(entry, 'cancelled', 'Cancelled by the user.');
  }

  /** Forgets ended tasks (their servers can no longer ask about them). */
  clearEnded(): void {
    for (const [k, entry] of this.entries) if (isTerminal(entry.task.status)) this.entries.delete(k);
    this.changeEmitter.fire(undefined);
  }

  private require(server: string, taskId: string): Entry {
    const entry = this.entries.get(key(server, String(taskId)));
    if (!entry) throw protocolError(INVALID_PARAMS, `Task not found: ${taskId}`);
    return entry;
  }

  private async work(entry: Entry, request: TaskInputRequest): Promise<void> {
    try {
      const result = (await this.run(entry.task.server, request, entry.abort.signal)) as Record<string, unknown>;
      if (!isTerminal(entry.task.status)) this.end(entry, 'completed', undefined, { result });
    } catch (error) {
      if (isTerminal(entry.task.status)) return;
      const code = (error as { code?: unknown }).code;
      const failure = protocolError(Number.isSafeInteger(code) ? (code as number) : INTERNAL_ERROR, describeError(error));
      this.end(entry, 'failed', failure.message, { error: failure });
    }
  }

  /** A task ended without an answer of its own (cancelled, or its server gone): tasks/result reports why, as an error. */
  private endUnanswered(entry: Entry, status: 'cancelled' | 'failed', message: string): void {
    this.end(entry, status, message, { error: protocolError(INTERNAL_ERROR, message) });
  }

  /** `message`: why the task did not complete (none when it did). */
  private end(entry: Entry, status: TaskStatus, message: string | undefined, outcome: Parameters<Entry['settle']>[0]): void {
    entry.task.status = status;
    entry.task.endedAt = Date.now();
    entry.task.error = message;
    entry.wire = { ...entry.wire, status, lastUpdatedAt: new Date().toISOString(), ...(message && { statusMessage: message }) };
    entry.settle(outcome);
    entry.abort.abort();
    if (entry.connection.isOpen()) entry.connection.notify({ ...entry.wire });
    this.changeEmitter.fire(entry.task);
  }

  /** A running task whose connection has closed can never be asked about again: it ends, and its dialog closes. */
  private watchConnections(): void {
    if (this.watcher) return;
    this.watcher = setInterval(() => {
      const running = [...this.entries.values()].filter((e) => !isTerminal(e.task.status));
      for (const entry of running) if (!entry.connection.isOpen()) this.endUnanswered(entry, 'failed', 'The server disconnected.');
      if (running.every((e) => isTerminal(e.task.status))) this.stopWatching();
    }, 2000);
  }

  private stopWatching(): void {
    clearInterval(this.watcher);
    this.watcher = undefined;
  }

  private disposeAll(): void {
    this.stopWatching();
    for (const entry of this.entries.values()) entry.abort.abort();
  }
}

const key = (server: string, taskId: string) => `${server}\n${taskId}`;
