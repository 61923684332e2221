// Wires the tools feature into the extension: the catalog every consumer shares (the view, Call Tool…,
// @mcp), the Tools view, tool results as read-only documents, Call Tool… and Refresh Tools.
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { showToolResult } from './runTool';
import { CommandIds } from '../common/commandIds';
import type { UserAnswers } from '../common/userAnswers';
import { ViewIds } from '../common/viewIds';
import type { IconCache } from '../icons/iconCache';
import type { SessionManager } from '../mcp/sessionManager';
import { ArgumentDocuments } from './argumentDocuments';
import { registerCallToolCommand } from './callToolCommand';
import type { ToolTasks } from '../mcp/tasks/toolTasks';
import type { ToolApps } from '../apps/toolApps';
import type { ToolCatalog } from './toolCatalog';
import type { ToolResultDocuments } from './toolResultDocuments';
import { type ToolsNode, ToolsTreeProvider } from './toolsTree';
import { ToolSwitches } from './toolSwitches';
import { ToolCosts } from './toolCost';

export interface Tools {
  catalog: ToolCatalog;
  documents: ToolResultDocuments;
  tree: ToolsTreeProvider;
  view: vscode.TreeView<ToolsNode>;
  /** Which tools the model may be offered in this workspace (the Tools view's checkboxes). */
  switches: ToolSwitches;
  /** What each tool's definition takes in a request, in tokens. */
  costs: ToolCosts;
  disposables: vscode.Disposable[];
}

/** `catalog` is shared with MCP Apps (an app's calls check its tools); `apps` shows the app of a tool that has one. */
/** `documents` is made at activation (activate.ts), so that result tabs a window restores can read their result. */
export function registerTools(
  sessions: SessionManager,
  catalog: ToolCatalog,
  answers: UserAnswers,
  apps: ToolApps,
  documents: ToolResultDocuments,
  workspaceState: vscode.Memento,
  icons?: IconCache,
  tasks?: ToolTasks,
): Tools {
  const argumentDocuments = new ArgumentDocuments();
  const switches = new ToolSwitches(workspaceState);
  const costs = new ToolCosts(catalog);
  const tree = new ToolsTreeProvider(catalog, icons, switches, costs);
  // Checkboxes managed by hand: a server's box is its own switch (all its tools), not the sum of its tools' boxes.
  const view = vscode.window.createTreeView(ViewIds.tools, { treeDataProvider: tree, manageCheckboxStateManually: true });
  return {
    catalog,
    documents,
    tree,
    view,
    switches,
    costs,
    disposables: [
      catalog,
      argumentDocuments,
      switches,
      costs,
      tree,
      view,
      view.onDidChangeCheckboxState((event) => tree.checkboxesChanged(event.items)),
      registerCallToolCommand(sessions, catalog, documents, answers, apps, argumentDocuments, icons, tasks, switches),
      vscode.commands.registerCommand(CommandIds.refreshTools, () => catalog.load({ refresh: true })),
      // "Open Whole Result" in an @mcp answer whose result the model got only the start of.
      vscode.commands.registerCommand(CommandIds.openWholeResult, (server: string, tool: Tool, args: Record<string, unknown>, result: CallToolResult) => showToolResult(documents, server, tool, args ?? {}, result)),
    ],
  };
}
