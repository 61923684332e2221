// The trust feature's command: Forget Workspace Server Approvals (every workspace server asks again).
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { showInfo } from '../common/userMessages';
import { shownArg } from '../common/serverText';

export function registerTrustCommands(forgetConsent: () => Promise<number>): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(CommandIds.resetConsent, async () => {
      const count = await forgetConsent();
      void showInfo(shownArg(count === 1 ? vscode.l10n.t('forgot 1 workspace server approval.') : vscode.l10n.t('forgot {0} workspace server approvals.', count)));
    }),
  ];
}
