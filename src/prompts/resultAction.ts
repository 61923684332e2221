// What to do with a prompt's result: send it to chat (the @mcp participant runs it with the model the
// user picks), open it as a document, or copy its text. `mcpClient.prompts.defaultAction` decides, or
// asks as the last step of the input ("ask", the default), offering the last choice first.
import * as vscode from 'vscode';
import type { Prompt } from '@modelcontextprotocol/client';
import { chatModelAvailable } from '../common/chatModels';
import { SettingKeys } from '../common/settingKeys';
import { getDisplayName } from '../mcp/displayName';
import { RESULT_ACTIONS, type ResultAction } from './runPromptArgs';
import type { StepPosition } from './steps';
import { createPicker, ShownPickItem } from '../common/shownUi';
import { l10n } from '../common/shownL10n';
import { shownArg } from '../common/serverText';

export { RESULT_ACTIONS, type ResultAction };

function itemFor(action: ResultAction): ShownPickItem {
  switch (action) {
    case 'chat':
      return { label: l10n.t('$(comment-discussion) {0}', l10n.t('Send to Chat')), detail: l10n.t('Open the chat: @mcp runs the prompt and the model you choose answers it') };
    case 'document':
      return { label: l10n.t('$(markdown) {0}', l10n.t('Open as Document')), detail: l10n.t('Show the messages in a read-only Markdown preview') };
    case 'copy':
      return { label: l10n.t('$(copy) {0}', l10n.t('Copy')), detail: l10n.t('Copy the text of the messages to the clipboard') };
  }
}

let lastChoice: ResultAction | undefined;

export function configuredAction(): ResultAction | 'ask' {
  const value = vscode.workspace.getConfiguration().get<string>(SettingKeys.promptsDefaultAction, 'ask');
  return (RESULT_ACTIONS as readonly string[]).includes(value) ? (value as ResultAction) : 'ask';
}

export function askAction(server: string, prompt: Prompt, position: StepPosition): Promise<ResultAction | 'back' | 'cancel'> {
  const qp = createPicker<ShownPickItem & { action: ResultAction }>();
  qp.title = shownArg(`${getDisplayName(prompt)} (${server})`);
  qp.placeholder = l10n.t('What should happen with the prompt? (set a default with {0})', shownArg(SettingKeys.promptsDefaultAction));
  qp.step = position.step;
  qp.totalSteps = position.totalSteps;
  qp.buttons = position.canGoBack ? [vscode.QuickInputButtons.Back] : [];
  const order = lastChoice ? [lastChoice, ...RESULT_ACTIONS.filter((a) => a !== lastChoice)] : RESULT_ACTIONS;
  // Without a language model the chat cannot answer: Send to Chat is not offered (common/chatModels.ts).
  qp.items = order.filter((action) => action !== 'chat' || chatModelAvailable()).map((action) => ({ ...itemFor(action), action }));
  return new Promise((resolve) => {
    let done = false;
    const finish = (answer: ResultAction | 'back' | 'cancel') => {
      if (done) return;
      done = true;
      if (answer !== 'back' && answer !== 'cancel') lastChoice = answer;
      resolve(answer);
      qp.dispose();
    };
    qp.onDidAccept(() => {
      const item = qp.selectedItems[0] ?? qp.activeItems[0];
      if (item) finish(item.action);
    });
    qp.onDidTriggerButton((button) => {
      if (button === vscode.QuickInputButtons.Back) finish('back');
    });
    qp.onDidHide(() => finish('cancel'));
    qp.show();
  });
}
