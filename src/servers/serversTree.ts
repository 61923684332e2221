// The "Servers" view: one node per configured server, rendered from the session manager's state.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { Disposable } from '../mcp/lifecycle';
import type { ServerEntry, SessionManager } from '../mcp/sessionManager';
import { contextValueFor, descriptionFor, esc, iconFor, shadowsUserServer, tooltipFor } from './serverPresentation';

/** What a feature adds to a server's node (src/registry: a newer version is published), wired in activation. */
export interface ServerNotes {
  readonly onDidChange: vscode.Event<void>;
  noteFor(name: string): { description: string; tooltip: string; contextWord: string } | undefined;
}

export class ServersTreeProvider extends Disposable implements vscode.TreeDataProvider<ServerEntry> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<ServerEntry | undefined>());
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private notes: ServerNotes | undefined;

  constructor(private readonly manager: SessionManager) {
    super();
    this._register(manager.onDidChange(() => this.changeEmitter.fire(undefined)));
  }

  getChildren(element?: ServerEntry): ServerEntry[] {
    if (element) return [];
    return this.manager.entries().sort((a, b) => a.name.localeCompare(b.name));
  }

  setNotes(notes: ServerNotes): vscode.Disposable {
    this.notes = notes;
    const listener = notes.onDidChange(() => this.changeEmitter.fire(undefined));
    this.changeEmitter.fire(undefined);
    return new vscode.Disposable(() => {
      listener.dispose();
      if (this.notes === notes) this.notes = undefined;
    });
  }

  getTreeItem(entry: ServerEntry): vscode.TreeItem {
    const item = new vscode.TreeItem(entry.name, vscode.TreeItemCollapsibleState.None);
    const note = this.notes?.noteFor(entry.name);
    item.id = `server:${entry.name}`;
    // The note first: it asks for an action, and a narrow side bar cuts descriptions off at the end.
    item.description = [shadowsUserServer(entry) ? vscode.l10n.t('shadows your user server') : undefined, note?.description, descriptionFor(entry)].filter(Boolean).join(' · ');
    const tooltip = (item.tooltip = tooltipFor(entry));
    if (note) tooltip.value = `$(arrow-circle-up) ${esc(note.tooltip)}\n\n${tooltip.value}`;
    item.iconPath = iconFor(entry);
    item.contextValue = [contextValueFor(entry), note?.contextWord].filter(Boolean).join(' ');
    item.command = { command: CommandIds.showOutput, title: vscode.l10n.t('Show Output'), arguments: [entry] };
    return item;
  }
}
