// Auth discovery as a client does it, one step per document: the protected-resource metadata (RFC 9728,
// from the 401's WWW-Authenticate or the well-known path), the authorization server's metadata (RFC 8414
// or OpenID discovery, with the checks sign-in applies: issuer, PKCE S256), and how this client would
// register (pre-registered id, client ID metadata document, dynamic registration). No `vscode` import.
import { checkResourceAllowed, discoverAuthorizationServerMetadata, discoverOAuthProtectedResourceMetadata, type FetchLike } from '@modelcontextprotocol/client';
import { redactUrl } from '../../mcp/redact';
import type { OAuthSettings } from '../../mcp/serverDefinition';
import { timed, type Step } from './report';

export async function authDiscoverySteps(url: URL, status: number, challenge: string | undefined, oauth: OAuthSettings | undefined, fetchFn: FetchLike = fetch): Promise<Step[]> {
  const wantsAuth = status === 401 || status === 403;
  const resourceMetadataUrl = /resource_metadata="([^"]+)"/.exec(challenge ?? '')?.[1];
  let servers: string[] = [];
  const prm = await timed('Auth discovery: protected-resource metadata (RFC 9728)', async () => {
    let metadata;
    try {
      metadata = await discoverOAuthProtectedResourceMetadata(url, resourceMetadataUrl ? { resourceMetadataUrl } : {}, fetchFn);
    } catch (error) {
      if (!wantsAuth) return { status: 'info', details: ['The server publishes no protected-resource metadata and asked for no credentials: it does not use OAuth.'] };
      return {
        status: 'fail',
        details: [`The server answered ${status} but its protected-resource metadata ${resourceMetadataUrl ? `at ${redactUrl(resourceMetadataUrl)} ` : ''}could not be used: ${(error as Error).message}`],
        fix: 'Serve RFC 9728 metadata ({ "resource": <this URL>, "authorization_servers": [<issuer>] }) at /.well-known/oauth-protected-resource<path>, and name it in the 401\'s WWW-Authenticate resource_metadata parameter.',
      };
    }
    servers = metadata.authorization_servers ?? [];
    const details = [`Found${resourceMetadataUrl ? ` at ${redactUrl(resourceMetadataUrl)} (from WWW-Authenticate)` : ' at the well-known path'}: resource ${metadata.resource}; authorization servers: ${servers.join(', ') || '(none)'}.`];
    if (!servers.length) return { status: 'fail', details, fix: 'List the authorization server\'s issuer in "authorization_servers".' };
    if (!(await Promise.resolve(checkResourceAllowed({ requestedResource: url, configuredResource: metadata.resource })))) {
      return { status: 'fail', details: [...details, `The metadata's resource (${metadata.resource}) does not cover ${redactUrl(url.toString())}; sign-in refuses it.`], fix: 'Make "resource" the MCP endpoint\'s URL (or a prefix of it).' };
    }
    return { status: 'ok', details };
  });
  if (!servers.length) return [prm];
  let registration: Step | undefined;
  const asm = await timed('Auth discovery: authorization-server metadata (RFC 8414 / OpenID)', async () => {
    const issuer = servers[0]!;
    let metadata;
    try {
      metadata = await discoverAuthorizationServerMetadata(issuer, { fetchFn, skipIssuerValidation: true });
    } catch (error) {
      return { status: 'fail', details: [`The metadata of ${issuer} is not usable: ${(error as Error).message}`], fix: 'Serve valid RFC 8414 metadata at /.well-known/oauth-authorization-server (issuer, authorization_endpoint, token_endpoint, response_types_supported, code_challenge_methods_supported).' };
    }
    if (!metadata) return { status: 'fail', details: [`${issuer} publishes no authorization-server metadata (neither RFC 8414 nor OpenID discovery).`], fix: 'Serve /.well-known/oauth-authorization-server (or /.well-known/openid-configuration) for the issuer.' };
    const problems: string[] = [];
    const fixes: string[] = [];
    const same = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '');
    if (!same(metadata.issuer, issuer)) {
      problems.push(`Its issuer is "${metadata.issuer}", not "${issuer}" (RFC 8414 section 3.3).`);
      fixes.push(oauth?.allowIssuerMismatch ? 'oauth.allowIssuerMismatch accepts it for this server.' : 'Make the metadata\'s "issuer" the URL it is published for (sign-in refuses a mismatch unless oauth.allowIssuerMismatch is set).');
    }
    if (!metadata.code_challenge_methods_supported?.includes('S256')) {
      problems.push(`It does not list PKCE S256 in code_challenge_methods_supported (${JSON.stringify(metadata.code_challenge_methods_supported ?? null)}).`);
      fixes.push('MCP requires PKCE with S256: support it and say so in code_challenge_methods_supported.');
    }
    const checking = performance.now();
    registration = { ...registrationStep(metadata, oauth), ms: performance.now() - checking };
    const details = [`Issuer ${metadata.issuer}; authorize at ${metadata.authorization_endpoint}; tokens at ${metadata.token_endpoint}.`, ...problems];
    const failed = problems.length > (oauth?.allowIssuerMismatch && !same(metadata.issuer, issuer) ? 1 : 0);
    return { status: failed ? 'fail' : problems.length ? 'warn' : 'ok', details, ...(fixes.length && { fix: fixes.join(' ') }) };
  });
  return registration ? [prm, asm, registration] : [prm, asm];
}

function registrationStep(metadata: { registration_endpoint?: string; client_id_metadata_document_supported?: boolean }, oauth: OAuthSettings | undefined): Step {
  const title = 'Auth discovery: client registration (pre-registered, CIMD, dynamic)';
  if (oauth?.clientId) return { title, status: 'ok', details: [`A client registered in advance: oauth.clientId ${oauth.clientId}.`] };
  if (oauth?.clientMetadataUrl && metadata.client_id_metadata_document_supported) return { title, status: 'ok', details: [`A client ID metadata document (${oauth.clientMetadataUrl}), which the server supports.`] };
  if (metadata.registration_endpoint) return { title, status: 'ok', details: [`Dynamic client registration at ${metadata.registration_endpoint}.`] };
  if (metadata.client_id_metadata_document_supported) return { title, status: 'warn', details: ['The server accepts client ID metadata documents, but none is configured.'], fix: 'Set oauth.clientMetadataUrl to an https URL of this client\'s metadata document, or oauth.clientId.' };
  return { title, status: 'fail', details: ['The server offers no registration_endpoint and no client ID metadata documents, and no oauth.clientId is set.'], fix: 'Register a client with the authorization server and set oauth.clientId, or enable dynamic registration on it.' };
}
