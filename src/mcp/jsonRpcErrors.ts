// The JSON-RPC error codes of the specification, and MCP's resource-not-found, by name: one table for the
// session's error lines (sdkErrors.ts) and the Protocol view's error classes (workbench/protocol/entryKinds.ts).
export const JSON_RPC_NAMES: Readonly<Record<number, string>> = {
  [-32700]: 'parse error',
  [-32600]: 'invalid request',
  [-32601]: 'method not found',
  [-32602]: 'invalid params',
  [-32603]: 'internal error',
  [-32002]: 'resource not found',
};
