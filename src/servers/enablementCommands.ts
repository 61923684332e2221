// Turn On / Turn Off a server, in this workspace only or everywhere, from the Servers view (menu and inline)
// and the palette (issue 27, part 1). Kept in VS Code's workspace and global state (config/enablement.ts):
// no settings file changes, so a team's shared `.vscode/settings.json` or `.mcp.json` stays as written.
// (A server's own `"disabled": true` in its settings entry is still there for whoever wants it in a file.)
import * as vscode from 'vscode';
import { CommandIds, VscodeCommandIds } from '../common/commandIds';
import { SettingKeys } from '../common/settingKeys';
import { shownArg, type ShownText } from '../common/serverText';
import { l10n } from '../common/shownL10n';
import { showError, showInfo } from '../common/userMessages';
import { Enablement, type EnablementScope, type NewServers } from '../config/enablement';
import type { ConfiguredServer, ServerEntry, SessionManager } from '../mcp/sessionManager';
import { pickServer } from './serverCommands';

type ServerArg = ServerEntry | string | undefined;

export interface EnablementFeature {
  /** The configured servers with the user's switches applied: what the session manager reconciles with. */
  apply(servers: ConfiguredServer[]): ConfiguredServer[];
  disposables: vscode.Disposable[];
}

const readNewServers = (): NewServers => (vscode.workspace.getConfiguration().get<string>(SettingKeys.newServers) === 'disabled' ? 'disabled' : 'enabled');

export function registerEnablement(workspaceState: vscode.Memento, globalState: vscode.Memento, sessions: SessionManager, reconcile: () => void): EnablementFeature {
  const enablement = new Enablement(workspaceState, globalState, readNewServers);
  const switchTo = (on: boolean, scope: EnablementScope, placeHolder: ShownText) => async (arg: ServerArg) => {
    const name = typeof arg === 'string' ? arg : (arg?.name ?? (await pickServer(sessions, placeHolder)));
    if (!name) return;
    const definition = sessions.get(name)?.definition;
    if (!definition) {
      void showError(l10n.t("there is no server named '{0}' that can be turned on or off.", shownArg(name)));
      return;
    }
    await enablement.set(definition, on, scope);
    reconcile();
    if (on && definition.disabled) {
      void showInfo(l10n.t('{0} is turned on, but its settings say "disabled": true, so it still does not start.', shownArg(name)));
    }
  };
  const command = vscode.commands.registerCommand;
  return {
    apply: (servers) => enablement.apply(servers),
    disposables: [
      command(CommandIds.turnOffHere, switchTo(false, 'workspace', l10n.t('Server to turn off in this workspace'))),
      command(CommandIds.turnOffEverywhere, switchTo(false, 'everywhere', l10n.t('Server to turn off everywhere'))),
      command(CommandIds.turnOnHere, switchTo(true, 'workspace', l10n.t('Server to turn on in this workspace'))),
      command(CommandIds.turnOnEverywhere, switchTo(true, 'everywhere', l10n.t('Server to turn on everywhere'))),
      command(CommandIds.manageTrust, () => vscode.commands.executeCommand(VscodeCommandIds.manageTrust)),
    ],
  };
}
