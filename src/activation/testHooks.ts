// Read-only hooks for the extension-host tests: what the Servers and Resources views render, as plain data.
// Not contributed to the command palette; they expose nothing the views do not already show.
import * as vscode from 'vscode';
import { activeFindPicker } from './resources/findResource';
import { activeTemplatePicker } from './resources/templatePicker';
import type { ResourcesTreeProvider } from './views/resourcesTree';
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

/**
 * The same for the Resources view (`{ children: <parent id> }`, root when omitted) and the open
 * template or Find picker (`{ picker: true }`), so host tests can follow what a user sees and picks.
 */
export function registerResourceTestCommand(tree: ResourcesTreeProvider): vscode.Disposable {
  return vscode.commands.registerCommand('mcpClient.test.resources', async (query: { children?: string; picker?: boolean } = {}) => {
    if (query.picker) return activeTemplatePicker ?? activeFindPicker;
    const parent = query.children === undefined ? undefined : tree.node(query.children);
    if (query.children !== undefined && !parent) return undefined;
    return Promise.all(
      (await tree.getChildren(parent)).map((node) => {
        const item = tree.resolveTreeItem(tree.getTreeItem(node), node);
        const icon = item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : item.iconPath instanceof vscode.Uri ? item.iconPath.toString(true) : undefined;
        const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : item.tooltip;
        return { id: item.id, label: item.label, description: item.description, contextValue: item.contextValue, icon, tooltip, command: item.command?.command };
      }),
    );
  });
}
