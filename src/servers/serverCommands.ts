// Start / Stop / Restart / Show Output / Show Servers / Open Settings. Each server command takes a tree
// node or a server name (keybindings, other extensions), and asks with a quick pick when given neither.
import * as vscode from 'vscode';
import { pickExactFirst } from '../common/exactMatchFirst';
import { CommandIds, VscodeCommandIds } from '../common/commandIds';
import { SETTINGS_SECTION } from '../common/settingKeys';
import { showError, showInfo } from '../common/userMessages';
import { focusViewCommand, ViewIds } from '../common/viewIds';
import type { ServerEntry, SessionManager } from '../mcp/sessionManager';
import type { ServerLogs } from './serverLogs';
import { descriptionFor, scopeLabel } from './serverPresentation';
import { revealServerEntry, type EntryPlace } from './settingsLocation';

type ServerArg = ServerEntry | string | undefined;

export function registerServerCommands(manager: SessionManager, logs: ServerLogs, onUserStart: (name: string) => void): vscode.Disposable[] {
  const withServer = (placeholder: string, action: (name: string) => unknown) => async (arg: ServerArg) => {
    const name = typeof arg === 'string' ? arg : (arg?.name ?? (await pickServer(manager, placeholder)));
    if (!name) return;
    if (!manager.entries().some((e) => e.name === name)) {
      void showError(vscode.l10n.t("there is no server named '{0}'.", name));
      return;
    }
    await action(name);
  };
  // A start the user asks for begins a new failure episode (its errors are worth reporting again).
  const byUser = (action: (name: string) => Promise<void>) => (name: string) => {
    onUserStart(name);
    return action(name);
  };
  const command = vscode.commands.registerCommand;
  return [
    command(CommandIds.startServer, withServer(vscode.l10n.t('Server to start'), byUser((n) => manager.start(n)))),
    command(CommandIds.stopServer, withServer(vscode.l10n.t('Server to stop'), (name) => manager.stop(name))),
    command(CommandIds.restartServer, withServer(vscode.l10n.t('Server to restart'), byUser((n) => manager.restart(n)))),
    command(CommandIds.showOutput, withServer(vscode.l10n.t('Server whose output to show'), (name) => logs.show(name))),
    command(CommandIds.showServers, () => vscode.commands.executeCommand(focusViewCommand(ViewIds.servers))),
    // With a server's place (a notification about its entry): that file, at the entry (settingsLocation.ts).
    command(CommandIds.openSettings, (place?: EntryPlace) =>
      place && typeof place === 'object' && typeof place.name === 'string' ? revealServerEntry(place) : vscode.commands.executeCommand(VscodeCommandIds.openSettings, SETTINGS_SECTION),
    ),
  ];
}

export async function pickServer(manager: SessionManager, placeHolder: string): Promise<string | undefined> {
  const entries = manager.entries();
  if (entries.length === 0) {
    void showInfo(vscode.l10n.t('no server is configured. Use "MCP Client: Add Server…" to add one.'));
    return undefined;
  }
  const picked = await pickExactFirst(
    entries.map((e) => ({ label: e.name, description: descriptionFor(e), detail: scopeLabel(e.scope) })),
    (item) => [item.label],
    { placeHolder },
  );
  return picked?.label;
}
