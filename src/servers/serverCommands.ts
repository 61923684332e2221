// Start / Stop / Restart / Show Output. Each takes a tree node or a server name (keybindings,
// other extensions), and asks with a quick pick when given neither.
import * as vscode from 'vscode';
import type { ServerEntry, SessionManager } from '../mcp/sessionManager';
import type { ServerLogs } from './serverLogs';
import { descriptionFor } from './serverPresentation';

type ServerArg = ServerEntry | string | undefined;

export function registerServerCommands(manager: SessionManager, logs: ServerLogs, onUserStart: (name: string) => void): vscode.Disposable[] {
  const withServer = (placeholder: string, action: (name: string) => unknown) => async (arg: ServerArg) => {
    const name = typeof arg === 'string' ? arg : (arg?.name ?? (await pickServer(manager, placeholder)));
    if (!name) return;
    if (!manager.entries().some((e) => e.name === name)) {
      void vscode.window.showErrorMessage(`MCP Client: there is no server named '${name}'.`);
      return;
    }
    await action(name);
  };
  // A start the user asks for begins a new failure episode (its errors are worth reporting again).
  const byUser = (action: (name: string) => Promise<void>) => (name: string) => {
    onUserStart(name);
    return action(name);
  };
  return [
    vscode.commands.registerCommand('mcpClient.startServer', withServer('Server to start', byUser((n) => manager.start(n)))),
    vscode.commands.registerCommand('mcpClient.stopServer', withServer('Server to stop', (name) => manager.stop(name))),
    vscode.commands.registerCommand('mcpClient.restartServer', withServer('Server to restart', byUser((n) => manager.restart(n)))),
    vscode.commands.registerCommand('mcpClient.showOutput', withServer('Server whose output to show', (name) => logs.show(name))),
    vscode.commands.registerCommand('mcpClient.showServers', () => vscode.commands.executeCommand('mcpClient.servers.focus')),
    vscode.commands.registerCommand('mcpClient.openSettings', () => vscode.commands.executeCommand('workbench.action.openSettings', 'mcpClient')),
  ];
}

async function pickServer(manager: SessionManager, placeHolder: string): Promise<string | undefined> {
  const entries = manager.entries();
  if (entries.length === 0) {
    void vscode.window.showInformationMessage('MCP Client: no server is configured. Use "MCP Client: Add Server…" to add one.');
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    entries.map((e) => ({ label: e.name, description: descriptionFor(e), detail: `${e.scope} settings` })),
    { placeHolder },
  );
  return picked?.label;
}
