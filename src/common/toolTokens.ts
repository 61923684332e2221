// What a tool's definition takes in a model request (issue 27, part 3), without `vscode`: the text a request sends
// of a tool (name, description, input schema) and the estimate used where no model counts it (4 characters a
// token, always shown with "≈"). tools/toolCost.ts counts with a model when there is one; bench/toolSearch.ts
// measures with the estimate.
export interface ToolDefinition {
  name: string;
  description?: string;
  inputSchema: unknown;
}

// Per tool object: a listed tool is never changed in place (a new list brings new objects), and the views
// ask for its cost at every refresh of every row.
const texts = new WeakMap<ToolDefinition, string>();

export function definitionText(tool: ToolDefinition): string {
  let text = texts.get(tool);
  if (text === undefined) {
    text = JSON.stringify({ name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema });
    texts.set(tool, text);
  }
  return text;
}

export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

/** The search tool of tool search mode (chat/toolBudget.ts), as the model is offered it, for `count` tools. */
export function searchToolDefinition(count: number): ToolDefinition & { name: 'mcp_search_tools' } {
  return {
    name: 'mcp_search_tools',
    description: `Finds tools of the user's MCP servers for a task (${count} are available, none loaded yet). Describe what you need in a few words; the tools found become callable in your next step.`,
    inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'What the tool should do' } }, required: ['query'] },
  };
}

/** Tools one search loads at most. */
export const LOADED_PER_SEARCH = 8;
