// The two sampling dialogs: approve a request (who asks, system prompt, messages, token limit, the
// model that would answer) and, when mcpClient.sampling.reviewResponses is on, review or edit the
// answer before it goes back. Modal, with the server named in our words.
import * as vscode from 'vscode';

export type Approval = 'once' | 'always' | 'deny';

export async function askApproval(q: { server: string; systemPrompt?: string; messages: string[]; maxTokens: number; model: string }): Promise<Approval> {
  const once = vscode.l10n.t('Allow Once');
  const always = vscode.l10n.t("Always Allow for '{0}'", q.server);
  const detail = [
    q.systemPrompt ? `${vscode.l10n.t('System prompt:')}\n${q.systemPrompt}` : vscode.l10n.t('No system prompt.'),
    `${vscode.l10n.t('Messages:')}\n${q.messages.join('\n').slice(0, 2000)}`,
    vscode.l10n.t('Up to {0} tokens, answered by {1}.', q.maxTokens, q.model),
  ].join('\n\n');
  const choice = await vscode.window.showWarningMessage(vscode.l10n.t("MCP server '{0}' asks to use a language model", q.server), { modal: true, detail }, once, always, vscode.l10n.t('Deny'));
  return choice === once ? 'once' : choice === always ? 'always' : 'deny';
}

export async function askReview(server: string, text: string): Promise<string | undefined> {
  const send = vscode.l10n.t('Send');
  const edit = vscode.l10n.t('Edit…');
  const choice = await vscode.window.showInformationMessage(vscode.l10n.t("Send this answer back to MCP server '{0}'?", server), { modal: true, detail: text.slice(0, 4000) }, send, edit);
  if (choice === send) return text;
  if (choice !== edit) return undefined;
  return vscode.window.showInputBox({ title: vscode.l10n.t("The answer for '{0}'", server), value: text, ignoreFocusOut: true });
}
