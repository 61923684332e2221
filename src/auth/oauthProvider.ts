// The OAuth client provider the SDK's auth() drives for one HTTP server. The SDK owns the flows
// (discovery, registration, PKCE, resource indicators, refresh, step-up); this class only answers its
// questions: where credentials are kept (a SecretStorage-shaped store, per server and issuer), what the
// redirect URI is, and how the user agent reaches the authorization URL (an injected Authorizer: the
// browser + loopback listener in VS Code, a plain fetch in the conformance client).
// Type-only SDK imports: this file is also loaded by UI code that must not pull the SDK in.
import { randomBytes } from 'node:crypto';
import type {
  DpopSession,
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { SecretStore } from '../common/secretStore';
import { CredentialStore } from './credentialStore';
import { dpopKeyFor, pickDpopAlg } from './dpopKeys';
import { DEFAULT_REDIRECT_PORT, RedirectTarget, type RedirectOptions, type RegisteredClient } from './redirectTarget';
import { signInFailed, unionScope } from './signInHelpers';


/**
 * Takes the user agent to the authorization URL and returns the redirect's query parameters.
 * `localRedirectUri`: the loopback address the redirect arrives at in this process.
 */
export interface Authorizer {
  authorize(authorizationUrl: URL, localRedirectUri: string, expectedState: string): Promise<URLSearchParams>;
}

export interface OAuthProviderOptions {
  /** Identifies the server in storage: credentials never cross servers. */
  serverKey: string;
  store: SecretStore;
  authorizer: Authorizer;
  /** Loopback port of the redirect URI for a pre-registered client (registered with the server in advance). */
  redirectPort?: number;
  /** Picks a free port for a new dynamic registration; a stored registration keeps the port it was made with. */
  pickPort?: RedirectOptions['pickPort'];
  portFree?: RedirectOptions['portFree'];
  /** How the user's browser reaches this host's loopback (vscode.env.asExternalUri); unchanged when absent. */
  externalUri?: RedirectOptions['externalUri'];
  clientName?: string;
  /** A client ID metadata document URL (used when the authorization server supports CIMD). */
  clientMetadataUrl?: string;
  /** A pre-registered client: no dynamic registration. */
  preregistered?: { clientId: string; clientSecret?: string };
  /** Scope to ask for when neither the server's challenge nor its metadata says. */
  scope?: string;
  /**
   * Whether a browser may be opened now. Background starts pass false: the flow stops before the
   * browser and the server shows "needs sign-in" until the user acts.
   */
  interactive: () => boolean;
  /** Called when a non-interactive attempt needed the browser: the place to offer "Sign in". */
  onAuthorizationNeeded?: () => void;
}

export { DEFAULT_REDIRECT_PORT };

export class McpOAuthProvider implements OAuthClientProvider {
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  /** True from the authorization request until its tokens are saved: only that flow reuses `discovery`. */
  private authorizing = false;
  /** DPoP sessions per issuer: the key, and the nonces the servers handed out. */
  private readonly dpopSessions = new Map<string, Promise<DpopSession | undefined>>();
  private expectedState: string | undefined;
  private pendingCallback: URLSearchParams | undefined;
  /** True after auth() wanted the browser during a non-interactive attempt. */
  needsUserAuthorization = false;
  /** Scope a request asked for (step-up) while no browser could open: the next sign-in asks for it too. */
  private wantedScope: string | undefined;
  readonly clientMetadataUrl?: string;
  private readonly credentials: CredentialStore;
  private readonly redirect: RedirectTarget;

  constructor(private readonly options: OAuthProviderOptions) {
    this.credentials = new CredentialStore(options.store, options.serverKey);
    this.clientMetadataUrl = options.clientMetadataUrl;
    this.redirect = new RedirectTarget({
      fixedPort: options.preregistered ? (options.redirectPort ?? DEFAULT_REDIRECT_PORT) : undefined,
      pickPort: options.pickPort,
      portFree: options.portFree,
      externalUri: options.externalUri,
    });
  }

  /** Settled by prepare(), before auth() reads it (for the registration and the authorization request). */
  get redirectUrl(): string {
    return this.redirect.uri;
  }

  /** Before each connection: settles the redirect URI against the registration in use (ConnectionAuth.prepare). */
  async prepare(): Promise<void> {
    await this.redirect.settle(await this.credentials.get('client'), this.options.interactive());
  }

  get clientMetadata(): OAuthClientMetadata {
    const pre = this.options.preregistered;
    return {
      client_name: this.options.clientName ?? 'MCP Client for VS Code',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: pre?.clientSecret ? 'client_secret_basic' : 'none',
      ...(this.options.scope ? { scope: this.options.scope } : {}),
    };
  }

  state(): string {
    this.expectedState = randomBytes(16).toString('base64url');
    return this.expectedState;
  }

  async clientInformation(ctx?: OAuthClientInformationContext): Promise<StoredOAuthClientInformation | undefined> {
    const pre = this.options.preregistered;
    if (pre) return { client_id: pre.clientId, ...(pre.clientSecret ? { client_secret: pre.clientSecret } : {}) };
    const stored: RegisteredClient | undefined = await this.credentials.get('client', ctx?.issuer);
    // A registration whose redirect URI cannot be used for this sign-in reads as absent: auth() registers again.
    return (await this.redirect.settle(stored, this.options.interactive())) ? stored : undefined;
  }

  async saveClientInformation(info: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext): Promise<void> {
    const registered: RegisteredClient = { ...info, redirect_port: this.redirect.port };
    await this.credentials.save('client', registered, ctx?.issuer);
  }

  async tokens(ctx?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    // Without ctx the transport asks for the bearer token: the most recently saved set.
    return this.credentials.get('tokens', ctx?.issuer);
  }

  async saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): Promise<void> {
    this.authorizing = false;
    await this.credentials.save('tokens', tokens, ctx?.issuer ?? tokens.issuer);
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    // One connect can reach auth() twice (the version probe, then initialize): an authorization that
    // is already complete and waiting to be redeemed is used, not replaced by a second browser trip.
    if (this.pendingCallback) return;
    if (!this.options.interactive()) {
      this.wantedScope = unionScope(this.wantedScope, authorizationUrl.searchParams.get('scope'));
      this.needsUserAuthorization = true;
      this.options.onAuthorizationNeeded?.();
      return;
    }
    // A sign-in after a step-up challenge: the reconnect's own challenge may name less than that request needed.
    if (this.wantedScope) authorizationUrl.searchParams.set('scope', unionScope(authorizationUrl.searchParams.get('scope'), this.wantedScope)!);
    const state = this.expectedState ?? authorizationUrl.searchParams.get('state') ?? '';
    let params: URLSearchParams;
    try {
      params = await this.options.authorizer.authorize(authorizationUrl, this.redirect.localUri, state);
    } catch (error) {
      throw signInFailed((error as Error).message);
    }
    // The state ties this redirect to the request we made: anything else is a forged callback.
    if (state && params.get('state') !== state) throw signInFailed('The authorization response did not match the request (state mismatch).');
    const error = params.get('error');
    if (error) throw signInFailed(`Authorization was refused: ${params.get('error_description') ?? error}`);
    if (!params.get('code')) throw signInFailed('The authorization response carried no code.');
    this.needsUserAuthorization = false;
    this.wantedScope = undefined;
    this.pendingCallback = params;
  }

  /**
   * Before a sign-in the user asked for: tokens that lack a scope a request was refused for are
   * dropped, so that the reconnect authorizes again (with that scope) instead of reusing them.
   */
  async prepareSignIn(): Promise<void> {
    this.pendingCallback = undefined;
    this.authorizing = false;
    this.redirect.reset();
    if (this.wantedScope) await this.invalidateCredentials('tokens');
  }

  /** The callback of an authorization finished during the last attempt (once). */
  takeCallback(): URLSearchParams | undefined {
    const params = this.pendingCallback;
    this.pendingCallback = undefined;
    return params;
  }

  saveCodeVerifier(codeVerifier: string): void {
    // The pending code was issued for the earlier verifier (PKCE): keep it until that code is redeemed.
    if (this.pendingCallback) return;
    this.authorizing = true;
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('No authorization is in progress.');
    return this.verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  /**
   * Discovery is reused only to redeem the authorization it started (the callback must go to the same
   * authorization server). Every other auth() reads the server's metadata again, so a server that moved
   * to a new authorization server (SEP-2352) is followed there, with a registration of its own.
   */
  discoveryState(): OAuthDiscoveryState | undefined {
    return this.authorizing ? this.discovery : undefined;
  }

  /**
   * DPoP (RFC 9449) for an authorization server that offers it: the session of the issuer being
   * authorized (during auth()) or of the issuer the held tokens came from (each request). A key is made
   * only for an issuer that advertises `dpop_signing_alg_values_supported`; a stored one is always used.
   */
  async dpop(): Promise<DpopSession | undefined> {
    const metadata = this.discovery?.authorizationServerMetadata as { issuer?: string; dpop_signing_alg_values_supported?: string[] } | undefined;
    const issuer = metadata?.issuer ?? (await this.credentials.lastIssuer());
    if (!issuer) return undefined;
    const alg = metadata?.issuer === issuer ? pickDpopAlg(metadata.dpop_signing_alg_values_supported) : undefined;
    let session = this.dpopSessions.get(issuer);
    if (!session) {
      session = dpopKeyFor(this.credentials, issuer, alg).then(async (keyPair) => {
        if (!keyPair) return undefined;
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when DPoP is used
        const { DpopSession } = require('@modelcontextprotocol/client') as typeof import('@modelcontextprotocol/client');
        return DpopSession.create({ keyPair });
      });
      this.dpopSessions.set(issuer, session);
    }
    const found = await session;
    // No key yet: ask again next time (the issuer may offer DPoP once its metadata is read).
    if (!found) this.dpopSessions.delete(issuer);
    return found;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all' || scope === 'discovery') {
      this.discovery = undefined;
      this.authorizing = false;
    }
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'tokens') await this.credentials.delete('tokens');
    if (scope === 'all' || scope === 'client') await this.credentials.delete('client');
  }

  /** Sign out: forget tokens and registrations for every issuer this server used. */
  async signOut(): Promise<void> {
    await this.invalidateCredentials('all');
    await this.credentials.clear();
    this.dpopSessions.clear();
  }
}
