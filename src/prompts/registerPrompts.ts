// Wires the prompts feature into the extension: the catalog every consumer shares (the picker, @mcp),
// recently used prompts, prompt documents, and Run Prompt…. What the @mcp participant does with prompts
// is the chat feature's (src/chat), which gets the services made here.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import type { IconCache } from '../icons/iconCache';
import type { CatalogStore } from '../mcp/catalogStore';
import type { SessionManager } from '../mcp/sessionManager';
import { PromptCatalog } from './promptCatalog';
import type { PromptDocuments } from './promptDocuments';
import type { PromptServices } from './promptFlow';
import { RecentPrompts } from './recentPrompts';
import { registerRunPromptCommand } from './runPromptCommand';

/** `documents` is made at activation (activate.ts), so that result tabs a window restores can read their result. */
export function registerPrompts(
  sessions: SessionManager,
  globalState: vscode.Memento,
  documents: PromptDocuments,
  icons?: IconCache,
  store?: CatalogStore,
): { services: PromptServices; disposables: vscode.Disposable[] } {
  const catalog = new PromptCatalog(sessions, store);
  const services: PromptServices = {
    sessions,
    catalog,
    recents: new RecentPrompts(globalState),
    icons,
    // Through the command, so a start from here is a user action like any other (consent, error reporting).
    startServer: async (name) => {
      await vscode.commands.executeCommand(CommandIds.startServer, name);
    },
  };
  return { services, disposables: [catalog, registerRunPromptCommand(services, documents)] };
}
