// Where the JWT-bearer grant's assertion comes from (jwtBearerProvider.ts):
// - a workload identity (SEP-1933): a token the platform writes to a file and rotates (Kubernetes
//   projected service-account tokens, CI OIDC tokens); read afresh for every token request;
// - enterprise-managed authorization (SEP-990): the user's ID token from the enterprise identity
//   provider, exchanged there (RFC 8693) for an ID-JAG addressed to this authorization server and resource.
import { LocalFileError, readLocalFile } from '../mcp/localFile';
import type { AssertionContext } from './jwtBearerProvider';

/** 64 KB: a platform's identity token is a JWT of a few KB. */
export const MAX_TOKEN_FILE_BYTES = 64 * 1024;

/**
 * The token file (a user setting only: config/settingScopes.ts) read when a token is requested, through the
 * one local-file read: a regular file, at most MAX_TOKEN_FILE_BYTES, never a FIFO, device or /proc file.
 */
export function workloadIdentityAssertion(tokenFile: string): () => Promise<string> {
  return async () => {
    let bytes: Buffer;
    try {
      bytes = await readLocalFile(tokenFile, { maxBytes: MAX_TOKEN_FILE_BYTES });
    } catch (error) {
      const reason = error instanceof LocalFileError ? error.reason : (error as Error).message;
      throw new Error(`The workload identity token file (oauth.workloadIdentity.tokenFile) cannot be used: ${tokenFile} (${reason}).`, { cause: error });
    }
    const token = bytes.toString('utf8').trim();
    if (!token) throw new Error(`The workload identity token file ${tokenFile} is empty.`);
    return token;
  };
}

export interface EnterpriseIdp {
  /** The identity provider's token endpoint (RFC 8693 token exchange). */
  tokenEndpoint: string;
  /** This client at the identity provider. */
  clientId: string;
  /** The user's ID token from the identity provider (kept in SecretStorage). */
  idToken(): Promise<string | undefined>;
}

export function enterpriseAssertion(idp: EnterpriseIdp): (context: AssertionContext) => Promise<string> {
  return async ({ authorizationServerUrl, resourceUrl, scope }) => {
    const idToken = await idp.idToken();
    if (!idToken) throw Object.assign(new Error('Sign in with your identity provider: no ID token is stored.'), { code: 'MCP_AUTH_REQUIRED' });
    if (!resourceUrl) throw new Error('The server publishes no protected-resource metadata, which enterprise-managed authorization needs.');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the SDK loads only when a server uses this
    const { requestJwtAuthorizationGrant } = require('@modelcontextprotocol/client') as typeof import('@modelcontextprotocol/client');
    const grant = await requestJwtAuthorizationGrant({
      tokenEndpoint: idp.tokenEndpoint,
      audience: authorizationServerUrl,
      resource: resourceUrl,
      idToken,
      clientId: idp.clientId,
      ...(scope ? { scope } : {}),
    });
    return grant.jwtAuthGrant;
  };
}
