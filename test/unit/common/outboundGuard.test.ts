// The outbound guard (URLs a server or registry wrote), the browser hand-off rules and the OAuth fetch of an
// HTTP server, against real HTTP servers on 127.0.0.1. Loopback is exactly what the guard refuses, so the
// tests that need to reach a fixture say so in the policy (`configuredOrigins`, `allowNonPublic`), as a
// user's own configuration would; a name that resolves to the fixture is made with an injected resolver.
import * as assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serverFetch } from '../../../src/auth/serverFetch';
import { guardedFetch, OutboundRefused, type OutboundPolicy } from '../../../src/common/guardedFetch';
import { checkHandOff } from '../../../src/common/handOffRules';
import { addressKind } from '../../../src/common/netAddress';

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}

async function listen(routes: Record<string, (res: import('node:http').ServerResponse) => void>, seen: Seen[]): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    (routes[req.url ?? ''] ?? ((r) => r.writeHead(404).end()))(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('outbound guard', () => {
  const seenA: Seen[] = [];
  const seenB: Seen[] = [];
  let a: { server: Server; origin: string };
  let b: { server: Server; origin: string };
  const policy = (extra: Partial<OutboundPolicy> = {}): OutboundPolicy => ({ purpose: 'test', schemes: ['http:'], maxBytes: 1000, ...extra });

  before(async () => {
    b = await listen({ '/landing': (res) => res.writeHead(200).end('landed') }, seenB);
    const bAsLocalhost = () => b.origin.replace('127.0.0.1', 'localhost');
    a = await listen(
      {
        '/ok': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
        '/big': (res) => res.writeHead(200).end('x'.repeat(5000)),
        '/to-b': (res) => res.writeHead(302, { location: `${bAsLocalhost()}/landing` }).end(),
        '/to-file': (res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
        '/loop': (res) => res.writeHead(302, { location: '/loop' }).end(),
      },
      seenA,
    );
  });
  after(() => {
    for (const s of [a.server, b.server]) {
      s.closeAllConnections();
      s.close();
    }
  });
  beforeEach(() => {
    seenA.length = 0;
    seenB.length = 0;
  });

  it('classifies addresses: loopback, private, link-local, mapped and NAT64 forms, public', () => {
    const kinds = Object.fromEntries(
      ['127.0.0.1', '::1', '10.1.2.3', '172.31.255.255', '192.168.0.1', '100.64.0.1', 'fd12::1', '169.254.169.254', 'fe80::1', '::ffff:127.0.0.1', '::ffff:a00:1', '64:ff9b::a9fe:a9fe', '0.0.0.0', '::', '224.0.0.1', '8.8.8.8', '2606:4700::1111', 'not-an-ip'].map((ip) => [ip, addressKind(ip)]),
    );
    assert.deepEqual(kinds, {
      '127.0.0.1': 'loopback',
      '::1': 'loopback',
      '10.1.2.3': 'private',
      '172.31.255.255': 'private',
      '192.168.0.1': 'private',
      '100.64.0.1': 'private',
      'fd12::1': 'private',
      '169.254.169.254': 'link-local',
      'fe80::1': 'link-local',
      '::ffff:127.0.0.1': 'loopback',
      '::ffff:a00:1': 'private',
      '64:ff9b::a9fe:a9fe': 'link-local',
      '0.0.0.0': 'reserved',
      '::': 'reserved',
      '224.0.0.1': 'reserved',
      '8.8.8.8': 'public',
      '2606:4700::1111': 'public',
      'not-an-ip': 'reserved',
    });
  });

  it('refuses a loopback origin nobody configured, before any request, and reaches a configured one', async () => {
    await assert.rejects(guardedFetch(`${a.origin}/ok`, {}, policy()), OutboundRefused);
    assert.equal(seenA.length, 0);
    const response = await guardedFetch(`${a.origin}/ok`, {}, policy({ configuredOrigins: [a.origin] }));
    assert.deepEqual(await response.json(), { ok: true });
    assert.equal(response.url, `${a.origin}/ok`);
  });

  it('resolves a name once, checks what it resolved to, and connects to that address', async () => {
    const lookups: string[] = [];
    const port = new URL(a.origin).port;
    // A name no DNS knows: the request can only arrive if the connection used the checked address.
    const resolve = async (host: string) => (lookups.push(host), ['127.0.0.1']);
    await assert.rejects(guardedFetch(`http://icons.example.test:${port}/ok`, {}, policy({ resolve })), /127\.0\.0\.1 is an address on this computer/);
    assert.equal(seenA.length, 0);
    const response = await guardedFetch(`http://icons.example.test:${port}/ok`, {}, policy({ resolve, allowNonPublic: true }));
    assert.equal(response.status, 200);
    assert.deepEqual(lookups, ['icons.example.test', 'icons.example.test'], 'one lookup per request');
    assert.equal(seenA[0]!.headers.host, `icons.example.test:${port}`);
  });

  it('refuses a name when any of its addresses is not public (a rebinding answer)', async () => {
    const resolve = async () => ['93.184.215.14', '10.0.0.7'];
    await assert.rejects(guardedFetch('http://mixed.example.test/ok', {}, policy({ resolve })), /10\.0\.0\.7 is an address on a private network/);
  });

  it('checks every redirect hop and sends configured headers to the configured origin only', async () => {
    const init = { headers: { accept: 'application/json', authorization: 'Bearer caller', 'x-custom': 'caller' } };
    const configured = { configuredOrigins: [a.origin], configuredHeaders: { 'X-Registry-Token': 'secret-token' } };
    await assert.rejects(guardedFetch(`${a.origin}/to-b`, init, policy(configured)), /localhost is an address on this computer/);
    assert.equal(seenB.length, 0, 'the redirect target was not reached');
    assert.equal(seenA[0]!.headers['x-registry-token'], 'secret-token');
    // Where local addresses are allowed, the hop is made, without a header that could carry a credential.
    const response = await guardedFetch(`${a.origin}/to-b`, init, policy({ ...configured, allowNonPublic: true }));
    assert.equal(await response.text(), 'landed');
    assert.equal(seenB.length, 1);
    assert.equal(seenB[0]!.headers['x-registry-token'], undefined);
    assert.equal(seenB[0]!.headers.authorization, undefined);
    assert.equal(seenB[0]!.headers['x-custom'], undefined);
    assert.equal(seenB[0]!.headers.accept, 'application/json');
  });

  it('refuses other schemes (on a redirect too), credentials in the URL, endless redirects and big bodies', async () => {
    const configured = policy({ configuredOrigins: [a.origin] });
    for (const url of ['file:///etc/passwd', 'ftp://example.com/x', 'https://example.com/x']) await assert.rejects(guardedFetch(url, {}, configured), /only http: URLs are/, url);
    await assert.rejects(guardedFetch(`${a.origin}/to-file`, {}, configured), /file:\/\/ is not fetched: only http: URLs are/);
    await assert.rejects(guardedFetch(a.origin.replace('//', '//user:pw@') + '/ok', {}, configured), /carries a user name or password/);
    await assert.rejects(guardedFetch(`${a.origin}/loop`, {}, configured), /redirected more than 5 times/);
    await assert.rejects(guardedFetch(`${a.origin}/big`, {}, configured), /sent more than 1,000 bytes/);
  });
});

describe('browser hand-off rules', () => {
  const web = { purpose: 'sign-in page', schemes: ['https:', 'http:'] };

  it('opens web pages only: never file:, vscode:, command:, search-ms:, javascript: or data:', () => {
    assert.equal(checkHandOff('https://auth.example.com/authorize?x=1', web).ok, true);
    for (const link of ['file:///etc/passwd', 'vscode://vscode.git/clone?url=x', 'command:workbench.action.terminal.new', 'search-ms:query=x&crumb=location:\\\\evil\\share', 'javascript:alert(1)', 'data:text/html,<script>1</script>', 'not a url']) {
      const checked = checkHandOff(link, web);
      assert.equal(checked.ok, false, link);
    }
  });

  it('refuses a disguised host and, unless allowed, this computer and private networks', () => {
    assert.match((checkHandOff('https://bank.example.com@evil.example/', web) as { reason: string }).reason, /user name or password/);
    for (const link of ['http://127.0.0.1:8080/', 'http://localhost/', 'http://[::1]/', 'http://0x7f000001/', 'http://192.168.1.1/admin', 'http://169.254.169.254/']) {
      assert.equal(checkHandOff(link, web).ok, false, link);
      assert.equal(checkHandOff(link, { ...web, allowNonPublic: true }).ok, true, link);
    }
  });
});

describe('the OAuth fetch of an HTTP server', () => {
  const seen: Seen[] = [];
  let meta: { server: Server; origin: string };

  before(async () => {
    meta = await listen({ '/.well-known/oauth-authorization-server': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"issuer":"x"}') }, seen);
  });
  after(() => {
    meta.server.closeAllConnections();
    meta.server.close();
  });

  it('lets a server on this computer name an authorization server here, without the headers configured for the server', async () => {
    seen.length = 0;
    const fetchFn = serverFetch('http://127.0.0.1:1/mcp', { 'X-Api-Key': 'configured-key' });
    const response = await fetchFn(`${meta.origin}/.well-known/oauth-authorization-server`, { headers: { 'X-Api-Key': 'configured-key', accept: 'application/json' } });
    assert.deepEqual(await response.json(), { issuer: 'x' });
    assert.equal(seen[0]!.headers['x-api-key'], undefined);
  });

  it('refuses, for a server on the internet, metadata that points at this computer', async () => {
    seen.length = 0;
    const fetchFn = serverFetch('https://mcp.example.com/mcp', {}, async () => '93.184.215.14');
    const local = meta.origin.replace('http:', 'https:');
    await assert.rejects(fetchFn(`${local}/.well-known/oauth-authorization-server`), /is not fetched: 127\.0\.0\.1 is an address on this computer/);
    await assert.rejects(fetchFn(`${meta.origin}/.well-known/oauth-authorization-server`), /only https: URLs are/);
    assert.equal(seen.length, 0);
  });
});
