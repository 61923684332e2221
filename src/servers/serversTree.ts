// The "Servers" view: one node per configured server, rendered from the session manager's state.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { Disposable } from '../mcp/lifecycle';
import type { ServerEntry, SessionManager } from '../mcp/sessionManager';
import { contextValueFor, descriptionFor, iconFor, tooltipFor } from './serverPresentation';

export class ServersTreeProvider extends Disposable implements vscode.TreeDataProvider<ServerEntry> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<ServerEntry | undefined>());
  readonly onDidChangeTreeData = this.changeEmitter.event;

  constructor(private readonly manager: SessionManager) {
    super();
    this._register(manager.onDidChange(() => this.changeEmitter.fire(undefined)));
  }

  getChildren(element?: ServerEntry): ServerEntry[] {
    if (element) return [];
    return this.manager.entries().sort((a, b) => a.name.localeCompare(b.name));
  }

  getTreeItem(entry: ServerEntry): vscode.TreeItem {
    const item = new vscode.TreeItem(entry.name, vscode.TreeItemCollapsibleState.None);
    item.id = `server:${entry.name}`;
    item.description = descriptionFor(entry);
    item.tooltip = tooltipFor(entry);
    item.iconPath = iconFor(entry);
    item.contextValue = contextValueFor(entry);
    item.command = { command: CommandIds.showOutput, title: vscode.l10n.t('Show Output'), arguments: [entry] };
    return item;
  }
}
