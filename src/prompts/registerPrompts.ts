// Composition of the prompt features: the catalog every consumer shares, recently used prompts,
// prompt documents, the Run Prompt command and what the @mcp chat participant does.
import * as vscode from 'vscode';
import { createChatHandler } from '../chat/chatHandler';
import type { ToolChatServices } from '../chat/toolsChat';
import type { SessionManager } from '../mcp/sessionManager';
import { PromptCatalog } from './promptCatalog';
import { PromptDocuments } from './promptDocuments';
import type { PromptServices } from './promptFlow';
import { RecentPrompts } from './recentPrompts';
import { registerRunPromptCommand } from './runPromptCommand';
import { registerPromptTestCommands } from './testHooks';

export function registerPrompts(
  sessions: SessionManager,
  context: vscode.ExtensionContext,
  tools?: ToolChatServices,
): { chatHandler: vscode.ChatRequestHandler; disposables: vscode.Disposable[] } {
  const catalog = new PromptCatalog(sessions);
  const services: PromptServices = {
    sessions,
    catalog,
    recents: new RecentPrompts(context.globalState),
    // Through the command, so a start from here is a user action like any other (consent, error reporting).
    startServer: async (name) => {
      await vscode.commands.executeCommand('mcpClient.startServer', name);
    },
  };
  const documents = new PromptDocuments();
  const chat = createChatHandler(services, tools);
  return {
    chatHandler: chat.handler,
    disposables: [catalog, documents, registerRunPromptCommand(services, documents), ...chat.disposables, ...registerPromptTestCommands(services)],
  };
}
