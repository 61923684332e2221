// Wires OAuth into the extension: the AuthManager (providers per server, credentials in SecretStorage,
// no browser without a user action) and its commands, Sign In and Sign Out.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { showInfo } from '../common/userMessages';
import type { ConnectionAuth } from '../mcp/connectionAuth';
import type { ServerDefinition } from '../mcp/serverDefinition';
import type { ServerEntry, SessionManager } from '../mcp/sessionManager';
import { AuthManager } from './authManager';
import { l10n } from '../common/shownL10n';
import { pickOne } from '../common/shownUi';
import { shownLine, TextCaps } from '../common/serverText';

export interface Auth {
  /** OAuth for an HTTP server's connection (undefined for stdio, or when the user manages the header). */
  authFor(definition: ServerDefinition): Promise<ConnectionAuth | undefined>;
  disposables: vscode.Disposable[];
}

export function registerAuth(secrets: vscode.SecretStorage, sessions: () => SessionManager): Auth {
  const auth = new AuthManager(secrets, sessions);
  const withServer = (action: (name: string) => Promise<void>) => async (arg?: ServerEntry | string) => {
    const name = typeof arg === 'string' ? arg : (arg?.name ?? (await pickHttpServer(sessions())));
    if (name) await action(name);
  };
  return {
    authFor: (definition) => auth.authFor(definition),
    disposables: [
      auth,
      vscode.commands.registerCommand(CommandIds.signIn, withServer((name) => auth.signIn(name))),
      vscode.commands.registerCommand(CommandIds.signOut, withServer((name) => auth.signOut(name))),
    ],
  };
}

async function pickHttpServer(manager: SessionManager): Promise<string | undefined> {
  const http = manager.entries().flatMap((e) => {
    const transport = e.session?.definition.transport;
    return transport && transport.type !== 'stdio' ? [{ name: e.name, url: transport.url }] : [];
  });
  if (http.length === 0) {
    void showInfo(l10n.t('no HTTP server is configured.'));
    return undefined;
  }
  const picked = await pickOne(
    http.map((s) => ({ label: shownLine(s.name), description: shownLine(s.url, TextCaps.rowDescription), name: s.name })),
    { placeHolder: l10n.t('HTTP server') },
  );
  return picked?.name;
}
