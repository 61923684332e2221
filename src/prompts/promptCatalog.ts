// Every prompt of every configured server, kept current (see ServerListCatalog), and kept between
// windows in the catalog store when one is given. No `vscode` import: the picker, the chat participant
// and the unit tests share it.
import type { Prompt } from '@modelcontextprotocol/client';
import type { CatalogStore } from '../mcp/catalogStore';
import { ServerListCatalog, type ServerList } from '../mcp/serverListCatalog';
import type { SessionManager } from '../mcp/sessionManager';

export type ServerPrompts = ServerList<Prompt>;

export class PromptCatalog extends ServerListCatalog<Prompt> {
  constructor(manager: Pick<SessionManager, 'entries' | 'onDidChange'>, store?: CatalogStore) {
    super(manager, { noun: 'prompts', changed: 'promptsChanged', list: (session) => session.listPrompts(), kind: 'prompts', method: 'prompts/list' }, store);
  }
}
