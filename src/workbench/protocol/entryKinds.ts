// What one recorded event says about itself: its kind, the name a person looks for (the tool, prompt or
// resource), and for an answer its error class. No `vscode`: the Protocol view, its export and the bench
// share it.
import { JSON_RPC_NAMES } from '../../mcp/jsonRpcErrors';

/** The JSON-RPC error codes of the specification and of MCP, by name, and what this client answers itself. */
const ERROR_NAMES: Readonly<Record<number, string>> = {
  ...JSON_RPC_NAMES,
  [-32042]: 'URL elicitation required',
  [-32001]: 'request timeout',
  [-1]: 'rejected by the user',
};

export type MessageShape =
  | { kind: 'request'; id: string | number; method: string; params?: Record<string, unknown> }
  | { kind: 'notification'; method: string; params?: Record<string, unknown> }
  | { kind: 'response'; id: string | number; result?: Record<string, unknown>; error?: { code?: unknown; message?: unknown } }
  | { kind: 'invalid' };

/** Which of the three JSON-RPC shapes a message has (anything else is "invalid"). */
export function shapeOf(message: unknown): MessageShape {
  if (typeof message !== 'object' || message === null) return { kind: 'invalid' };
  const m = message as Record<string, unknown>;
  const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : undefined;
  const params = isObject(m.params) ? m.params : undefined;
  if (typeof m.method === 'string') return id === undefined ? { kind: 'notification', method: m.method, params } : { kind: 'request', id, method: m.method, params };
  if (id !== undefined && ('result' in m || 'error' in m)) {
    return { kind: 'response', id, result: isObject(m.result) ? m.result : undefined, error: isObject(m.error) ? m.error : undefined };
  }
  return { kind: 'invalid' };
}

/** The tool, prompt or resource a request is about: `tools/call` → its tool's name. */
export function subjectOf(params: Record<string, unknown> | undefined): string | undefined {
  if (!params) return undefined;
  for (const key of ['name', 'uri', 'taskId'] as const) if (typeof params[key] === 'string') return params[key];
  const ref = params.ref as { name?: unknown; uri?: unknown } | undefined;
  if (ref && typeof (ref.name ?? ref.uri) === 'string') return String(ref.name ?? ref.uri);
  return undefined;
}

/** An answer's error class, or undefined when it succeeded: "-32601 method not found", "tool error (isError)". */
export function errorClassOf(shape: Extract<MessageShape, { kind: 'response' }>): string | undefined {
  if (shape.error) {
    const code = typeof shape.error.code === 'number' ? shape.error.code : undefined;
    return code === undefined ? 'error' : `${code} ${ERROR_NAMES[code] ?? (code <= -32000 && code >= -32099 ? 'server error' : 'error')}`;
  }
  if (shape.result?.isError === true) return 'tool error (isError)';
  return undefined;
}

/** A 2026-07-28 multi-round-trip answer: the server wants input before it can answer. */
export function isInputRequired(shape: MessageShape): boolean {
  return shape.kind === 'response' && shape.result?.resultType === 'input_required';
}

/** A request that answers an earlier `input_required` (the SDK repeats it with inputResponses / requestState). */
export function isRoundFollowUp(shape: MessageShape): boolean {
  return shape.kind === 'request' && !!shape.params && ('inputResponses' in shape.params || 'requestState' in shape.params);
}

/** One line for a notification: progress as "3/10 message", a log message's text, a cancellation's reason. */
export function notificationSummary(method: string, params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  if (method === 'notifications/progress') {
    const total = typeof params.total === 'number' ? `/${params.total}` : '';
    return [`${String(params.progress)}${total}`, typeof params.message === 'string' ? params.message : ''].filter(Boolean).join(' ');
  }
  if (method === 'notifications/message') return `${String(params.level ?? '')} ${typeof params.data === 'string' ? params.data : JSON.stringify(params.data)}`.trim();
  if (method === 'notifications/cancelled') return typeof params.reason === 'string' ? params.reason : '';
  return subjectOf(params) ?? '';
}

/** The request a progress or cancellation notification is about: its progress token or request id. */
export function notificationTarget(method: string, params: Record<string, unknown> | undefined): { token?: unknown; requestId?: unknown } | undefined {
  if (method === 'notifications/progress') return { token: params?.progressToken };
  if (method === 'notifications/cancelled') return { requestId: params?.requestId };
  return undefined;
}

export function progressTokenOf(params: Record<string, unknown> | undefined): unknown {
  const meta = params?._meta as Record<string, unknown> | undefined;
  return meta?.progressToken;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
