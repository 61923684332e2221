// An HTTP server diagnosed step by step: the address resolves (DNS), a proxy that applies, the TCP or TLS
// connection (the certificate, when it is refused), the first response's status and content type, then
// auth discovery when the server asks for credentials, and the era probe, capabilities and lists when it
// does not. The configured headers go to the configured URL only; what is shown of them is masked.
// No `vscode` import.
import { lookup } from 'node:dns/promises';
import { connect as netConnect } from 'node:net';
import { connect as tlsConnect, type PeerCertificate } from 'node:tls';
import { LATEST_PROTOCOL_VERSION, SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { redactHeaders, redactUrl } from '../../mcp/redact';
import { startTimeoutOf, type HttpTransportConfig, type ServerDefinition } from '../../mcp/serverDefinition';
import { authDiscoverySteps } from './authChecks';
import { probeProtocol } from './protocolProbe';
import { timed, type Step } from './report';

const CONNECT_TIMEOUT_MS = 10_000;
const BODY_PREVIEW = 600;

/** The proxy settings in force, as the doctor reports them (VS Code's own `http.proxy` is passed in). */
export interface ProxySettings {
  vscodeProxy?: string;
  env: Record<string, string | undefined>;
}

export async function diagnoseHttp(definition: ServerDefinition, config: HttpTransportConfig, proxy: ProxySettings): Promise<Step[]> {
  const steps: Step[] = [];
  let url: URL;
  try {
    url = new URL(config.url);
  } catch {
    return [{ title: 'The URL', status: 'fail', details: [`'${redactUrl(config.url)}' is not a URL.`], fix: 'Fix "url" in the server\'s settings.' }];
  }
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const dns = await timed('DNS', async () => {
    const addresses = await lookup(host, { all: true }).catch((error: NodeJS.ErrnoException) => error);
    if (addresses instanceof Error) return { status: 'fail', details: [`${host} does not resolve: ${addresses.code ?? addresses.message}.`], fix: 'Check the host name in "url", your network, VPN or DNS settings.' };
    return { status: 'ok', details: [`${host} → ${addresses.map((a) => a.address).join(', ')}`] };
  });
  steps.push(dns, await timed('Proxy', async () => proxyStep(url, proxy)));
  if (dns.status === 'fail') return steps;
  const connection = await timed(url.protocol === 'https:' ? 'TLS' : 'TCP connection', () => (url.protocol === 'https:' ? tlsStep(host, port) : tcpStep(host, port)));
  steps.push(connection);
  if (connection.status === 'fail') return steps;
  let status = 0;
  let challenge: string | undefined;
  steps.push(
    await timed('First response: status and content type', async () => {
      const first = config.type === 'sse' ? await firstSseResponse(url, config.headers) : await firstResponse(url, config.headers);
      status = first.status;
      challenge = first.wwwAuthenticate;
      return first.step;
    }),
  );
  steps.push(...(await authDiscoverySteps(url, status, challenge, definition.oauth)));
  if (status === 401 || status === 403) {
    steps.push({ title: 'Era probe (server/discover, then initialize)', status: 'skip', details: ['Not tried: the server wants credentials first.'], fix: 'Sign in (MCP Client: Sign In) or set the Authorization header; the start then uses them.' });
    return steps;
  }
  const transport = config.type === 'sse' ? new SSEClientTransport(url, { requestInit: { headers: config.headers } }) : new StreamableHTTPClientTransport(url, { requestInit: { headers: config.headers } });
  steps.push(...(await probeProtocol(transport, startTimeoutOf(definition))));
  return steps;
}

function proxyStep(url: URL, proxy: ProxySettings): Omit<Step, 'title' | 'ms'> {
  const env = Object.entries(proxy.env).filter(([, v]) => v).map(([k, v]) => `${k}=${redactUrl(v!)}`);
  const noProxy = (proxy.env.NO_PROXY ?? proxy.env.no_proxy ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const bypassed = noProxy.some((entry) => entry === '*' || url.hostname === entry.replace(/^\./, '') || url.hostname.endsWith(entry.startsWith('.') ? entry : `.${entry}`));
  if (!env.length && !proxy.vscodeProxy) return { status: 'ok', details: ['No proxy is configured (neither http.proxy nor HTTP(S)_PROXY): the connection is direct.'] };
  const details = [...(proxy.vscodeProxy ? [`VS Code's http.proxy: ${redactUrl(proxy.vscodeProxy)}`] : []), ...env.map((e) => `Environment: ${e}`)];
  if (bypassed) return { status: 'ok', details: [...details, `${url.hostname} is in NO_PROXY: the connection is direct.`] };
  return { status: 'info', details: [...details, `Requests to ${url.hostname} may go through the proxy.`], fix: 'If the checks below fail to connect, check the proxy (or add the host to NO_PROXY).' };
}

function tcpStep(host: string, port: number): Promise<Omit<Step, 'title' | 'ms'>> {
  return new Promise((resolve) => {
    const socket = netConnect({ host, port, timeout: CONNECT_TIMEOUT_MS });
    socket.once('connect', () => {
      socket.destroy();
      resolve({ status: 'ok', details: [`Connected to ${host}:${port} (plain HTTP, not encrypted).`] });
    });
    const fail = (why: string) => {
      socket.destroy();
      resolve({ status: 'fail', details: [`Cannot connect to ${host}:${port}: ${why}.`], fix: 'Start the server, or fix the port in "url".' });
    };
    socket.once('timeout', () => fail(`no answer in ${CONNECT_TIMEOUT_MS / 1000} s`));
    socket.once('error', (error: NodeJS.ErrnoException) => fail(error.code === 'ECONNREFUSED' ? 'nothing listens there (connection refused)' : (error.code ?? error.message)));
  });
}

function tlsStep(host: string, port: number): Promise<Omit<Step, 'title' | 'ms'>> {
  return new Promise((resolve) => {
    const socket = tlsConnect({ host, port, servername: host, timeout: CONNECT_TIMEOUT_MS, rejectUnauthorized: false });
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate() as PeerCertificate;
      const details = [`${socket.getProtocol() ?? 'TLS'} with ${host}:${port}.`, `Certificate: ${cert.subject?.CN ?? '?'} issued by ${cert.issuer?.O ?? cert.issuer?.CN ?? '?'}, valid until ${cert.valid_to ?? '?'}.`];
      const refused = socket.authorizationError;
      socket.destroy();
      if (!refused) return resolve({ status: 'ok', details });
      resolve({ status: 'fail', details: [...details, `The certificate is refused: ${String(refused)}.`], fix: /SELF_SIGNED|UNABLE_TO_GET_ISSUER|UNABLE_TO_VERIFY/.test(String(refused)) ? "The certificate's issuer is not trusted here: add your organization's CA with NODE_EXTRA_CA_CERTS (VS Code must be started with it), or fix the server's certificate chain." : 'Fix the server\'s certificate (expired, or issued for another name).' });
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve({ status: 'fail', details: [`No TLS answer from ${host}:${port} in ${CONNECT_TIMEOUT_MS / 1000} s.`], fix: 'Check that the server listens with TLS on that port.' });
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve({ status: 'fail', details: [`Cannot connect to ${host}:${port}: ${error.code ?? error.message}.`], fix: 'Start the server, or fix the host and port in "url".' }));
  });
}

/** A legacy HTTP+SSE server is first asked for its event stream (GET), which must name the endpoint for messages. */
async function firstSseResponse(url: URL, headers: Record<string, string>): Promise<{ status: number; wwwAuthenticate?: string; step: Omit<Step, 'title' | 'ms'> }> {
  const response = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' }, redirect: 'manual', signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS) });
  const type = response.headers.get('content-type') ?? '(none)';
  void response.body?.cancel().catch(() => undefined);
  const details = [`GET ${redactUrl(url.toString())} → ${response.status} ${response.statusText}, content type ${type}.`];
  const wwwAuthenticate = response.headers.get('www-authenticate') ?? undefined;
  if (response.status === 200 && type.startsWith('text/event-stream')) return { status: 200, step: { status: 'ok', details } };
  if (response.status === 401) return { status: 401, wwwAuthenticate, step: { status: 'warn', details, fix: 'The server wants credentials: see auth discovery below.' } };
  return { status: response.status, wwwAuthenticate, step: { status: 'fail', details, fix: '"type": "sse" is for old HTTP+SSE servers, whose URL (often ending in /sse) answers GET with an event stream; a current server takes "type": "http".' } };
}

/** One initialize POST as a client's first request, to see how the server answers it; its session is ended after. */
async function firstResponse(url: URL, headers: Record<string, string>): Promise<{ status: number; wwwAuthenticate?: string; step: Omit<Step, 'title' | 'ms'> }> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'mcp-client-vscode-doctor', version: '1' } } });
  const response = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': LATEST_PROTOCOL_VERSION }, body, redirect: 'manual', signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS) });
  const type = response.headers.get('content-type') ?? '(none)';
  const shown = redactHeaders(Object.fromEntries([...response.headers].filter(([name]) => /^(mcp-|www-authenticate|location)/.test(name))));
  const preview = type.startsWith('text/event-stream') ? '' : (await response.text().catch(() => '')).slice(0, BODY_PREVIEW);
  const session = response.headers.get('mcp-session-id');
  if (session) void fetch(url, { method: 'DELETE', headers: { ...headers, 'mcp-session-id': session } }).catch(() => undefined);
  else void response.body?.cancel().catch(() => undefined);
  const details = [`POST ${redactUrl(url.toString())} → ${response.status} ${response.statusText}, content type ${type}.`, ...Object.entries(shown).map(([k, v]) => `${k}: ${v}`)];
  const output = preview ? [preview] : undefined;
  const status = response.status;
  const wwwAuthenticate = response.headers.get('www-authenticate') ?? undefined;
  if (status === 200 && /^(application\/json|text\/event-stream)/.test(type)) return { status, step: { status: 'ok', details } };
  if (status === 200) return { status, step: { status: 'fail', details, output, fix: 'A Streamable HTTP server answers with application/json or text/event-stream; check that "url" is the MCP endpoint (often ending in /mcp).' } };
  if (status === 401) return { status, wwwAuthenticate, step: { status: 'warn', details, output, fix: 'The server wants credentials: see auth discovery below.' } };
  if (status === 403) return { status, wwwAuthenticate, step: { status: 'fail', details, output, fix: 'The credentials were refused: fix the Authorization header or its input, or sign in again.' } };
  if (status >= 300 && status < 400) return { status, step: { status: 'fail', details, fix: 'The server redirects: put the address it redirects to in "url".' } };
  if (status === 404 || status === 405) return { status, step: { status: 'fail', details, output, fix: 'Nothing takes MCP requests at this URL: check the path (often /mcp); an old HTTP+SSE server is reached with "type": "sse" and its /sse URL.' } };
  return { status, step: { status: 'fail', details, output, fix: 'The server failed to answer the first request; its own log says why.' } };
}
