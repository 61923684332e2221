// Composition of the human-in-the-loop features: the Tools view and Call Tool…, tool results as
// documents, the sampling log command, and (test runs only) the commands that queue answers for the
// dialogs and read the questions asked. Sampling and elicitation handlers are ClientFeatures wired in
// extension.ts, since every connection installs them.
import * as vscode from 'vscode';
import type { SessionManager } from '../mcp/sessionManager';
import type { SamplingLog } from '../sampling/samplingLog';
import { registerCallToolCommand } from './callToolCommand';
import { ToolCatalog } from './toolCatalog';
import { ToolResultDocuments } from './toolResultDocuments';
import { ToolsTreeProvider } from './toolsTree';
import type { UserAnswers } from './userAnswers';

export function registerTools(sessions: SessionManager, answers: UserAnswers, samplingLog: SamplingLog): { catalog: ToolCatalog; disposables: vscode.Disposable[] } {
  const catalog = new ToolCatalog(sessions);
  const documents = new ToolResultDocuments();
  const tree = new ToolsTreeProvider(catalog);
  const disposables: vscode.Disposable[] = [
    catalog,
    documents,
    tree,
    vscode.window.registerTreeDataProvider('mcpClient.tools', tree),
    registerCallToolCommand(sessions, catalog, documents, answers),
    vscode.commands.registerCommand('mcpClient.tools.refresh', () => catalog.load({ refresh: true })),
    vscode.commands.registerCommand('mcpClient.sampling.showLog', async (server?: string) => {
      const servers = samplingLog.servers();
      const name = server ?? (servers.length === 1 ? servers[0] : await vscode.window.showQuickPick(servers, { title: 'Sampling log of which server?' }));
      if (!name) {
        if (servers.length === 0) void vscode.window.showInformationMessage('MCP Client: no server has asked for a model completion in this window.');
        return undefined;
      }
      const document = await vscode.workspace.openTextDocument(samplingLog.uri(name));
      await vscode.languages.setTextDocumentLanguage(document, 'markdown');
      await vscode.window.showTextDocument(document, { preview: false });
      return samplingLog.list(name).map((e) => ({ ...e, time: e.time.toISOString() }));
    }),
  ];
  if (answers.enabled) {
    disposables.push(
      vscode.commands.registerCommand('mcpClient.test.answer', (...queued: { kind: string; answer: unknown }[]) => answers.push(...queued)),
      vscode.commands.registerCommand('mcpClient.test.questions', (clear?: boolean) => answers.questions(clear)),
      vscode.commands.registerCommand('mcpClient.test.tools', async () => {
        await catalog.load();
        return catalog.servers().map((s) => ({ server: s.server, status: s.status, tools: s.items.map((t) => t.name) }));
      }),
      vscode.commands.registerCommand('mcpClient.test.toolsTree', async () => {
        const roots = await tree.getChildren();
        return Promise.all(
          roots.map(async (root) => ({
            ...plain(tree.getTreeItem(root)),
            children: (await tree.getChildren(root)).map((child) => plain(tree.getTreeItem(child))),
          })),
        );
      }),
    );
  }
  return { catalog, disposables };
}

function plain(item: vscode.TreeItem) {
  return {
    label: item.label,
    description: item.description,
    tooltip: item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : item.tooltip,
    contextValue: item.contextValue,
  };
}
