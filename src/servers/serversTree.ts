// The "Servers" view: one node per configured server, rendered from the session manager's state.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import type { IconCache } from '../icons/iconCache';
import { Disposable } from '../mcp/lifecycle';
import { SessionState } from '../mcp/sessionState';
import type { ServerEntry, SessionManager } from '../mcp/sessionManager';
import { contextValueFor, descriptionFor, iconFor, shadowsUserServer, tooltipFor, type InstructionsMarkdown } from './serverPresentation';
import { ShownTreeItem } from '../common/shownUi';
import { shownLine, TextCaps } from '../common/serverText';

/**
 * What a feature adds to a server's node (src/registry: a newer version is published; src/devmode: dev
 * mode and its restarts), wired in activation. `mark`, a plain character (the tooltip renders no theme
 * icons), leads the tooltip line.
 */
export interface ServerNotes {
  readonly onDidChange: vscode.Event<void>;
  noteFor(name: string): { description: string; tooltip: string; contextWord?: string; mark: string } | undefined;
}

export class ServersTreeProvider extends Disposable implements vscode.TreeDataProvider<ServerEntry> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<ServerEntry | undefined>());
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly notes: ServerNotes[] = [];
  private icons: IconCache | undefined;
  private instructionsMarkdown: InstructionsMarkdown | undefined;

  constructor(private readonly manager: SessionManager) {
    super();
    this._register(manager.onDidChange(() => this.changeEmitter.fire(undefined)));
  }

  getChildren(element?: ServerEntry): ServerEntry[] {
    if (element) return [];
    return this.manager.entries().sort((a, b) => a.name.localeCompare(b.name));
  }

  addNotes(notes: ServerNotes): vscode.Disposable {
    this.notes.push(notes);
    const listener = notes.onDidChange(() => this.changeEmitter.fire(undefined));
    this.changeEmitter.fire(undefined);
    return new vscode.Disposable(() => {
      listener.dispose();
      const i = this.notes.indexOf(notes);
      if (i >= 0) this.notes.splice(i, 1);
    });
  }

  /** Servers' own icons (2025-11-25 `icons` in serverInfo), shown while they run; set once loaded. */
  setIcons(icons: IconCache): vscode.Disposable {
    this.icons = icons;
    const listener = icons.onDidLoad(() => this.changeEmitter.fire(undefined));
    this.changeEmitter.fire(undefined);
    return new vscode.Disposable(() => {
      listener.dispose();
      if (this.icons === icons) this.icons = undefined;
    });
  }

  /** Renders servers' instructions as inert Markdown (servers/instructionsMarkdown.ts, loaded late); quoted as plain text until set. */
  setInstructionsMarkdown(render: InstructionsMarkdown): vscode.Disposable {
    this.instructionsMarkdown = render;
    this.changeEmitter.fire(undefined);
    return new vscode.Disposable(() => {
      if (this.instructionsMarkdown === render) this.instructionsMarkdown = undefined;
    });
  }

  getTreeItem(entry: ServerEntry): vscode.TreeItem {
    const item = new ShownTreeItem(shownLine(entry.name), vscode.TreeItemCollapsibleState.None);
    const notes = this.notes.flatMap((n) => n.noteFor(entry.name) ?? []);
    item.id = `server:${entry.name}`;
    // Notes first: they may ask for an action, and a narrow side bar cuts descriptions off at the end.
    const shadow = shadowsUserServer(entry) ? vscode.l10n.t('shadows your user server') : undefined;
    item.description = shownLine([shadow, ...notes.map((n) => n.description), descriptionFor(entry)].filter(Boolean).join(' · '), TextCaps.rowDescription);
    item.tooltip = tooltipFor(entry, this.instructionsMarkdown, notes);
    // The server's own icon says which server it is; any other state than running needs the state icon.
    const own = entry.session && SessionState.isRunning(entry.session.state) ? this.icons?.imageFor(entry.session.serverInfo?.icons) : undefined;
    item.iconPath = own ?? iconFor(entry);
    item.contextValue = [contextValueFor(entry), ...notes.map((n) => n.contextWord)].filter(Boolean).join(' ');
    item.command = { command: CommandIds.showOutput, title: vscode.l10n.t('Show Output'), arguments: [entry] };
    return item;
  }
}
