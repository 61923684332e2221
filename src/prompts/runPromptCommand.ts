// "MCP Client: Run Prompt…" (mcpClient.runPrompt). Without arguments: the picker, the arguments, the
// action. With `{ server, prompt, arguments, action }` (a keybinding): that prompt directly, asking
// only for required arguments that are missing. With a Servers view node: the picker for that server.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { showError } from '../common/userMessages';
import { performAction } from './promptActions';
import type { PromptDocuments } from './promptDocuments';
import { choosePrompt, completeArguments, type ChosenPrompt, type PromptServices } from './promptFlow';
import { locatePrompt } from './promptRunner';
import { checkArgumentNames } from './resolvePrompt';
import { configuredAction } from './resultAction';
import { normalize, stringValues } from './runPromptArgs';
import { shownArg } from '../common/serverText';

export function registerRunPromptCommand(services: PromptServices, documents: PromptDocuments): vscode.Disposable {
  return vscode.commands.registerCommand(CommandIds.runPrompt, async (arg?: unknown) => {
    const request = normalize(arg);
    if (typeof request === 'string') return void showError(shownArg(request));
    const setting = configuredAction();
    const fixed = request.action ?? (setting === 'ask' ? undefined : setting);
    let chosen: ChosenPrompt | undefined;
    if (request.prompt === undefined) {
      chosen = await choosePrompt(services, { askAction: !fixed, onlyServer: request.server });
    } else {
      const ref = request.server === undefined ? request.prompt : `${request.server}/${request.prompt}`;
      const found = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('MCP: finding prompt {0}…', ref) }, () =>
        locatePrompt(services, ref),
      );
      if (!found.ok) return void showError(shownArg(found.message));
      const given = stringValues(request.arguments ?? {});
      const unknown = checkArgumentNames(found.server, found.prompt, given);
      if (unknown) return void showError(shownArg(unknown));
      chosen = await completeArguments(services, found.server, found.prompt, given, { askAction: !fixed });
    }
    if (!chosen) return;
    await performAction(services, documents, chosen, fixed ?? chosen.action ?? 'document');
  });
}
