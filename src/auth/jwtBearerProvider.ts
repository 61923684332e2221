// The RFC 7523 JWT-bearer grant, for sign-in without a browser: the client presents a signed assertion
// and gets a token. Two sources of that assertion use it (assertionSources.ts): a workload identity
// token (SEP-1933, e.g. a Kubernetes or CI OIDC token in a file) and enterprise-managed authorization
// (SEP-990: an ID-JAG exchanged for the user's ID token at the enterprise identity provider).
// Tokens are kept like the browser sign-in's: in SecretStorage, per server and issuer. The SDK's
// auth() drives it (discovery, resource, issuer checks); this class only answers its questions.
import type { OAuthClientInformationContext, OAuthClientMetadata, OAuthClientProvider, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import type { SecretStore } from '../common/secretStore';
import { CredentialStore } from './credentialStore';

export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** What the assertion is made for: the authorization server (its issuer, the audience) and the resource. */
export interface AssertionContext {
  authorizationServerUrl: string;
  resourceUrl: string | undefined;
  scope: string | undefined;
}

export interface JwtBearerOptions {
  serverKey: string;
  store: SecretStore;
  clientId: string;
  /** Enterprise-managed clients authenticate with client_secret_basic; workload identities with none. */
  clientSecret?: string;
  clientName: string;
  /** A fresh assertion for this authorization server (read or exchanged each time a token is needed). */
  assertion(context: AssertionContext): Promise<string>;
}

export class JwtBearerProvider implements OAuthClientProvider {
  private readonly credentials: CredentialStore;
  private authorizationServer: string | undefined;
  private resource: string | undefined;
  /** The assertion of a token request that has not succeeded (yet): it is never sent twice. */
  private unanswered: string | undefined;

  constructor(private readonly options: JwtBearerOptions) {
    this.credentials = new CredentialStore(options.store, options.serverKey);
  }

  /** No redirect: auth() takes the non-interactive path and asks prepareTokenRequest for the grant. */
  get redirectUrl(): undefined {
    return undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.clientName,
      redirect_uris: [],
      grant_types: [JWT_BEARER_GRANT],
      token_endpoint_auth_method: this.options.clientSecret ? 'client_secret_basic' : 'none',
    };
  }

  clientInformation(): StoredOAuthClientInformation {
    const { clientId, clientSecret } = this.options;
    return { client_id: clientId, ...(clientSecret ? { client_secret: clientSecret } : {}) };
  }

  tokens(ctx?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    return this.credentials.get('tokens', ctx?.issuer);
  }

  async saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): Promise<void> {
    this.unanswered = undefined;
    await this.credentials.save('tokens', tokens, ctx?.issuer ?? tokens.issuer);
  }

  saveAuthorizationServerUrl(issuer: string): void {
    this.authorizationServer = issuer;
  }

  saveResourceUrl(resource: string): void {
    this.resource = resource;
  }

  async prepareTokenRequest(scope?: string): Promise<URLSearchParams> {
    if (!this.authorizationServer) throw new Error('The authorization server is not known yet.');
    const assertion = await this.options.assertion({ authorizationServerUrl: this.authorizationServer, resourceUrl: this.resource, scope });
    // A refused assertion stays refused: sending it again only repeats the failure (and can look like
    // a replay to the server). A new one (a rotated token file, a new sign-in) may be tried.
    if (assertion === this.unanswered) throw new Error('The authorization server refused this assertion; it is not sent again.');
    this.unanswered = assertion;
    const params = new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion });
    if (scope) params.set('scope', scope);
    return params;
  }

  redirectToAuthorization(): void {
    throw new Error('This server signs in with an assertion, not in the browser.');
  }

  saveCodeVerifier(): void {}

  codeVerifier(): string {
    throw new Error('This server signs in with an assertion, not in the browser.');
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all' || scope === 'tokens') await this.credentials.delete('tokens');
  }

  async signOut(): Promise<void> {
    this.unanswered = undefined;
    await this.credentials.clear();
  }
}
