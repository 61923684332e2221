// Finding a prompt by name (starting its server when needed) and getting its messages, with errors
// that name the server and the prompt. Shared by the command and the @mcp participant.
import type { GetPromptResult } from '@modelcontextprotocol/client';
import { describeError, isMcpClientError } from '../mcp/errors';
import { SessionState } from '../mcp/sessionState';
import type { ChosenPrompt, PromptServices } from './promptFlow';
import { resolvePromptRef, type Resolution } from './resolvePrompt';

/**
 * Resolves `server/prompt` (or a bare prompt name). Servers that are configured but stopped are
 * started first (only the named one, when the reference names a server), and lists are loaded.
 */
export async function locatePrompt(services: PromptServices, ref: string): Promise<Resolution> {
  const names = services.sessions.entries().map((e) => e.name);
  const slash = ref.indexOf('/');
  const named = slash > 0 && names.includes(ref.slice(0, slash)) ? ref.slice(0, slash) : undefined;
  await services.catalog.startStopped((name) => services.startServer(name), named);
  await services.catalog.load();
  const servers = services.catalog.servers().filter((s) => s.status !== 'stopped' || !s.heldBack || s.server === named);
  if (servers.length === 0) return { ok: false, message: 'No MCP server is running. Add one with "MCP Client: Add Server…" or start one in the Servers view.' };
  return resolvePromptRef(ref, servers);
}

/** prompts/get; remembers the prompt as recently used when it worked. */
export async function getPromptResult(services: PromptServices, chosen: ChosenPrompt, signal?: AbortSignal): Promise<GetPromptResult> {
  const { server, prompt, args } = chosen;
  // A prompt picked from the cached rows may belong to a server that is still starting.
  await services.sessions.use(server);
  const session = services.sessions.get(server);
  if (!session || !SessionState.isRunning(session.state)) {
    throw new Error(`The prompt '${prompt.name}' cannot run: the MCP server '${server}' is not running.`);
  }
  let result: GetPromptResult;
  try {
    result = await session.getPrompt({ name: prompt.name, arguments: args }, { signal });
  } catch (error) {
    throw new Error(promptFailure(server, prompt.name, error), { cause: error });
  }
  void services.recents.add({ server, prompt: prompt.name });
  return result;
}

export function promptFailure(server: string, prompt: string, error: unknown): string {
  // The session's error already says "server: prompts/get … failed:"; say it the way a user reads it.
  const reason = isMcpClientError(error) ? error.reason : describeError(error);
  return `The prompt '${prompt}' of MCP server '${server}' failed: ${reason}`;
}

