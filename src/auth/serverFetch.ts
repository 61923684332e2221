// The fetch an HTTP server's transport runs OAuth with. Requests to the server's own origin (the URL the
// user configured) go out as before, streams and all. Every other origin comes from the server's metadata
// (its authorization server, token and registration endpoints, a resource-metadata URL) and goes through
// the outbound guard: checked and pinned addresses on every hop, small bodies, and none of the headers
// configured for the server (the SDK merges them into every request it makes, OAuth's included). A server
// the user runs on their own machine or network may name an authorization server there too; a server on
// the internet may not. No `vscode` import: the conformance client uses it as the extension does.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { guardedFetcher } from '../common/guardedFetch';
import { addressKind, isLocalHostName } from '../common/netAddress';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** OAuth metadata, registrations and tokens are small JSON documents. */
const MAX_AUTH_BYTES = 1024 * 1024;

export function serverFetch(serverUrl: string, configuredHeaders: Readonly<Record<string, string>> = {}, resolve = resolveFirst): Fetch {
  const server = new URL(serverUrl);
  let guarded: Promise<Fetch> | undefined;
  const guard = () =>
    (guarded ??= isLocalServer(server, resolve).then((local) =>
      guardedFetcher({
        purpose: 'authorization server',
        // http only where the server itself is plain http or local: a public https server cannot downgrade sign-in.
        schemes: server.protocol === 'http:' || local ? ['https:', 'http:'] : ['https:'],
        allowNonPublic: local,
        maxBytes: MAX_AUTH_BYTES,
      }),
    ));
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin === server.origin) return fetch(input, init);
    return (await guard())(url, withoutConfiguredHeaders(init, configuredHeaders));
  };
}

/** Whether the configured server is on this computer or a private network (then it may name one there too). */
export async function isLocalServer(server: URL, resolve: (host: string) => Promise<string> = resolveFirst): Promise<boolean> {
  const host = server.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isLocalHostName(host)) return true;
  try {
    return addressKind(isIP(host) ? host : await resolve(host)) !== 'public';
  } catch {
    return false;
  }
}

async function resolveFirst(host: string): Promise<string> {
  return (await lookup(host)).address;
}

/** `init` without the headers the user configured for the server (same name and value). */
function withoutConfiguredHeaders(init: RequestInit | undefined, configured: Readonly<Record<string, string>>): RequestInit | undefined {
  if (!init?.headers) return init;
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(configured)) if (headers.get(name) === value) headers.delete(name);
  return { ...init, headers };
}
