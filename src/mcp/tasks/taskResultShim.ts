// On 2026-07-28 a server may answer tools/call with {resultType:'task', taskId, …} (the tasks
// extension). SDK 2.4.0 decodes that as an unsupported result type before any schema can see it, so the
// handle is moved, as it arrives, into an ordinary complete result's _meta, where startToolTask() reads
// it. Only responses are touched, and only this result type.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

export const TASK_HANDLE_META_KEY = 'mcp-client-vscode/task';

export function installTaskResultShim(transport: Transport): void {
  const inner = transport.onmessage;
  if (!inner) return;
  transport.onmessage = (message: JSONRPCMessage, extra?: unknown) => {
    const result = (message as { result?: Record<string, unknown> }).result;
    if (result?.resultType === 'task') {
      const { resultType: _resultType, ...task } = result;
      message = { ...message, result: { resultType: 'complete', content: [], _meta: { [TASK_HANDLE_META_KEY]: task } } } as JSONRPCMessage;
    }
    return (inner as (m: JSONRPCMessage, e?: unknown) => void).call(transport, message, extra);
  };
}
