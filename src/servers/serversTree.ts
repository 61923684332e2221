// The "Servers" view: one node per configured server, rendered from the session manager's state.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { SettingKeys } from '../common/settingKeys';
import type { IconCache } from '../icons/iconCache';
import { Disposable } from '../mcp/lifecycle';
import { SessionState } from '../mcp/sessionState';
import type { ServerEntry, SessionManager } from '../mcp/sessionManager';
import { contextValueFor, descriptionFor, iconFor, tooltipFor, userServerNames, type InstructionsMarkdown } from './serverPresentation';
import { shadowsUserServer } from '../mcp/serverIdentity';
import { ShownTreeItem } from '../common/shownUi';
import { TreeRefresh } from '../common/treeRefresh';
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
  readonly refreshes = this._register(new TreeRefresh<ServerEntry>());
  readonly onDidChangeTreeData = this.refreshes.event;
  private readonly notes: ServerNotes[] = [];
  private icons: IconCache | undefined;
  private instructionsMarkdown: InstructionsMarkdown | undefined;
  private userNames: string[] | undefined;

  constructor(private readonly manager: SessionManager) {
    super();
    this._register(manager.onDidChange(() => this.refreshes.all()));
    // "shadows your user server" depends on the user's servers, which the manager does not list when the
    // workspace's server takes the name. Compared with the names of the last reading here, not of the last
    // redraw: VS Code may ask for the rows later (or not at all while the view is hidden), and a change that
    // leaves the names as they were must not redraw the view again.
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(SettingKeys.servers)) return;
        const names = userServerNames();
        const changed = names.length !== this.userNames?.length || names.some((n) => !this.userNames?.includes(n));
        this.userNames = names;
        if (changed) this.refreshes.all();
      }),
    );
  }

  getChildren(element?: ServerEntry): ServerEntry[] {
    if (element) return [];
    // VS Code asks for the rows (getTreeItem) right after the children: they share this reading.
    this.userNames = userServerNames();
    return this.manager.entries().sort((a, b) => a.name.localeCompare(b.name));
  }

  addNotes(notes: ServerNotes): vscode.Disposable {
    this.notes.push(notes);
    const listener = notes.onDidChange(() => this.refreshes.all());
    this.refreshes.all();
    return new vscode.Disposable(() => {
      listener.dispose();
      const i = this.notes.indexOf(notes);
      if (i >= 0) this.notes.splice(i, 1);
    });
  }

  /** Servers' own icons (2025-11-25 `icons` in serverInfo), shown while they run; set once loaded. */
  setIcons(icons: IconCache): vscode.Disposable {
    this.icons = icons;
    const listener = icons.onDidLoad(() => this.refreshes.all());
    this.refreshes.all();
    return new vscode.Disposable(() => {
      listener.dispose();
      if (this.icons === icons) this.icons = undefined;
    });
  }

  /** Renders servers' instructions as inert Markdown (servers/instructionsMarkdown.ts, loaded late); quoted as plain text until set. */
  setInstructionsMarkdown(render: InstructionsMarkdown): vscode.Disposable {
    this.instructionsMarkdown = render;
    this.refreshes.all();
    return new vscode.Disposable(() => {
      if (this.instructionsMarkdown === render) this.instructionsMarkdown = undefined;
    });
  }

  getTreeItem(entry: ServerEntry): vscode.TreeItem {
    const item = new ShownTreeItem(shownLine(entry.name), vscode.TreeItemCollapsibleState.None);
    const notes = this.notesFor(entry);
    item.id = `server:${entry.name}`;
    // Notes first: they may ask for an action, and a narrow side bar cuts descriptions off at the end.
    const shadow = shadowsUserServer(entry, this.userNames ?? userServerNames()) ? vscode.l10n.t('shadows your user server') : undefined;
    item.description = shownLine([shadow, ...notes.map((n) => n.description), descriptionFor(entry)].filter(Boolean).join(' · '), TextCaps.rowDescription);
    // The server's own icon says which server it is; any other state than running needs the state icon.
    const own = entry.session && SessionState.isRunning(entry.session.state) ? this.icons?.imageFor(entry.session.serverInfo?.icons) : undefined;
    item.iconPath = own ?? iconFor(entry);
    item.contextValue = [contextValueFor(entry), ...notes.map((n) => n.contextWord)].filter(Boolean).join(' ');
    item.command = { command: CommandIds.showOutput, title: vscode.l10n.t('Show Output'), arguments: [entry] };
    return item;
  }

  /** The tooltip is built on hover only: a refresh of every row while servers start need not build and send them all. */
  resolveTreeItem(item: vscode.TreeItem, entry: ServerEntry): vscode.TreeItem {
    item.tooltip = tooltipFor(entry, this.instructionsMarkdown, this.notesFor(entry));
    return item;
  }

  private notesFor(entry: ServerEntry) {
    return this.notes.flatMap((n) => n.noteFor(entry.name) ?? []);
  }
}
