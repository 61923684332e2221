// OAuth for the extension's HTTP servers: one McpOAuthProvider per server (credentials in
// SecretStorage, per server and issuer), sign-in through the browser and a loopback redirect, and the
// rule that a browser only opens after a visible user action: background starts that need a sign-in
// stop at "needs sign-in" and offer a "Sign in" button instead.
import * as vscode from 'vscode';
import { showError, showInfo, showWarning } from '../common/userMessages';
import type { ConnectionAuth } from '../mcp/connectionAuth';
import type { ServerDefinition } from '../mcp/serverDefinition';
import type { SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import { grantKey } from '../mcp/serverIdentity';
import { enterpriseAssertion, workloadIdentityAssertion } from './assertionSources';
import { clientSecretKey, idTokenKey } from './credentialKeys';
import { JwtBearerProvider } from './jwtBearerProvider';
import { findFreePort, isPortFree, LoopbackAuthorizer } from './loopback';
import { McpOAuthProvider } from './oauthProvider';

const CLIENT_NAME = 'MCP Client for VS Code';

export class AuthManager implements vscode.Disposable {
  private readonly providers = new Map<string, { key: string; provider: McpOAuthProvider | JwtBearerProvider }>();
  /** Servers in the middle of a sign-in the user asked for: only these may open the browser. */
  private readonly signingIn = new Map<string, AbortSignal>();
  /** Servers whose "needs sign-in" notification is showing, so that it is shown once. */
  private readonly offered = new Set<string>();

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly sessions: () => SessionManager,
  ) {}

  /** ConnectionAuth for an HTTP server (SessionOptions.prepare); undefined for stdio. */
  async authFor(definition: ServerDefinition): Promise<ConnectionAuth | undefined> {
    if (definition.transport.type === 'stdio') return undefined;
    // An Authorization header means the user manages the credentials: a 401 is reported, not answered with OAuth.
    if (Object.keys(definition.transport.headers).some((h) => h.toLowerCase() === 'authorization')) return undefined;
    const provider = await this.providerFor(definition);
    const skipIssuerMetadataValidation = definition.oauth?.allowIssuerMismatch === true;
    if (provider instanceof JwtBearerProvider) return { provider, skipIssuerMetadataValidation };
    return { provider, takeCallback: () => provider.takeCallback(), prepare: () => provider.prepare(), skipIssuerMetadataValidation };
  }

  private async providerFor(definition: ServerDefinition): Promise<McpOAuthProvider | JwtBearerProvider> {
    const { name, oauth } = definition;
    const url = definition.transport.type === 'stdio' ? '' : definition.transport.url;
    const clientSecret = oauth?.clientId ? await this.secrets.get(clientSecretKey(definition)) : undefined;
    // A new provider when anything it was built from changes; otherwise the same one (it holds the
    // PKCE verifier and discovery state of a flow in progress).
    const key = JSON.stringify([url, oauth ?? null, clientSecret ?? null]);
    const known = this.providers.get(name);
    if (known?.key === key) return known.provider;
    const provider = this.assertionProvider(definition, clientSecret) ?? new McpOAuthProvider({
      // Tokens and registrations by identity too (a user server's key is its name, as before).
      serverKey: `${grantKey(definition)}@${url}`,
      store: this.secrets,
      clientName: CLIENT_NAME,
      clientMetadataUrl: oauth?.clientMetadataUrl,
      preregistered: oauth?.clientId ? { clientId: oauth.clientId, clientSecret } : undefined,
      scope: oauth?.scopes?.join(' '),
      pickPort: findFreePort,
      portFree: isPortFree,
      // The redirect as the user's browser reaches it: unchanged on a local desktop, code-server's port
      // proxy or a forwarded port when the extension host is remote.
      externalUri: async (loopback) => (await vscode.env.asExternalUri(vscode.Uri.parse(loopback))).toString(true),
      interactive: () => this.signingIn.has(name),
      onAuthorizationNeeded: () => this.offerSignIn(name),
      authorizer: {
        authorize: (authUrl, redirectUri, state) =>
          new LoopbackAuthorizer({ openBrowser: (u) => this.openBrowser(name, u), signal: this.signingIn.get(name) }).authorize(authUrl, redirectUri, state),
      },
    });
    this.providers.set(name, { key, provider });
    return provider;
  }

  /** Sign-in without a browser: a workload identity, or enterprise-managed authorization (jwtBearerProvider.ts). */
  private assertionProvider(definition: ServerDefinition, clientSecret: string | undefined): JwtBearerProvider | undefined {
    const { name, oauth } = definition;
    if (!oauth?.workloadIdentity && !oauth?.enterprise) return undefined;
    const url = definition.transport.type === 'stdio' ? '' : definition.transport.url;
    const enterprise = oauth.enterprise;
    return new JwtBearerProvider({
      serverKey: `${grantKey(definition)}@${url}`,
      store: this.secrets,
      clientId: oauth.clientId ?? name,
      clientSecret: clientSecret || undefined,
      clientName: CLIENT_NAME,
      assertion: enterprise
        ? enterpriseAssertion({ tokenEndpoint: enterprise.idpTokenEndpoint, clientId: enterprise.idpClientId, idToken: async () => this.secrets.get(idTokenKey(definition)) })
        : workloadIdentityAssertion(oauth.workloadIdentity!.tokenFile),
    });
  }

  private async openBrowser(name: string, url: URL): Promise<boolean> {
    // The authorization server is named, so the user can tell where they are about to sign in.
    return vscode.env.openExternal(vscode.Uri.parse(url.toString(), true)).then((opened) => {
      if (!opened) void showWarning(vscode.l10n.t("could not open the browser to sign in to '{0}' ({1}).", name, url.origin));
      return opened;
    });
  }

  /** A background start needed the browser: ask, never open it unasked. */
  private offerSignIn(name: string): void {
    if (this.offered.has(name)) return;
    this.offered.add(name);
    void vscode.window
      .showInformationMessage(vscode.l10n.t("MCP server '{0}' needs you to sign in.", name), vscode.l10n.t('Sign in'))
      .then((choice) => {
        this.offered.delete(name);
        if (choice) void this.signIn(name);
      });
  }

  /** The "Sign in" action: restarts the server allowed to open the browser, with a cancellable progress. */
  async signIn(name: string): Promise<void> {
    const definition = this.sessions().get(name)?.definition;
    if (!definition || definition.transport.type === 'stdio') {
      void showError(vscode.l10n.t("'{0}' is not an HTTP server; there is nothing to sign in to.", name));
      return;
    }
    if (definition.oauth?.clientId && !definition.oauth.workloadIdentity && (await this.secrets.get(clientSecretKey(definition))) === undefined) {
      const secret = await vscode.window.showInputBox({
        title: vscode.l10n.t("Client secret for '{0}'", name),
        prompt: vscode.l10n.t('The client secret of OAuth client "{0}". Leave empty for a public client. Kept in VS Code\'s secret storage.', definition.oauth.clientId),
        password: true,
        ignoreFocusOut: true,
      });
      if (secret === undefined) return;
      await this.secrets.store(clientSecretKey(definition), secret);
    }
    const enterprise = definition.oauth?.enterprise;
    if (enterprise) {
      // ID tokens are short-lived: each sign-in asks for a current one.
      const idToken = await vscode.window.showInputBox({
        title: vscode.l10n.t("ID token for '{0}'", name),
        prompt: vscode.l10n.t('Your ID token from the identity provider ({0}). Kept in VS Code\'s secret storage.', new URL(enterprise.idpTokenEndpoint).origin),
        password: true,
        ignoreFocusOut: true,
      });
      if (!idToken) return;
      await this.secrets.store(idTokenKey(definition), idToken);
    }
    const provider = await this.providerFor(definition);
    if (provider instanceof McpOAuthProvider) await provider.prepareSignIn();
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t("Signing in to '{0}' in your browser…", name), cancellable: true },
      async (_progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        this.signingIn.set(name, abort.signal);
        try {
          await this.sessions().restart(name);
        } finally {
          this.signingIn.delete(name);
        }
      },
    );
    const state = this.sessions().get(name)?.state;
    if (!state) return;
    if (SessionState.isRunning(state)) void showInfo(vscode.l10n.t("signed in to '{0}'.", name));
    else if (SessionState.isFailed(state)) void showError(vscode.l10n.t("sign-in to '{0}' failed: {1}", name, state.message));
  }

  /** Forgets tokens and registrations (and a stored client secret) and stops the server. */
  async signOut(name: string): Promise<void> {
    const session = this.sessions().get(name);
    if (session) {
      await (await this.providerFor(session.definition)).signOut();
      await this.secrets.delete(clientSecretKey(session.definition));
    }
    const enterprise = session?.definition.oauth?.enterprise;
    if (enterprise && session) await this.secrets.delete(idTokenKey(session.definition));
    this.providers.delete(name);
    await this.sessions().stop(name);
    void showInfo(vscode.l10n.t("signed out of '{0}'.", name));
  }

  dispose(): void {
    this.providers.clear();
  }
}
