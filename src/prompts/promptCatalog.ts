// Every prompt of every configured server, kept current (see ServerListCatalog). No `vscode` import:
// the picker, the chat participant and the unit tests share it.
import type { Prompt } from '@modelcontextprotocol/client';
import { ServerListCatalog, type ServerList } from '../mcp/serverListCatalog';
import type { SessionManager } from '../mcp/sessionManager';

export type ServerPrompts = ServerList<Prompt>;

export class PromptCatalog extends ServerListCatalog<Prompt> {
  constructor(manager: Pick<SessionManager, 'entries' | 'onDidChange'>) {
    super(manager, { noun: 'prompts', changed: 'promptsChanged', list: (session) => session.listPrompts() });
  }
}
