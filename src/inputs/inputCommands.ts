// "Edit Stored Input…" and "Clear Stored Inputs…": the only ways a stored `${input:…}` value changes.
// Servers that use a changed input restart, so they pick up the new value.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { SettingKeys } from '../common/settingKeys';
import { showInfo } from '../common/userMessages';
import type { SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import { inputReferences, type InputDefinition } from './inputDefinitions';
import { transportStrings, type InputHost, type InputResolver } from './inputResolver';
import { l10n } from '../common/shownL10n';
import { shownArg, shownLine, TextCaps } from '../common/serverText';
import { pickMany, pickOne } from '../common/shownUi';

export function registerInputCommands(
  resolver: InputResolver,
  host: InputHost,
  definitions: () => readonly InputDefinition[],
  sessions: () => SessionManager,
): vscode.Disposable[] {
  const usersOf = (id: string) =>
    sessions()
      .entries()
      .filter((e) => e.session && transportStrings(e.session.definition.transport).some((v) => inputReferences(v).includes(id)));
  // Running servers pick up the new value by restarting; stopped ones get it when they start.
  const restartUsers = async (id: string) => {
    for (const entry of usersOf(id)) if (!SessionState.isStopped(entry.session!.state)) await sessions().restart(entry.name);
  };
  return [
    vscode.commands.registerCommand(CommandIds.editInput, async (id?: string) => {
      const all = definitions();
      if (all.length === 0) return void showInfo(l10n.t('no input is defined in the {0} setting.', shownArg(SettingKeys.inputs)));
      const stored = await resolver.storedIds();
      const input =
        all.find((d) => d.id === id) ??
        (
          await pickOne(
            all.map((d) => ({ label: shownLine(d.id), description: shownLine(d.description, TextCaps.rowDescription), detail: stored.includes(d.id) ? l10n.t('value stored') : l10n.t('no value stored yet'), d })),
            { placeHolder: l10n.t('Input to edit') },
          )
        )?.d;
      if (!input) return;
      const value = await host.ask(input, usersOf(input.id).map((e) => e.name));
      if (value === undefined) return;
      await resolver.set(input.id, value);
      await restartUsers(input.id);
    }),
    vscode.commands.registerCommand(CommandIds.clearInputs, async () => {
      const stored = await resolver.storedIds();
      if (stored.length === 0) return void showInfo(l10n.t('no input value is stored.'));
      const picked = await pickMany(
        stored.map((id) => ({ label: shownLine(id), description: shownLine(definitions().find((d) => d.id === id)?.description, TextCaps.rowDescription), picked: true, id })),
        { canPickMany: true, placeHolder: l10n.t('Stored inputs to forget (servers ask again the next time they start)') },
      );
      if (!picked || picked.length === 0) return;
      for (const item of picked) await resolver.clear(item.id);
      void showInfo(shownArg(picked.length === 1 ? vscode.l10n.t('forgot 1 stored input.') : vscode.l10n.t('forgot {0} stored inputs.', picked.length)));
    }),
  ];
}
