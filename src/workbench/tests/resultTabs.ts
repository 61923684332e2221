// Which tool call the active tab shows the result of, so that its title bar offers Save as Test. A result
// opens as a Markdown preview, whose tab is a webview that names no document: it is recognised by its
// title ("Preview echo.md") against the result documents of the calls in the history (the newest wins);
// the result's source view is recognised by its URI.
import * as vscode from 'vscode';
import { VscodeCommandIds } from '../../common/commandIds';
import { ContextKeys } from '../../common/viewIds';
import type { CallHistory, HistoryEntry } from '../history/callHistory';

export class ResultTabs implements vscode.Disposable {
  private entry: HistoryEntry | undefined;
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly history: CallHistory) {
    const update = () => this.update();
    this.disposables = [vscode.window.tabGroups.onDidChangeTabs(update), vscode.window.tabGroups.onDidChangeTabGroups(update), history.onDidChange(update) as vscode.Disposable];
    this.update();
  }

  /** The call whose result the active tab shows, if any. */
  get current(): HistoryEntry | undefined {
    return this.entry;
  }

  private update(): void {
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    let entry: HistoryEntry | undefined;
    if (tab?.input instanceof vscode.TabInputText) {
      entry = this.history.findByDocument(tab.input.uri.toString());
    } else if (tab?.input instanceof vscode.TabInputWebview && /markdown\.preview/.test(tab.input.viewType)) {
      const file = /(\S+\.md)$/.exec(tab.label)?.[1];
      entry = file ? this.history.entries().filter((e) => e.kind === 'tool' && e.document && vscode.Uri.parse(e.document).path.endsWith(`/${file}`)).sort((a, b) => b.startedAt - a.startedAt)[0] : undefined;
    }
    if (entry?.kind !== 'tool') entry = undefined;
    if (entry?.id === this.entry?.id) return;
    this.entry = entry;
    void vscode.commands.executeCommand(VscodeCommandIds.setContext, ContextKeys.toolResultActive, !!entry);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
