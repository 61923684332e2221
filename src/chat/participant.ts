// The @mcp chat participant (id mcpClient.chat): /prompt and /resource, /help (also for an empty
// request), and free text: the model answers with the running servers' tools (toolsChat.ts).
// Follow-ups come from the result's metadata, so they survive in the chat history.
import * as vscode from 'vscode';
import type { PromptServices } from '../prompts/promptFlow';
import { handleHelp } from './help';
import { handlePromptCommand, type McpChatResult } from './promptCommand';
import { handleResourceCommand } from './resourceCommand';
import { ResponseLog } from './responseLog';
import { handleToolsChat, type ToolChatServices } from './toolsChat';

export const PARTICIPANT_ID = 'mcpClient.chat';

export function registerChatParticipant(services: PromptServices, extensionUri: vscode.Uri, tools?: ToolChatServices): vscode.Disposable[] {
  const log = new ResponseLog();
  const handler: vscode.ChatRequestHandler = async (request, context, stream, token): Promise<McpChatResult> => {
    const out = log.record(request, stream);
    try {
      switch (request.command) {
        case 'prompt':
          return await handlePromptCommand(services, request, out, token);
        case 'resource':
          return await handleResourceCommand(services, request, out, token);
        case 'help':
          return await handleHelp(services, out, token);
        default:
          if (!tools || request.prompt.trim() === '') return await handleHelp(services, out, token);
          return await handleToolsChat(tools, request, context.history, out, token);
      }
    } catch (error) {
      // Anything unexpected still ends the response with a message rather than a spinner.
      return { errorDetails: { message: `MCP Client: ${(error as Error).message}` }, metadata: { command: request.command } };
    }
  };
  const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, handler);
  participant.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'mcp.svg');
  participant.followupProvider = {
    provideFollowups: (result: McpChatResult) => result.metadata?.followups ?? [],
  };
  return [
    participant,
    // Read-only, for the host tests: what @mcp streamed into its last responses.
    vscode.commands.registerCommand('mcpClient.test.chatResponses', () => log.entries()),
  ];
}
