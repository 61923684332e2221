// Where a server's sign-in secrets are kept in SecretStorage. Every key is bound to the server's identity
// (mcp/serverIdentity.ts: a user server by name, a workspace server by scope + a hash of what it runs)
// and its URL, never to something another server can name: an ID token kept by identity provider would
// go to every server that names the same provider. No `vscode` import: unit-tested.
import { grantKey } from '../mcp/serverIdentity';
import type { ServerDefinition } from '../mcp/serverDefinition';

function serverKey(definition: ServerDefinition): string {
  const url = definition.transport.type === 'stdio' ? '' : definition.transport.url;
  return `${grantKey(definition)}@${url}`;
}

/** The client secret of a pre-registered OAuth client (`oauth.clientId`). */
export function clientSecretKey(definition: ServerDefinition): string {
  return `mcpClient.oauth/${grantKey(definition)}/clientSecret`;
}

/**
 * The user's ID token for enterprise-managed authorization: this server's, from this identity provider.
 * Another server naming the same provider, or this server naming another provider, does not get it.
 */
export function idTokenKey(definition: ServerDefinition): string {
  return `mcpClient.oauth/${serverKey(definition)}/idp/${definition.oauth?.enterprise?.idpTokenEndpoint ?? ''}/idToken`;
}
