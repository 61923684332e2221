// A read-only hook for the extension-host tests: what the Servers view renders, as plain data.
// Not contributed to the command palette; it exposes nothing the view does not already show.
import * as vscode from 'vscode';
import type { ServersTreeProvider } from './views/serversTree';

export function registerTestCommands(tree: ServersTreeProvider): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('mcpClient.test.serverTreeItems', () =>
      tree.getChildren().map((entry) => {
        const item = tree.getTreeItem(entry);
        return {
          label: item.label,
          description: item.description,
          contextValue: item.contextValue,
          icon: (item.iconPath as vscode.ThemeIcon).id,
          tooltip: (item.tooltip as vscode.MarkdownString).value,
        };
      }),
    ),
  ];
}
