// "MCP 3/4" in the status bar: running servers out of those that should run; warning colour on errors.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { STATUS_BAR_ITEM_ID } from '../common/viewIds';
import { Disposable } from '../mcp/lifecycle';
import type { ServerEntry, SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import { shownLine } from '../common/serverText';

export class ServersStatusBar extends Disposable {
  private readonly item = this._register(vscode.window.createStatusBarItem(STATUS_BAR_ITEM_ID, vscode.StatusBarAlignment.Left, 50));

  constructor(private readonly manager: SessionManager) {
    super();
    this.item.name = vscode.l10n.t('MCP Servers');
    this.item.command = CommandIds.showServers;
    this._register(manager.onDidChange(() => this.update()));
    this.update();
  }

  private update(): void {
    const entries = this.manager.entries();
    if (entries.length === 0) {
      this.item.hide();
      return;
    }
    const is = (question: (state: SessionState) => boolean) => (e: ServerEntry) => !!e.session && question(e.session.state);
    const wanted = entries.filter((e) => !e.session?.definition.disabled).length;
    const running = entries.filter(is(SessionState.isRunning)).length;
    // An entry with a configuration error has no session.
    const failing = entries.filter((e) => e.configError !== undefined || is(SessionState.isFailed)(e));
    const starting = entries.some(is(SessionState.isStarting));
    this.item.text = `${starting ? '$(loading~spin)' : '$(plug)'} ${vscode.l10n.t('MCP {0}/{1}', running, wanted)}`;
    this.item.backgroundColor = failing.length ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.tooltip = failing.length
      ? vscode.l10n.t('MCP: {0} of {1} servers running; problems with {2}', running, wanted, failing.map((e) => shownLine(e.name)).join(', '))
      : vscode.l10n.t('MCP: {0} of {1} servers running', running, wanted);
    this.item.show();
  }
}
