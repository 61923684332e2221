// The public API that activate() returns, for other extensions and our own tests:
//   const api = vscode.extensions.getExtension('mcp-client.mcp-client')?.exports as McpClientApi;
import type * as vscode from 'vscode';
import type { Implementation, ServerCapabilities } from '@modelcontextprotocol/client';
import type { McpSession } from '../mcp/session';
import type { SessionState } from '../mcp/sessionState';
import type { ServerScope } from '../mcp/serverDefinition';
import type { SessionManager } from '../mcp/sessionManager';

export interface ServerInfo {
  name: string;
  /** Where the server is defined: user, workspace or folder settings. */
  scope: ServerScope;
  state: SessionState | { kind: 'invalid'; message: string };
  server?: Implementation;
  protocolVersion?: string;
  capabilities?: ServerCapabilities;
}

/** A running (or not) server session: its state and the MCP requests it can make. */
export type McpSessionApi = Pick<
  McpSession,
  | 'name'
  | 'state'
  | 'onDidChangeState'
  | 'onNotification'
  | 'serverInfo'
  | 'capabilities'
  | 'instructions'
  | 'protocolVersion'
  | 'ping'
  | 'listTools'
  | 'listPrompts'
  | 'listResources'
  | 'listResourcesPage'
  | 'listResourceTemplates'
  | 'getPrompt'
  | 'readResource'
  | 'callTool'
  | 'complete'
>;

export interface McpClientApi {
  servers(): ServerInfo[];
  readonly onDidChangeServers: vscode.Event<void>;
  getSession(name: string): McpSessionApi | undefined;
}

export function createApi(manager: SessionManager): McpClientApi {
  return {
    servers: () =>
      manager.entries().map((e) => ({
        name: e.name,
        scope: e.scope,
        state: e.configError !== undefined ? { kind: 'invalid', message: e.configError } : (e.session?.state ?? { kind: 'stopped' }),
        server: e.session?.serverInfo,
        protocolVersion: e.session?.protocolVersion,
        capabilities: e.session?.capabilities,
      })),
    onDidChangeServers: (listener, thisArg, disposables) => {
      const d = manager.onDidChange(() => listener.call(thisArg));
      const disposable = { dispose: () => d.dispose() };
      disposables?.push(disposable);
      return disposable;
    },
    getSession: (name) => manager.get(name),
  };
}
