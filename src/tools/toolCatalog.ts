// Every tool of every configured server, kept current (see ServerListCatalog). No `vscode` import: the
// Tools view, Call Tool…, the @mcp tool loop and the unit tests share it.
import type { Tool } from '@modelcontextprotocol/client';
import { ServerListCatalog, type ServerList } from '../mcp/serverListCatalog';
import type { SessionManager } from '../mcp/sessionManager';

export type ServerTools = ServerList<Tool>;

export class ToolCatalog extends ServerListCatalog<Tool> {
  constructor(manager: Pick<SessionManager, 'entries' | 'onDidChange'>) {
    super(manager, { noun: 'tools', changed: 'toolsChanged', list: (session) => session.listTools() });
  }
}
