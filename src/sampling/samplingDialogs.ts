// The two sampling dialogs: approve a request (who asks, system prompt, messages, token limit, the
// model that would answer) and, when mcpClient.sampling.reviewResponses is on, review or edit the
// answer before it goes back. Modal, with the server named in our words.
import * as vscode from 'vscode';
import { dialogSections, fullRequestMarkdown, type SamplingQuestion } from './samplingDetail';

export type Approval = 'once' | 'always' | 'deny';

/** Asks until the user decides; "Show Full Request…" opens the whole request and asks again. */
export async function askApproval(q: SamplingQuestion, showFull: (markdown: string) => Promise<unknown>): Promise<Approval> {
  const once = vscode.l10n.t('Allow Once');
  const always = vscode.l10n.t("Always Allow for '{0}'", q.server);
  const full = vscode.l10n.t('Show Full Request…');
  const shown = dialogSections(q);
  const detail = [
    shown.systemPrompt !== undefined ? `${vscode.l10n.t('System prompt:')}\n${shown.systemPrompt}` : vscode.l10n.t('No system prompt.'),
    `${vscode.l10n.t('Messages:')}\n${shown.messages}`,
    shown.cut
      ? vscode.l10n.t('Shortened here: the model receives all {0} characters. Use Show Full Request… to read them.', shown.total.toLocaleString())
      : vscode.l10n.t('{0} characters in all.', shown.total.toLocaleString()),
    vscode.l10n.t('Up to {0} tokens, answered by {1}.', q.maxTokens, q.model),
  ].join('\n\n');
  for (;;) {
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t("MCP server '{0}' asks to use a language model", q.server), { modal: true, detail }, once, always, full, vscode.l10n.t('Deny'));
    if (choice === full) {
      await showFull(fullRequestMarkdown(q));
      continue;
    }
    return choice === once ? 'once' : choice === always ? 'always' : 'deny';
  }
}

export async function askReview(server: string, text: string): Promise<string | undefined> {
  const send = vscode.l10n.t('Send');
  const edit = vscode.l10n.t('Edit…');
  const choice = await vscode.window.showInformationMessage(vscode.l10n.t("Send this answer back to MCP server '{0}'?", server), { modal: true, detail: text.slice(0, 4000) }, send, edit);
  if (choice === send) return text;
  if (choice !== edit) return undefined;
  return vscode.window.showInputBox({ title: vscode.l10n.t("The answer for '{0}'", server), value: text, ignoreFocusOut: true });
}
