// The arguments mcpClient.runPrompt accepts (from keybindings.json, the Servers view, other
// extensions), checked and normalized. No `vscode` import: unit-tested in plain Node.
import { CommandIds } from '../common/commandIds';

export type ResultAction = 'chat' | 'document' | 'copy';
export const RESULT_ACTIONS: readonly ResultAction[] = ['chat', 'document', 'copy'];

export interface RunPromptArgs {
  server?: string;
  prompt?: string;
  arguments?: Record<string, unknown>;
  action?: ResultAction;
}

/** The command's argument in its accepted shapes, or what is wrong with it. */
export function normalize(arg: unknown): RunPromptArgs | string {
  if (arg === undefined || arg === null) return {};
  if (typeof arg === 'string') {
    const slash = arg.indexOf('/');
    return slash > 0 ? { server: arg.slice(0, slash), prompt: arg.slice(slash + 1) } : { server: arg };
  }
  if (typeof arg !== 'object') return `${CommandIds.runPrompt} takes { "server", "prompt", "arguments", "action" }.`;
  const o = arg as Record<string, unknown>;
  // A node of the Servers view: { name, scope, … }.
  if (typeof o.name === 'string' && typeof o.scope === 'string' && o.prompt === undefined) return { server: o.name };
  if (o.server !== undefined && typeof o.server !== 'string') return '"server" must be a server name.';
  if (o.prompt !== undefined && typeof o.prompt !== 'string') return '"prompt" must be a prompt name.';
  if (o.arguments !== undefined && (typeof o.arguments !== 'object' || o.arguments === null || Array.isArray(o.arguments))) {
    return '"arguments" must be an object of argument names and values.';
  }
  if (o.action !== undefined && !(RESULT_ACTIONS as readonly unknown[]).includes(o.action)) {
    return `"action" must be one of ${RESULT_ACTIONS.map((a) => `"${a}"`).join(', ')}.`;
  }
  if (o.arguments !== undefined && o.prompt === undefined) return '"arguments" need a "prompt".';
  return { server: o.server as string | undefined, prompt: o.prompt as string | undefined, arguments: o.arguments as Record<string, unknown> | undefined, action: o.action as ResultAction | undefined };
}

/** Keybinding values may be numbers or booleans; MCP prompt arguments are strings. */
export function stringValues(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).flatMap(([name, value]) =>
      value === undefined || value === null ? [] : [[name, typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)]],
    ),
  );
}
