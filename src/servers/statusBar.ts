// "MCP 3/4" in the status bar: running servers out of those that should run; warning colour on errors.
import * as vscode from 'vscode';
import { Disposable } from '../mcp/lifecycle';
import type { SessionManager } from '../mcp/sessionManager';
import { stateOf } from './serverPresentation';

export class ServersStatusBar extends Disposable {
  private readonly item = this._register(vscode.window.createStatusBarItem('mcpClient.status', vscode.StatusBarAlignment.Left, 50));

  constructor(private readonly manager: SessionManager) {
    super();
    this.item.name = 'MCP Servers';
    this.item.command = 'mcpClient.showServers';
    this._register(manager.onDidChange(() => this.update()));
    this.update();
  }

  private update(): void {
    const entries = this.manager.entries();
    if (entries.length === 0) {
      this.item.hide();
      return;
    }
    const states = entries.map((e) => stateOf(e));
    const wanted = entries.filter((e) => !e.session?.definition.disabled).length;
    const running = states.filter((s) => s.kind === 'running').length;
    const failing = entries.filter((_, i) => states[i]!.kind === 'error' || states[i]!.kind === 'invalid');
    const starting = states.some((s) => s.kind === 'starting');
    this.item.text = `${starting ? '$(loading~spin)' : '$(plug)'} MCP ${running}/${wanted}`;
    this.item.backgroundColor = failing.length ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.tooltip = failing.length
      ? `MCP: ${running} of ${wanted} servers running; problems with ${failing.map((e) => e.name).join(', ')}`
      : `MCP: ${running} of ${wanted} servers running`;
    this.item.show();
  }
}
