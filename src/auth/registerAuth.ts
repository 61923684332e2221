// Wires what a server needs at start time beyond its settings: `${input:…}` values (asked once, kept
// in SecretStorage) and OAuth for HTTP servers, plus their commands (Sign in / Sign out, Edit / Clear
// Stored Inputs, Import Servers…). extension.ts passes `prepare` to every session it creates.
import * as vscode from 'vscode';
import { readInputDefinitions } from '../config/configurationReader';
import { registerImportCommand } from '../import/importCommand';
import { registerInputCommands } from '../inputs/inputCommands';
import { InputResolver } from '../inputs/inputResolver';
import { VscodeInputHost } from '../inputs/vscodeInputHost';
import type { PreparedStart } from '../mcp/connection';
import type { ServerDefinition } from '../mcp/serverDefinition';
import type { ServerEntry, SessionManager } from '../mcp/sessionManager';
import { AuthManager } from './authManager';

export interface RemoteServers {
  prepare(definition: ServerDefinition): Promise<PreparedStart>;
  disposables: vscode.Disposable[];
}

export function registerRemoteServers(context: vscode.ExtensionContext, sessions: () => SessionManager): RemoteServers {
  const host = new VscodeInputHost();
  const definitions = () => readInputDefinitions().inputs;
  const inputs = new InputResolver(context.secrets, host, definitions);
  const auth = new AuthManager(context.secrets, sessions);
  const withServer = (action: (name: string) => Promise<void>) => async (arg?: ServerEntry | string) => {
    const name = typeof arg === 'string' ? arg : (arg?.name ?? (await pickHttpServer(sessions())));
    if (name) await action(name);
  };
  // Unusable `mcpClient.inputs` entries are reported once per message, like other settings errors.
  const reported = new Set<string>();
  return {
    async prepare(definition) {
      for (const error of readInputDefinitions().errors) {
        if (reported.has(error)) continue;
        reported.add(error);
        void vscode.window.showErrorMessage(`MCP Client: ${error}`);
      }
      const resolved = await inputs.resolve(definition);
      return { definition: resolved.definition, secrets: resolved.secrets, auth: await auth.authFor(resolved.definition) };
    },
    disposables: [
      auth,
      vscode.commands.registerCommand('mcpClient.signIn', withServer((name) => auth.signIn(name))),
      vscode.commands.registerCommand('mcpClient.signOut', withServer((name) => auth.signOut(name))),
      ...registerInputCommands(inputs, host, definitions, sessions),
      registerImportCommand(context.globalStorageUri.fsPath),
    ],
  };
}

async function pickHttpServer(manager: SessionManager): Promise<string | undefined> {
  const http = manager.entries().filter((e) => e.session && e.session.definition.transport.type !== 'stdio');
  if (http.length === 0) {
    void vscode.window.showInformationMessage('MCP Client: no HTTP server is configured.');
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    http.map((e) => ({ label: e.name, description: e.session!.definition.transport.type === 'stdio' ? '' : (e.session!.definition.transport as { url: string }).url })),
    { placeHolder: 'HTTP server' },
  );
  return picked?.label;
}
