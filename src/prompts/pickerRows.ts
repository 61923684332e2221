// What the prompt picker shows, as plain data: recently used prompts first, then one section per
// server with its prompts (or a row saying it is starting, loading or failed). The quick pick in
// promptPicker.ts maps these rows to items; keeping them plain lets tests check them anywhere.
import type { Prompt } from '@modelcontextprotocol/client';
import { getDisplayName } from '../mcp/displayName';
import type { ServerPrompts } from './promptCatalog';
import type { PromptKey } from './recentPrompts';

export type PickerRow =
  | { kind: 'separator'; label: string }
  | { kind: 'prompt'; key: string; server: string; prompt: Prompt; label: string; description: string; detail?: string; cached?: boolean }
  | { kind: 'status'; key: string; server: string; busy: boolean; label: string; detail?: string };

export const MAX_RECENT = 5;

export function buildPickerRows(servers: readonly ServerPrompts[], recent: readonly PromptKey[], onlyServer?: string): PickerRow[] {
  const shown = servers.filter((s) => (onlyServer === undefined ? s.status !== 'stopped' || !s.heldBack : s.server === onlyServer));
  const rows: PickerRow[] = [];
  const recentKeys = new Set<string>();
  const recentRows = recent.flatMap(({ server, prompt }) => {
    const entry = shown.find((s) => s.server === server);
    const found = entry?.items.find((p) => p.name === prompt);
    return found ? [promptRow(server, found, entry?.cached)] : [];
  });
  if (recentRows.length > 0) {
    rows.push({ kind: 'separator', label: 'recently used' });
    for (const row of recentRows.slice(0, MAX_RECENT)) {
      rows.push(row);
      recentKeys.add(row.key);
    }
  }
  for (const s of shown) {
    const section: PickerRow[] = [];
    const status = statusRow(s);
    if (status) section.push(status);
    const prompts = s.items.map((p) => promptRow(s.server, p, s.cached)).filter((row) => !recentKeys.has(row.key));
    // A server with only recently used prompts (or none at all) needs no section of its own.
    if (section.length === 0 && prompts.length === 0) continue;
    rows.push({ kind: 'separator', label: s.server }, ...section, ...prompts);
  }
  return rows;
}

/** Unique per server and prompt; also what the picker uses to keep the active row across updates. */
export function rowKey(server: string, prompt: string): string {
  return `${server}\u0000${prompt}`;
}

/** `cached`: listed by the server in an earlier window (the catalog store), not yet confirmed by it. */
export function promptRow(server: string, prompt: Prompt, cached?: boolean): PickerRow & { kind: 'prompt' } {
  const args = (prompt.arguments ?? []).map((a) => (a.required ? a.name : `[${a.name}]`));
  const detail = oneLine(prompt.description ?? '');
  return {
    kind: 'prompt',
    key: rowKey(server, prompt.name),
    server,
    prompt,
    label: oneLine(getDisplayName(prompt)),
    // The invocation as `@mcp /prompt` takes it, so the picker also teaches the chat syntax.
    description: `${server}/${prompt.name}${args.length ? ` · ${args.join(' ')}` : ''}`,
    ...(detail ? { detail } : {}),
    ...(cached ? { cached } : {}),
  };
}

function statusRow(s: ServerPrompts): PickerRow | undefined {
  const key = `${s.server}\u0000#status`;
  switch (s.status) {
    case 'starting':
      return { kind: 'status', key, server: s.server, busy: true, label: `Starting ${s.server}…` };
    case 'loading':
      return { kind: 'status', key, server: s.server, busy: true, label: `Loading prompts of ${s.server}…` };
    case 'stopped':
      return { kind: 'status', key, server: s.server, busy: false, label: `${s.server} is not running`, detail: oneLine(s.message ?? '') || undefined };
    case 'failed':
      if (s.items.length > 0 && !s.cached) return undefined;
      return { kind: 'status', key, server: s.server, busy: false, label: `${s.server} is not available`, detail: oneLine(s.message ?? '') || undefined };
    case 'ready':
      return undefined;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
