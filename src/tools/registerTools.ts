// Wires the tools feature into the extension: the catalog every consumer shares (the view, Call Tool…,
// @mcp), the Tools view, tool results as read-only documents, Call Tool… and Refresh Tools.
import * as vscode from 'vscode';
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
import { ToolsTreeProvider } from './toolsTree';

export interface Tools {
  catalog: ToolCatalog;
  documents: ToolResultDocuments;
  tree: ToolsTreeProvider;
  disposables: vscode.Disposable[];
}

/** `catalog` is shared with MCP Apps (an app's calls check its tools); `apps` shows the app of a tool that has one. */
/** `documents` is made at activation (activate.ts), so that result tabs a window restores can read their result. */
export function registerTools(sessions: SessionManager, catalog: ToolCatalog, answers: UserAnswers, apps: ToolApps, documents: ToolResultDocuments, icons?: IconCache, tasks?: ToolTasks): Tools {
  const argumentDocuments = new ArgumentDocuments();
  const tree = new ToolsTreeProvider(catalog, icons);
  return {
    catalog,
    documents,
    tree,
    disposables: [
      catalog,
      argumentDocuments,
      tree,
      vscode.window.registerTreeDataProvider(ViewIds.tools, tree),
      registerCallToolCommand(sessions, catalog, documents, answers, apps, argumentDocuments, icons, tasks),
      vscode.commands.registerCommand(CommandIds.refreshTools, () => catalog.load({ refresh: true })),
    ],
  };
}
