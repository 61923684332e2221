// Tool sets (issue 27, part 2): named groups of tools across servers that one `@mcp` request can be limited to,
// as VS Code's own tool sets (`.toolsets.jsonc`: `{ "<name>": { "tools": [...], "description": "…" } }`, named
// in the chat as `#<name>`). Here they live in the setting `mcpClient.toolSets`, in that same shape; an entry
// of `tools` names a whole server (`github`, or `github/*`) or one tool (`github/list_issues`). No `vscode`.

export interface ToolSet {
  tools: string[];
  description?: string;
}

export type ToolSets = Record<string, ToolSet>;

/** The `#name` references at the start or anywhere in a request, and the request without them. */
export function toolSetReferences(prompt: string, sets: ToolSets): { names: string[]; unknown: string[]; prompt: string } {
  const names: string[] = [];
  const unknown: string[] = [];
  const rest = prompt.replace(/(^|\s)#([\w.-]+)(?=\s|$)/g, (whole, space: string, name: string) => {
    if (Object.prototype.hasOwnProperty.call(sets, name)) {
      if (!names.includes(name)) names.push(name);
      return space;
    }
    unknown.push(name);
    return whole;
  });
  return { names, unknown, prompt: rest.replace(/\s+/g, ' ').trim() };
}

/** Whether a tool of a server belongs to any of the sets named. */
export function inToolSets(server: string, tool: string, names: readonly string[], sets: ToolSets): boolean {
  return names.some((name) =>
    (sets[name]?.tools ?? []).some((entry) => entry === server || entry === `${server}/*` || entry === `${server}/${tool}`),
  );
}

/** The setting's value, each malformed set left out (the rest still work). */
export function parseToolSets(value: unknown): ToolSets {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const sets: ToolSets = {};
  for (const [name, set] of Object.entries(value as Record<string, unknown>)) {
    const tools = (set as { tools?: unknown })?.tools;
    if (!Array.isArray(tools) || !/^[\w.-]+$/.test(name)) continue;
    const description = (set as { description?: unknown }).description;
    sets[name] = { tools: tools.filter((t): t is string => typeof t === 'string'), ...(typeof description === 'string' ? { description } : {}) };
  }
  return sets;
}
