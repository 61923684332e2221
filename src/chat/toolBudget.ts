// What the offered tools cost in the model's context, and what to do when it is too much (issue 27, part 3).
// Each definition is counted with the request's own model (`countTokens`), else estimated ("≈"). Over the
// budget (`mcpClient.chat.toolTokenBudget`), the participant keeps the tools most related to the request that fit,
// and says so; or, in tool search mode (`mcpClient.chat.toolSearch`), the model gets one tool, `mcp_search_tools`,
// and each tool it asks for is loaded into the next step (as Claude Code's tool search).
import type { Tool } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { SettingKeys } from '../common/settingKeys';
import { addCosts, type Cost, definitionText, estimateTokens, formatCost } from '../tools/toolCost';
import { rankByRelevance, relatedTools, type NamedTool } from './toolNames';
import { LOADED_PER_SEARCH, searchToolDefinition } from '../common/toolTokens';

export const SEARCH_TOOL = 'mcp_search_tools';

export type ToolSearchMode = 'off' | 'overBudget' | 'always';

export function readBudget(): { tokens: number; search: ToolSearchMode } {
  const config = vscode.workspace.getConfiguration();
  const search = config.get<string>(SettingKeys.chatToolSearch);
  return { tokens: Math.max(0, config.get<number>(SettingKeys.chatToolTokenBudget, 0)), search: search === 'always' || search === 'overBudget' ? search : 'off' };
}

/** Each tool's cost by the request's model; a model that cannot count gets the estimate. */
export async function costTools(model: vscode.LanguageModelChat, tools: readonly NamedTool<Tool>[], token: vscode.CancellationToken): Promise<Map<NamedTool<Tool>, Cost>> {
  const costs = new Map<NamedTool<Tool>, Cost>();
  await Promise.all(
    tools.map(async (t) => {
      const text = definitionText(t.value);
      try {
        costs.set(t, { tokens: await model.countTokens(text, token), exact: true });
      } catch {
        costs.set(t, { tokens: estimateTokens(text), exact: false });
      }
    }),
  );
  return costs;
}

/** The tools most related to the request whose definitions fit the budget together, in their first order. */
export function fitBudget(tools: readonly NamedTool<Tool>[], costs: Map<NamedTool<Tool>, Cost>, prompt: string, budget: number): NamedTool<Tool>[] {
  const kept = new Set<NamedTool<Tool>>();
  let used = 0;
  const ranked = rankByRelevance(tools.map((t) => ({ t, name: t.name, description: t.value.description, title: t.value.title })), prompt);
  for (const { t } of ranked) {
    const tokens = costs.get(t)?.tokens ?? 0;
    if (used + tokens > budget) continue;
    used += tokens;
    kept.add(t);
  }
  return tools.filter((t) => kept.has(t));
}

export function totalCost(tools: Iterable<NamedTool<Tool>>, costs: Map<NamedTool<Tool>, Cost>): Cost {
  return addCosts([...tools].map((t) => costs.get(t) ?? { tokens: 0, exact: false }));
}

export { formatCost };

/** Tool search: the model starts with the search tool alone and loads what it finds. */
export class ToolSearch {
  private readonly loaded = new Set<string>();

  /** `tools`: every tool the request may use, by its model name. */
  constructor(private readonly tools: Map<string, NamedTool<Tool>>) {}

  searchTool(): vscode.LanguageModelChatTool {
    return searchToolDefinition(this.tools.size) as vscode.LanguageModelChatTool;
  }

  /** The names of the tools loaded so far. */
  loadedNames(): string[] {
    return [...this.loaded];
  }

  search(input: unknown): string {
    const query = String((input as { query?: unknown } | undefined)?.query ?? '');
    const entries = [...this.tools].map(([name, t]) => ({ name, description: t.value.description, title: `${t.server} ${t.name} ${t.value.title ?? ''}` }));
    const found = relatedTools(entries, query, LOADED_PER_SEARCH);
    for (const f of found) this.loaded.add(f.name);
    if (!found.length) return `No tool matches "${query}". Try other words.`;
    return `Loaded ${found.length} tools, callable now:\n${found.map((f) => `- ${f.name}: ${f.description ?? ''}`).join('\n')}`;
  }
}
