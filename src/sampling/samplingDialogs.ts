// The two sampling dialogs: approve a request (who asks, system prompt, messages, token limit, the
// model that would answer) and, when mcpClient.sampling.reviewResponses is on, review or edit the
// answer before it goes back. Modal, with the server named in our words.
import * as vscode from 'vscode';

export type Approval = 'once' | 'always' | 'deny';

export async function askApproval(q: { server: string; systemPrompt?: string; messages: string[]; maxTokens: number; model: string }): Promise<Approval> {
  const always = `Always Allow for '${q.server}'`;
  const detail = [
    q.systemPrompt ? `System prompt:\n${q.systemPrompt}` : 'No system prompt.',
    `Messages:\n${q.messages.join('\n').slice(0, 2000)}`,
    `Up to ${q.maxTokens} tokens, answered by ${q.model}.`,
  ].join('\n\n');
  const choice = await vscode.window.showWarningMessage(`MCP server '${q.server}' asks to use a language model`, { modal: true, detail }, 'Allow Once', always, 'Deny');
  return choice === 'Allow Once' ? 'once' : choice === always ? 'always' : 'deny';
}

export async function askReview(server: string, text: string): Promise<string | undefined> {
  const choice = await vscode.window.showInformationMessage(
    `Send this answer back to MCP server '${server}'?`,
    { modal: true, detail: text.slice(0, 4000) },
    'Send',
    'Edit…',
  );
  if (choice === 'Send') return text;
  if (choice !== 'Edit…') return undefined;
  return vscode.window.showInputBox({ title: `The answer for '${server}'`, value: text, ignoreFocusOut: true });
}
