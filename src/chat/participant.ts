// The @mcp chat participant (id mcpClient.chat), created at activation so that a request that
// activates the extension finds it. Each request goes to the handler of the contributions bundle
// (chatHandler.ts), loaded on first use. Follow-ups come from the result's metadata, so they survive
// in the chat history.
import * as vscode from 'vscode';
import { CHAT_PARTICIPANT_ID } from '../common/viewIds';
import type { McpChatResult } from './promptCommand';

export function registerChatParticipant(extensionUri: vscode.Uri, handler: () => vscode.ChatRequestHandler): vscode.Disposable {
  const participant = vscode.chat.createChatParticipant(CHAT_PARTICIPANT_ID, (request, context, stream, token) => handler()(request, context, stream, token));
  participant.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'mcp.svg');
  participant.followupProvider = {
    provideFollowups: (result: McpChatResult) => result.metadata?.followups ?? [],
  };
  return participant;
}
