// Every tool of every configured server, kept current (see ServerListCatalog), and kept between windows
// in the catalog store when one is given. No `vscode` import: the Tools view, Call Tool…, the @mcp tool
// loop and the unit tests share it.
import type { Tool } from '@modelcontextprotocol/client';
import type { CatalogStore } from '../mcp/catalogStore';
import { ServerListCatalog, type ServerList } from '../mcp/serverListCatalog';
import type { SessionManager } from '../mcp/sessionManager';

export type ServerTools = ServerList<Tool>;

export class ToolCatalog extends ServerListCatalog<Tool> {
  constructor(manager: Pick<SessionManager, 'entries' | 'onDidChange'>, store?: CatalogStore) {
    super(manager, { noun: 'tools', changed: 'toolsChanged', list: (session) => session.listTools(), kind: 'tools', method: 'tools/list' }, store);
  }
}
