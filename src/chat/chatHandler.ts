// What @mcp does with a request: /prompt and /resource, /help (also for an empty request), and free
// text: the model answers with the running servers' tools (toolsChat.ts). The participant itself is
// created at activation (participant.ts) and hands each request to this handler.
import * as vscode from 'vscode';
import type { PromptServices } from '../prompts/promptFlow';
import { handleHelp } from './help';
import { handlePromptCommand, type McpChatResult } from './promptCommand';
import { handleResourceCommand } from './resourceCommand';
import { ResponseLog } from './responseLog';
import { handleToolsChat, type ToolChatServices } from './toolsChat';

export function createChatHandler(services: PromptServices, tools?: ToolChatServices): { handler: vscode.ChatRequestHandler; disposables: vscode.Disposable[] } {
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
  return {
    handler,
    // Read-only, for the host tests: what @mcp streamed into its last responses.
    disposables: [vscode.commands.registerCommand('mcpClient.test.chatResponses', () => log.entries())],
  };
}
