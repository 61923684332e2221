// Names of MCP tools as language-model tool names: models accept only [a-zA-Z0-9_-]{1,64}, and two
// servers may both have a tool called `search`. Each tool gets `<server>_<tool>` made valid, shortened
// and de-duplicated; the map gives back the exact server and tool for each name. No `vscode`.

const MAX = 64;

export interface NamedTool<T> {
  server: string;
  name: string;
  value: T;
}

export function modelToolNames<T>(tools: readonly NamedTool<T>[]): Map<string, NamedTool<T>> {
  const byName = new Map<string, NamedTool<T>>();
  for (const tool of tools) {
    const base = `${clean(tool.server)}_${clean(tool.name)}`.slice(0, MAX) || 'tool';
    let name = base;
    for (let n = 2; byName.has(name); n++) name = `${base.slice(0, MAX - String(n).length - 1)}_${n}`;
    byName.set(name, tool);
  }
  return byName;
}

function clean(text: string): string {
  return text.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
}

/**
 * The `limit` tools most related to the user's words (name, title and description), keeping the
 * original order among equals. Used when more tools exist than a model accepts.
 */
export function mostRelevant<T extends { name: string; description?: string; title?: string }>(tools: readonly T[], prompt: string, limit: number): T[] {
  if (tools.length <= limit) return tools.slice();
  const ranked = new Set(rankByRelevance(tools, prompt).slice(0, limit));
  return tools.filter((t) => ranked.has(t));
}

/** Every tool, the most related to the words first (name matches count thrice), the original order among equals. */
export function rankByRelevance<T extends { name: string; description?: string; title?: string }>(tools: readonly T[], prompt: string): T[] {
  return scored(tools, prompt).map((x) => x.t);
}

/** At most `limit` tools that share a word with `prompt`, the most related first (tool search). */
export function relatedTools<T extends { name: string; description?: string; title?: string }>(tools: readonly T[], prompt: string, limit: number): T[] {
  return scored(tools, prompt).filter((x) => x.s > 0).slice(0, limit).map((x) => x.t);
}

function scored<T extends { name: string; description?: string; title?: string }>(tools: readonly T[], prompt: string): { t: T; index: number; s: number }[] {
  const words = new Set(prompt.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2));
  const score = (t: T) => {
    const text = `${t.name} ${t.title ?? ''} ${t.description ?? ''}`.toLowerCase();
    let s = 0;
    for (const w of words) if (text.includes(w)) s += t.name.toLowerCase().includes(w) ? 3 : 1;
    return s;
  };
  return tools.map((t, index) => ({ t, index, s: score(t) })).sort((a, b) => b.s - a.s || a.index - b.index);
}
