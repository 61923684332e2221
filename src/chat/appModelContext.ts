// What open MCP Apps asked to tell the model (ui/update-model-context), as a message sent before the
// user's request, and said in the answer so the user sees what went to the model with their words.
// The app's text is untrusted: shown in a code block, never as Markdown.
import * as vscode from 'vscode';
import type { AppModelContext } from '../apps/modelContext';
import { escapeMarkdownInline, fenceFor } from '../common/markdownSafety';
import type { ChatOutput } from './lmMessages';


export function modelContextMessage(contexts: readonly AppModelContext[], out: ChatOutput): vscode.LanguageModelChatMessage[] {
  if (contexts.length === 0) return [];
  const parts = contexts.map((c) => {
    const body = [...c.text, ...(c.structuredContent ? [JSON.stringify(c.structuredContent)] : [])].join('\n');
    out.markdown(`*${vscode.l10n.t('Sent with this request: the context of the app {0} ({1})', escapeMarkdownInline(c.app), escapeMarkdownInline(c.server))}*\n\n${fenceFor(body)}text\n${body}\n${fenceFor(body)}\n\n`);
    return `Context from the MCP app '${c.app}' of the server '${c.server}', as the app reported it:\n${body}`;
  });
  return [vscode.LanguageModelChatMessage.User(parts.join('\n\n'))];
}
