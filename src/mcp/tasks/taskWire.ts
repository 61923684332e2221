// The task requests of both protocol eras, as plain functions over the SDK Client. SDK 2.4.0 names the
// task vocabulary but has no task runtime (see docs/tasks in the README): the requests go through
// client.request() with explicit result schemas, and each era's shape is read into one TaskSnapshot.
// - 2025-11-25: tools/call with `task: {ttl}` → CreateTaskResult {task}; tasks/get, tasks/result (blocks
//   until the task ends; input the task needs arrives meanwhile as ordinary server requests), tasks/cancel.
// - 2026-07-28, the io.modelcontextprotocol/tasks extension: tools/call answered {resultType:'task', …}
//   (read through taskResultShim.ts); tasks/get carries inputRequests / result / error; tasks/update
//   answers inputRequests; tasks/cancel.
import type { CallToolRequest, CallToolResult, Client, RequestOptions, Tool } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { TASK_HANDLE_META_KEY } from './taskResultShim';

export const TASKS_EXTENSION_ID = 'io.modelcontextprotocol/tasks';
export const TASK_STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const isTerminal = (status: TaskStatus) => status === 'completed' || status === 'failed' || status === 'cancelled';

/** A request the task waits on (2026: an entry of inputRequests). */
export interface TaskInputRequest {
  method: string;
  params: Record<string, unknown>;
}

/** What the server says about a task, in either era. */
export interface TaskSnapshot {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt?: string;
  pollIntervalMs?: number;
  ttlMs?: number | null;
  inputRequests?: Record<string, TaskInputRequest>;
  result?: CallToolResult;
  error?: { code?: number; message?: string };
}

const Status = z.enum(TASK_STATUSES);
const LegacyTask = z.looseObject({
  taskId: z.string(),
  status: Status,
  statusMessage: z.string().optional(),
  createdAt: z.string().optional(),
  ttl: z.number().nullable().optional(),
  pollInterval: z.number().optional(),
});
const ModernTask = z.looseObject({
  taskId: z.string(),
  status: Status,
  statusMessage: z.string().optional(),
  createdAt: z.string().optional(),
  ttlMs: z.number().nullable().optional(),
  pollIntervalMs: z.number().optional(),
  inputRequests: z.record(z.string(), z.looseObject({ method: z.string(), params: z.record(z.string(), z.unknown()).optional() })).optional(),
  result: z.looseObject({}).optional(),
  error: z.looseObject({ code: z.number().optional(), message: z.string().optional() }).optional(),
});
const CreateTaskResult = z.looseObject({ task: LegacyTask });
const ToolResult = z.looseObject({ content: z.array(z.unknown()).optional(), isError: z.boolean().optional() });
const Empty = z.looseObject({});

export type Era = 'legacy' | 'modern';

export function eraOf(client: Client): Era {
  return client.getProtocolEra() === 'modern' ? 'modern' : 'legacy';
}

function fromLegacy(task: z.infer<typeof LegacyTask>): TaskSnapshot {
  const { taskId, status, statusMessage, createdAt, ttl, pollInterval } = task;
  return { taskId, status, statusMessage, createdAt, ttlMs: ttl, pollIntervalMs: pollInterval };
}

function fromModern(task: Record<string, unknown>): TaskSnapshot {
  const t = ModernTask.parse(task);
  const inputRequests = t.inputRequests && Object.fromEntries(Object.entries(t.inputRequests).map(([k, r]) => [k, { method: r.method, params: r.params ?? {} }]));
  return {
    taskId: t.taskId,
    status: t.status,
    statusMessage: t.statusMessage,
    createdAt: t.createdAt,
    ttlMs: t.ttlMs,
    pollIntervalMs: t.pollIntervalMs,
    inputRequests,
    result: t.result && (ToolResult.parse(t.result) as CallToolResult),
    error: t.error,
  };
}

/**
 * Whether the server may run this tool as a task. 2025: the server's `tasks.requests.tools.call` and
 * the tool's `execution.taskSupport`; 2026: the server declared the extension (it then decides per call).
 */
export function toolRunsAsTask(client: Client, tool: Tool): boolean {
  const caps = client.getServerCapabilities() as Record<string, any> | undefined;
  if (eraOf(client) === 'modern') return caps?.extensions?.[TASKS_EXTENSION_ID] !== undefined;
  const support = (tool as { execution?: { taskSupport?: string } }).execution?.taskSupport;
  return !!caps?.tasks?.requests?.tools?.call && (support === 'optional' || support === 'required');
}

/** Starts a tool call as a task; a 2026 server may still answer at once, with the result. */
export async function startToolTask(
  client: Client,
  params: CallToolRequest['params'],
  ttlMs: number,
  options: RequestOptions,
): Promise<{ task: TaskSnapshot } | { result: CallToolResult }> {
  if (eraOf(client) === 'legacy') {
    const created = await client.request({ method: 'tools/call', params: { ...params, task: { ttl: ttlMs } } } as never, CreateTaskResult, options);
    return { task: fromLegacy(created.task) };
  }
  const result = (await client.callTool(params, options)) as CallToolResult;
  const handle = result._meta?.[TASK_HANDLE_META_KEY] as Record<string, unknown> | undefined;
  return handle ? { task: fromModern(handle) } : { result };
}

export async function getTask(client: Client, taskId: string, options: RequestOptions): Promise<TaskSnapshot> {
  if (eraOf(client) === 'legacy') return fromLegacy(await client.request({ method: 'tasks/get', params: { taskId } } as never, LegacyTask, options));
  return fromModern(await client.request({ method: 'tasks/get', params: { taskId } } as never, ModernTask, options));
}

/** 2025: the task's result; blocks until the task ends (a failed or cancelled task answers an error). */
export async function legacyTaskResult(client: Client, taskId: string, options: RequestOptions): Promise<CallToolResult> {
  return (await client.request({ method: 'tasks/result', params: { taskId } } as never, ToolResult, options)) as CallToolResult;
}

export async function cancelTask(client: Client, taskId: string, options: RequestOptions): Promise<void> {
  await client.request({ method: 'tasks/cancel', params: { taskId } } as never, Empty, options);
}

/** 2026: answers the task's inputRequests, by key. */
export async function updateTask(client: Client, taskId: string, inputResponses: Record<string, unknown>, options: RequestOptions): Promise<void> {
  await client.request({ method: 'tasks/update', params: { taskId, inputResponses } } as never, Empty, options);
}
