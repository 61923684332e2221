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

/** The session members other extensions may use: what it is, its state, and the MCP requests it makes. */
const SESSION_API_METHODS = [
  'ping',
  'listTools',
  'listPrompts',
  'listResources',
  'listResourcesPage',
  'listResourceTemplates',
  'getPrompt',
  'readResource',
  'callTool',
  'complete',
] as const;
const SESSION_API_PROPERTIES = ['name', 'state', 'serverInfo', 'capabilities', 'instructions', 'protocolVersion'] as const;

/**
 * A server session as other extensions see it: requests and read-only facts, nothing else. Starting,
 * stopping and the resolved configuration (env, headers, `${input:…}` values) stay inside: a start goes
 * through trust and consent, which only the extension's own commands do.
 */
export type McpSessionApi = Pick<
  McpSession,
  (typeof SESSION_API_METHODS)[number] | (typeof SESSION_API_PROPERTIES)[number] | 'onDidChangeState' | 'onNotification'
>;

export interface McpClientApi {
  servers(): ServerInfo[];
  readonly onDidChangeServers: vscode.Event<void>;
  getSession(name: string): McpSessionApi | undefined;
}

export function createApi(manager: SessionManager): McpClientApi {
  return {
    servers: () =>
      manager.entries().map((e) =>
        copyOf({
          name: e.name,
          scope: e.scope,
          state: e.configError !== undefined ? { kind: 'invalid', message: e.configError } : (e.session?.state ?? { kind: 'stopped' }),
          server: e.session?.serverInfo,
          protocolVersion: e.session?.protocolVersion,
          capabilities: e.session?.capabilities,
        }),
      ),
    onDidChangeServers: (listener, thisArg, disposables) => {
      const d = manager.onDidChange(() => listener.call(thisArg));
      const disposable = { dispose: () => d.dispose() };
      disposables?.push(disposable);
      return disposable;
    },
    getSession: (name) => {
      const session = manager.get(name);
      return session && sessionFacade(session);
    },
  };
}

/**
 * A frozen object with only the documented members, each forwarding to the session: the session object
 * itself never leaves the extension (a cast would reach start(), definition and the connection). Every
 * value it hands out (properties, results, events) is a frozen copy: the session's own objects (its
 * capabilities, the cached lists the views show) stay the extension's, so another extension that changes
 * what it was given changes nothing here.
 */
function sessionFacade(session: McpSession): McpSessionApi {
  const facade: Record<string, unknown> = Object.create(null);
  for (const method of SESSION_API_METHODS) {
    const real = session[method] as (...args: unknown[]) => unknown;
    facade[method] = async (...args: unknown[]) => copyOf(await real.apply(session, args));
  }
  for (const property of SESSION_API_PROPERTIES) {
    Object.defineProperty(facade, property, { enumerable: true, get: () => copyOf(session[property]) });
  }
  facade.onDidChangeState = (listener: Parameters<McpSession['onDidChangeState']>[0]) => session.onDidChangeState((state) => listener(copyOf(state)));
  facade.onNotification = (listener: Parameters<McpSession['onNotification']>[0]) => session.onNotification((notification) => listener(copyOf(notification)));
  return Object.freeze(facade) as unknown as McpSessionApi;
}

/** A deep, frozen copy of protocol data (plain JSON-like values); what cannot be copied is not handed out. */
function copyOf<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  return deepFreeze(structuredClone(value));
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value as Record<string, unknown>)) deepFreeze(inner);
  }
  return value;
}
