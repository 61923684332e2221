// What a tool's definition costs in a model's context (issue 27, part 3): its name, description and input schema
// as a request sends them, in tokens. Counted by a chat model (`LanguageModelChat.countTokens`) when one is there,
// else estimated at 4 characters a token and labelled "≈". The Tools view, the Servers view's tooltip and the
// `@mcp` answer say it.
import type { Tool } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { definitionText, estimateTokens } from '../common/toolTokens';
import type { ToolCatalog } from './toolCatalog';

export { definitionText, estimateTokens };

export interface Cost {
  tokens: number;
  /** Counted by a model (`model` names it); false: estimated. */
  exact: boolean;
}

/** "1,234 tokens", or "≈1,234 tokens" for an estimate. */
export function formatCost(cost: Cost): string {
  return `${cost.exact ? '' : '≈'}${vscode.l10n.t('{0} tokens', cost.tokens.toLocaleString())}`;
}

export function addCosts(costs: readonly Cost[]): Cost {
  return { tokens: costs.reduce((sum, c) => sum + c.tokens, 0), exact: costs.length > 0 && costs.every((c) => c.exact) };
}

/** The cost of every listed tool, counted in the background by the first chat model there is. */
export class ToolCosts implements vscode.Disposable {
  private readonly counted = new Map<string, number>();
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changeEmitter.event;
  private readonly listeners: vscode.Disposable[];
  private counting = false;
  private again = false;

  constructor(private readonly catalog: ToolCatalog) {
    const count = () => void this.countAll();
    this.listeners = [catalog.onDidChange(count), vscode.lm.onDidChangeChatModels(count)];
  }

  costOf(tool: Tool): Cost {
    const text = definitionText(tool);
    const tokens = this.counted.get(text);
    return tokens === undefined ? { tokens: estimateTokens(text), exact: false } : { tokens, exact: true };
  }

  serverCost(server: string): Cost & { tools: number } {
    const items = this.catalog.server(server)?.items ?? [];
    return { ...addCosts(items.map((t) => this.costOf(t))), tools: items.length };
  }

  /** Counts what is not counted yet with a chat model, if there is one; one pass at a time. */
  private async countAll(): Promise<void> {
    if (this.counting) {
      this.again = true;
      return;
    }
    this.counting = true;
    try {
      const [model] = await vscode.lm.selectChatModels();
      if (!model) return;
      const texts = this.catalog.servers().flatMap((s) => s.items.map(definitionText)).filter((t) => !this.counted.has(t));
      for (const text of texts) this.counted.set(text, await model.countTokens(text));
      if (texts.length) this.changeEmitter.fire();
    } catch {
      // No model may be asked now (none yet, or the user has not allowed it): the estimates stay.
    } finally {
      this.counting = false;
      if (this.again) {
        this.again = false;
        void this.countAll();
      }
    }
  }

  dispose(): void {
    for (const l of this.listeners) l.dispose();
    this.changeEmitter.dispose();
  }
}

/** The Servers view's note (servers/serversTree.ts ServerNotes): what the server's tool definitions cost, in its tooltip. */
export function toolCostNotes(costs: ToolCosts): { onDidChange: vscode.Event<void>; noteFor(name: string): { description: string; tooltip: string; mark: string } | undefined } {
  return {
    onDidChange: costs.onDidChange,
    noteFor: (name) => {
      const cost = costs.serverCost(name);
      if (!cost.tools) return undefined;
      const tooltip =
        cost.tools === 1
          ? vscode.l10n.t('Its one tool takes {0} of each @mcp request that offers it.', formatCost(cost))
          : vscode.l10n.t('Its {0} tools take {1} of each @mcp request that offers them all.', cost.tools, formatCost(cost));
      return { description: '', mark: 'Σ', tooltip };
    },
  };
}
