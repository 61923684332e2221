// The one fetch for URLs that a server or a registry wrote: icons, registry pages, OAuth metadata and
// token endpoints. Such a URL must not turn the extension host into the server's way into the user's
// machine or network (a request to 127.0.0.1, to the router, to 169.254.169.254), must not carry the
// user's configured headers to anyone but the place the user configured them for, and must not make us
// read an endless body. So, on every hop: the scheme is allowed; the host's addresses are resolved once,
// checked, and the connection is made to that checked address (no second lookup a DNS rebinding could
// answer differently); redirects are followed here, one by one, each checked like the first; headers
// other than the harmless ones are dropped when a redirect leaves the origin; the body is read up to a cap.
// The origins the user configured (a server's URL, the registry setting) are the exception: the user chose
// them, so `http://127.0.0.1:…` works there. No `vscode` import.
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { addressKind, isLocalHostName, type AddressKind } from './netAddress';

export interface OutboundPolicy {
  /** What is fetched, for messages: "icon", "MCP registry", "authorization server". */
  purpose: string;
  /** Allowed URL schemes, with the colon: `['https:']`. */
  schemes: readonly string[];
  /** Origins the user configured: reached whatever their address, and the only ones `configuredHeaders` go to. */
  configuredOrigins?: readonly string[];
  /** Headers the user configured (a registry token): sent only to `configuredOrigins`. */
  configuredHeaders?: Readonly<Record<string, string>>;
  /** Addresses on the user's machine or networks allowed for every origin (a server the user runs locally may name a local authorization server). */
  allowNonPublic?: boolean;
  /** The body is cut off, and the fetch fails, beyond this many bytes. */
  maxBytes: number;
  maxRedirects?: number;
  timeoutMs?: number;
  /** How a host name resolves (all addresses); dns.lookup by default. Tests count the lookups. */
  resolve?: (hostname: string) => Promise<string[]>;
}

/** A URL the guard would not fetch (scheme, address, credentials, size, redirects). */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

/** Headers that say nothing about the user and may follow a redirect to another origin. */
const HARMLESS_HEADERS = new Set(['accept', 'accept-language', 'user-agent', 'mcp-protocol-version']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** `guardedFetch` bound to a policy, in the shape the SDK's `fetchFn` and `fetch` options take. */
export function guardedFetcher(policy: OutboundPolicy): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return (input, init) => guardedFetch(input instanceof Request ? input.url : input, init, policy);
}

export async function guardedFetch(input: string | URL, init: RequestInit = {}, policy: OutboundPolicy): Promise<Response> {
  const timeout = AbortSignal.timeout(policy.timeoutMs ?? 15_000);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  let url = new URL(String(input));
  let method = (init.method ?? 'GET').toUpperCase();
  let body = bodyOf(init.body);
  let headers = headersOf(init.headers);
  if (body !== undefined && init.body instanceof URLSearchParams && !('content-type' in headers)) headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  for (let hop = 0; ; hop++) {
    const address = await checkedAddress(url, policy);
    const sent = policy.configuredOrigins?.includes(url.origin) ? { ...headers, ...lowerKeys(policy.configuredHeaders ?? {}) } : headers;
    const response = await send(url, address, { method, headers: sent, body, signal });
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location || init.redirect === 'manual') return toResponse(response, url, policy, signal);
    response.resume();
    if (init.redirect === 'error') throw new OutboundRefused(`The ${policy.purpose} at ${url.origin} redirected, which this request does not allow.`);
    if (hop >= (policy.maxRedirects ?? 5)) throw new OutboundRefused(`The ${policy.purpose} at ${url.origin} redirected more than ${policy.maxRedirects ?? 5} times.`);
    const next = new URL(location, url);
    if (next.origin !== url.origin) headers = Object.fromEntries(Object.entries(headers).filter(([name]) => HARMLESS_HEADERS.has(name)));
    if (response.statusCode === 303 || ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')) {
      method = method === 'HEAD' ? 'HEAD' : 'GET';
      body = undefined;
      delete headers['content-type'];
    }
    url = next;
  }
}

/** The address to connect to for `url`, after every check; throws OutboundRefused otherwise. */
async function checkedAddress(url: URL, policy: OutboundPolicy): Promise<string> {
  const where = `The ${policy.purpose} URL ${url.origin === 'null' ? `${url.protocol}//${url.host}` : url.origin}`;
  if (!policy.schemes.includes(url.protocol)) throw new OutboundRefused(`${where} is not fetched: only ${policy.schemes.join(', ')} URLs are.`);
  if (url.username || url.password) throw new OutboundRefused(`${where} carries a user name or password, which is not sent.`);
  const anyAddress = policy.allowNonPublic || policy.configuredOrigins?.includes(url.origin);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!anyAddress && isLocalHostName(host)) throw new OutboundRefused(refusal(where, host, 'loopback'));
  const addresses = isIP(host) ? [host] : await (policy.resolve ?? resolveAll)(host);
  if (addresses.length === 0) throw new OutboundRefused(`${where} has no address.`);
  if (!anyAddress) {
    for (const address of addresses) {
      const kind = addressKind(address);
      if (kind !== 'public') throw new OutboundRefused(refusal(where, address, kind));
    }
  }
  return addresses[0]!;
}

function refusal(where: string, address: string, kind: AddressKind): string {
  const what = { loopback: 'this computer (loopback)', private: 'a private network', 'link-local': 'a link-local network', reserved: 'a reserved range', public: 'the internet' }[kind];
  return `${where} is not fetched: ${address} is an address on ${what}, which a server's or registry's URL may not reach.`;
}

async function resolveAll(hostname: string): Promise<string[]> {
  return (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
}

/** One request to `address` (already checked): the connection is pinned to it, the host name stays for TLS and Host. */
function send(url: URL, address: string, options: { method: string; headers: Record<string, string>; body: Buffer | undefined; signal: AbortSignal }): Promise<IncomingMessage> {
  const family = isIP(address);
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const requestFn = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = requestFn(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: options.method,
        headers: options.body ? { ...options.headers, 'content-length': String(options.body.length) } : options.headers,
        lookup: pinned,
        signal: options.signal,
      },
      resolve,
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

async function toResponse(message: IncomingMessage, url: URL, policy: OutboundPolicy, signal: AbortSignal): Promise<Response> {
  const declared = Number(message.headers['content-length'] ?? NaN);
  if (declared > policy.maxBytes) {
    message.destroy();
    throw new OutboundRefused(`The ${policy.purpose} at ${url.origin} sent more than ${policy.maxBytes.toLocaleString('en-US')} bytes.`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    const abort = () => message.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal.addEventListener('abort', abort, { once: true });
    message.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > policy.maxBytes) message.destroy(new OutboundRefused(`The ${policy.purpose} at ${url.origin} sent more than ${policy.maxBytes.toLocaleString('en-US')} bytes.`));
      else chunks.push(chunk);
    });
    message.on('end', resolve);
    message.on('error', reject);
    message.on('close', () => signal.removeEventListener('abort', abort));
  });
  const status = message.statusCode ?? 500;
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const nullBody = status === 204 || status === 205 || status === 304;
  const response = new Response(nullBody ? null : Buffer.concat(chunks), { status: status < 200 || status > 599 ? 502 : status, statusText: message.statusMessage, headers });
  Object.defineProperty(response, 'url', { value: url.href });
  return response;
}

function bodyOf(body: RequestInit['body']): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof URLSearchParams) return Buffer.from(String(body));
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new OutboundRefused('This request body type is not supported by the guarded fetch.');
}

function headersOf(headers: RequestInit['headers']): Record<string, string> {
  return lowerKeys(Object.fromEntries(new Headers(headers).entries()));
}

function lowerKeys(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
