// Turning what the user typed (`server/prompt name=value`) into a prompt of a server, or a message
// that says what is wrong and suggests the closest name. `server/` may be left out when the prompt
// name is unambiguous (in particular when there is a single server).
import type { Prompt } from '@modelcontextprotocol/client';
import { getDisplayName } from '../mcp/displayName';
import { closestMatch } from '../common/closestMatch';
import type { ServerPrompts } from './promptCatalog';

export type Resolution =
  | { ok: true; server: string; prompt: Prompt }
  | { ok: false; message: string; suggestion?: { server: string; prompt: string } };

export function resolvePromptRef(ref: string, servers: readonly ServerPrompts[]): Resolution {
  const slash = ref.indexOf('/');
  const named = slash > 0 ? servers.find((s) => s.server === ref.slice(0, slash)) : undefined;
  if (named) return inServer(named, ref.slice(slash + 1));
  if (slash > 0 && servers.length !== 1 && !servers.some((s) => s.items.some((p) => p.name === ref))) {
    const serverName = ref.slice(0, slash);
    const promptName = ref.slice(slash + 1);
    const close = servers.find((s) => s.server === closestMatch(serverName, servers.map((c) => c.server)));
    const names = close?.items.map((p) => p.name) ?? [];
    const prompt = names.includes(promptName) ? promptName : closestMatch(promptName, names);
    return {
      ok: false,
      message: `There is no MCP server named '${serverName}'.${close ? ` Did you mean '${close.server}'?` : ` Servers: ${list(servers.map((s) => s.server))}.`}`,
      ...(close && prompt ? { suggestion: { server: close.server, prompt } } : {}),
    };
  }
  // No (known) server part: look the whole reference up as a prompt name on every server.
  const matches = servers.flatMap((s) => s.items.filter((p) => p.name === ref).map((p) => ({ server: s.server, prompt: p })));
  if (matches.length === 1) return { ok: true, ...matches[0]! };
  if (matches.length > 1) {
    return { ok: false, message: `Several servers have a prompt named '${ref}': ${list(matches.map((m) => `${m.server}/${ref}`))}. Name the server too.` };
  }
  if (servers.length === 1) return inServer(servers[0]!, ref);
  const all = servers.flatMap((s) => s.items.map((p) => `${s.server}/${p.name}`));
  const byName = closestMatch(ref, servers.flatMap((s) => s.items.map((p) => p.name)));
  const close = closestMatch(ref, all) ?? (byName ? all.find((q) => q.endsWith(`/${byName}`)) : undefined);
  return { ok: false, message: `No server has a prompt named '${ref}'.${didYouMean(close)}`, ...(close ? { suggestion: split(close) } : {}) };
}

function inServer(s: ServerPrompts, name: string): Resolution {
  const prompt = s.items.find((p) => p.name === name);
  if (prompt) return { ok: true, server: s.server, prompt };
  if (s.status !== 'ready' && s.items.length === 0) {
    return { ok: false, message: `The MCP server '${s.server}' is not available${s.message ? `: ${s.message}` : ` (${s.status})`}.` };
  }
  const close = closestMatch(name, s.items.map((p) => p.name)) ?? s.items.find((p) => getDisplayName(p).toLowerCase() === name.toLowerCase())?.name;
  const known = s.items.length ? ` Its prompts: ${list(s.items.map((p) => p.name))}.` : ' It offers no prompts.';
  return {
    ok: false,
    message: `The MCP server '${s.server}' has no prompt named '${name}'.${close ? ` Did you mean '${close}'?` : known}`,
    ...(close ? { suggestion: { server: s.server, prompt: close } } : {}),
  };
}

/** Arguments the prompt does not declare are most likely typos: say which one was meant. */
export function checkArgumentNames(server: string, prompt: Prompt, args: Record<string, string>): string | undefined {
  const declared = (prompt.arguments ?? []).map((a) => a.name);
  for (const name of Object.keys(args)) {
    if (declared.includes(name)) continue;
    const close = closestMatch(name, declared);
    const known = declared.length ? `Its arguments: ${list(declared)}.` : 'It takes no arguments.';
    return `The prompt '${server}/${prompt.name}' has no argument '${name}'. ${close ? `Did you mean '${close}'?` : known}`;
  }
  return undefined;
}

function didYouMean(ref: string | undefined): string {
  return ref ? ` Did you mean '${ref}'?` : '';
}

function split(ref: string): { server: string; prompt: string } {
  const slash = ref.indexOf('/');
  return { server: ref.slice(0, slash), prompt: ref.slice(slash + 1) };
}

function list(names: string[]): string {
  const shown = names.slice(0, 10).map((n) => `'${n}'`).join(', ');
  return names.length > 10 ? `${shown} and ${names.length - 10} more` : shown;
}
