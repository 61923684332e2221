// What @mcp does with a request: /prompt and /resource, /help (also for an empty request), and free
// text: the model answers with the running servers' tools (toolsChat.ts). The participant itself is
// created at activation (participant.ts) and hands each request to this handler.
import type * as vscode from 'vscode';
import { ownVoice } from '../common/userMessages';
import type { PromptServices } from '../prompts/promptFlow';
import { handleHelp } from './help';
import { handlePromptCommand, type McpChatResult } from './promptCommand';
import { handleSkillCommand } from './skillCommand';
import { handleResourceCommand } from './resourceCommand';
import { ResponseLog } from './responseLog';
import { handleToolsChat, type ToolChatServices } from './toolsChat';
import { shownArg } from '../common/serverText';

export interface Chat {
  handler: vscode.ChatRequestHandler;
  /** What @mcp streamed into its last responses (VS Code has no API to read a chat transcript). */
  responses: ResponseLog;
}

export function createChatHandler(services: PromptServices, tools?: ToolChatServices): Chat {
  const log = new ResponseLog();
  const handler: vscode.ChatRequestHandler = async (request, context, stream, token): Promise<McpChatResult> => {
    const out = log.record(request, stream);
    try {
      switch (request.command) {
        case 'prompt':
          return await handlePromptCommand(services, request, out, token);
        case 'resource':
          return await handleResourceCommand(services, request, out, token);
        case 'skill':
          return await handleSkillCommand(services, request, out, token);
        case 'help':
          return await handleHelp(services, out, token);
        default:
          if (!tools || request.prompt.trim() === '') return await handleHelp(services, out, token);
          return await handleToolsChat(tools, request, context.history, out, token);
      }
    } catch (error) {
      // Anything unexpected still ends the response with a message rather than a spinner.
      return { errorDetails: { message: ownVoice(shownArg((error as Error).message)) }, metadata: { command: request.command } };
    }
  };
  return { handler, responses: log };
}
