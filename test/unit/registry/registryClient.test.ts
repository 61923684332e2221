// The registry client against the fixture registry over HTTP on 127.0.0.1: pages, search, versions, and
// every way a registry fails (refused, silent, 503, 401, not a registry) ending in a clear error.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startRegistryFixture, type RegistryFixture } from '../../fixtures/registry/registryFixture';
import { MAX_REGISTRY_RESPONSE_BYTES, normalizeRegistryUrl, RegistryClient, RegistryError } from '../../../src/registry/registryClient';

async function allPages(client: RegistryClient, search?: string): Promise<{ names: string[]; pages: number }> {
  const names: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.list({ search, cursor, limit: 50 });
    names.push(...page.entries.map((e) => e.server.name));
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { names, pages };
}

describe('registry: client', () => {
  let registry: RegistryFixture;
  let client: RegistryClient;

  before(async () => {
    registry = await startRegistryFixture({ pageSize: 4 });
    client = new RegistryClient({ url: registry.url, configuredByUser: true });
  });
  after(() => registry.close());
  afterEach(() => registry.fail('none'));

  it('lists the latest version of every server, page by page, following the opaque cursor', async () => {
    // This test's requests only: the other tests may have run before it.
    const from = registry.requests.length;
    const { names, pages } = await allPages(client);
    assert.equal(names.length, 15, 'fifteen servers, airtable once (its latest)');
    assert.equal(new Set(names).size, 15);
    assert.equal(pages, 4);
    // The cursor holds "/" and ":": it must reach the registry intact.
    const requests = registry.requests.slice(from);
    const cursors = requests.filter((r) => r.includes('cursor=')).map((r) => new URL(r, 'http://x').searchParams.get('cursor'));
    assert.equal(cursors.length, 3, requests.join(', '));
    assert.ok(cursors.every((c) => c && c.includes('/') && c.includes(':')), cursors.join(', '));
    assert.equal(requests.length, 4);
    assert.ok(requests.every((r) => r.includes('version=latest')));
  });

  it('searches server names', async () => {
    const { names } = await allPages(client, 'TIME');
    assert.deepEqual(names.sort(), ['io.github.domdomegg/time-mcp-nuget', 'io.github.domdomegg/time-mcp-pypi', 'io.github.modelcontextprotocol/server-time']);
    assert.deepEqual((await client.list({ search: 'no-such-server' })).entries, []);
  });

  it('reads one version, the latest, and every version of a server', async () => {
    const name = 'io.github.domdomegg/airtable-mcp-server';
    const latest = await client.version(name);
    assert.equal(latest.server.version, '1.7.3');
    assert.equal(latest.isLatest, true);
    assert.equal(latest.status, 'active');
    assert.equal((await client.version(name, '1.7.2')).isLatest, false);
    assert.deepEqual((await client.versions(name)).map((e) => e.server.version), ['1.7.3', '1.7.2']);
  });

  it('sees a newly published version as the latest', async () => {
    const name = 'io.github.microsoft/playwright-mcp';
    const current = (await client.version(name)).server;
    registry.publish({ ...current, version: '0.2.0', packages: [{ registryType: 'npm', identifier: '@playwright/mcp', version: '0.2.0', transport: { type: 'stdio' } }] });
    assert.equal((await client.version(name)).server.version, '0.2.0');
  });

  it('says which server or version is missing', async () => {
    await assert.rejects(client.version('io.github.nobody/nothing'), (e: RegistryError) => {
      assert.equal(e.kind, 'status');
      assert.equal(e.status, 404);
      assert.equal(e.message, `The MCP registry at ${registry.url} answered 404 Not Found: Server not found.`);
      return true;
    });
    await assert.rejects(client.version('io.github.domdomegg/airtable-mcp-server', '9.9.9'), /404 Not Found: Server version not found/);
  });

  it('fails at once, with a reason, when the registry refuses connections or is not there', async () => {
    registry.fail('refuse');
    await assert.rejects(client.list({}), (e: RegistryError) => e.kind === 'unreachable' && e.message.startsWith(`Could not reach the MCP registry at ${registry.url}: `));
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await assert.rejects(new RegistryClient({ url: `http://127.0.0.1:${port}`, configuredByUser: true }).list({}), /Could not reach the MCP registry at http:\/\/127\.0\.0\.1:\d+: nothing answers at that address \(the connection was refused\)\./);
  });

  // Issue 25: offline, the message said "ENOTFOUND"; it says what that means.
  it('says in words that the host name could not be looked up (offline, or a wrong address)', async () => {
    await assert.rejects(new RegistryClient({ url: 'https://registry.invalid', configuredByUser: false }).list({}), (e: RegistryError) => {
      assert.equal(e.kind, 'unreachable');
      assert.equal(e.message, 'Could not reach the MCP registry at https://registry.invalid: its host name could not be looked up. Are you offline, or is the address mistyped?');
      return true;
    });
  });

  it('gives up on a registry that never answers, within its time limit', async () => {
    registry.fail('hang');
    const impatient = new RegistryClient({ url: registry.url, configuredByUser: true, timeoutMs: 300 });
    await assert.rejects(impatient.list({}), (e: RegistryError) => e.kind === 'timeout' && e.message === `The MCP registry at ${registry.url} did not answer within 300 ms.`);
  });

  it('stops when the caller cancels', async () => {
    registry.fail('hang');
    const cancel = new AbortController();
    const listing = client.list({}, cancel.signal);
    cancel.abort();
    await assert.rejects(listing, (e: RegistryError) => e.kind === 'cancelled');
  });

  it('reports an unavailable registry with its own words', async () => {
    registry.fail('unavailable');
    await assert.rejects(client.list({}), /answered 503 Service Unavailable: The registry is down for maintenance\./);
  });

  it('sends the configured headers (a private registry with a token)', async () => {
    const privateRegistry = await startRegistryFixture({ authorization: 'Bearer company-token' });
    try {
      await assert.rejects(new RegistryClient({ url: privateRegistry.url, configuredByUser: true }).list({}), (e: RegistryError) => e.status === 401);
      const page = await new RegistryClient({ url: privateRegistry.url, configuredByUser: true, headers: { Authorization: 'Bearer company-token' } }).list({});
      assert.equal(page.entries.length, 15);
    } finally {
      await privateRegistry.close();
    }
  });

  it('tells a server that is not a registry from one that is', async () => {
    const web = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>'));
    await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
      await assert.rejects(new RegistryClient({ url, configuredByUser: true }).list({}), (e: RegistryError) => e.kind === 'invalid' && e.message.includes(`Is ${url} an MCP registry?`));
    } finally {
      await new Promise<void>((r) => web.close(() => r()));
    }
  });

  it('skips list items that are not server entries instead of failing the page', async () => {
    const odd = createServer((_req, res) =>
      res.end(JSON.stringify({ servers: [{ server: { name: 'a/b', description: 'ok', version: '1.0.0' } }, { server: { description: 'no name' } }, 42], metadata: {} })),
    );
    await new Promise<void>((r) => odd.listen(0, '127.0.0.1', r));
    try {
      const page = await new RegistryClient({ url: `http://127.0.0.1:${(odd.address() as AddressInfo).port}`, configuredByUser: true }).list({});
      assert.deepEqual(page.entries.map((e) => e.server.name), ['a/b']);
      assert.equal(page.skipped, 2);
      assert.equal(page.nextCursor, undefined);
    } finally {
      await new Promise<void>((r) => odd.close(() => r()));
    }
  });

  it('sends the configured headers to no other origin: a redirect elsewhere is not followed to this computer', async () => {
    const seen: string[] = [];
    const elsewhere = createServer((req, res) => (seen.push(String(req.headers['x-registry-token'])), res.end('{"servers":[]}')));
    await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', r));
    const target = `http://localhost:${(elsewhere.address() as AddressInfo).port}`;
    const redirecting = createServer((req, res) => res.writeHead(302, { location: `${target}${req.url}` }).end());
    await new Promise<void>((r) => redirecting.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
      await assert.rejects(new RegistryClient({ url, configuredByUser: true, headers: { 'X-Registry-Token': 'company-token' } }).list({}), (e: RegistryError) => /localhost is an address on this computer/.test(e.message));
      assert.deepEqual(seen, [], 'the redirect target received nothing');
    } finally {
      await Promise.all([redirecting, elsewhere].map((s) => new Promise<void>((r) => s.close(() => r()))));
    }
  });

  it('reads a registry that is not the configured one only on the internet, over https', async () => {
    await assert.rejects(new RegistryClient({ url: registry.url, configuredByUser: false }).list({}), (e: RegistryError) => /only https: URLs are/.test(e.message));
    await assert.rejects(new RegistryClient({ url: registry.url.replace('http:', 'https:'), configuredByUser: false }).list({}), (e: RegistryError) => /127\.0\.0\.1 is an address on this computer/.test(e.message));
  });

  it('stops reading an answer larger than the cap', async () => {
    const huge = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"servers":[');
      const chunk = `${JSON.stringify({ server: { name: 'a/b', description: 'x'.repeat(60_000), version: '1.0.0' } })},`;
      for (let sent = 0; sent <= MAX_REGISTRY_RESPONSE_BYTES; sent += chunk.length) res.write(chunk);
      res.end('{}]}');
    });
    await new Promise<void>((r) => huge.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(huge.address() as AddressInfo).port}`;
      await assert.rejects(new RegistryClient({ url, configuredByUser: true }).list({}), (e: RegistryError) => /sent more than 8,388,608 bytes/.test(e.message));
    } finally {
      huge.closeAllConnections();
      await new Promise<void>((r) => huge.close(() => r()));
    }
  });

  it('takes the base URL with or without the API version, and refuses what is not http(s)', () => {
    assert.equal(normalizeRegistryUrl('https://registry.modelcontextprotocol.io/'), 'https://registry.modelcontextprotocol.io');
    assert.equal(normalizeRegistryUrl('https://mcp.example.com/registry/v0.1/servers'), 'https://mcp.example.com/registry');
    assert.throws(() => normalizeRegistryUrl('ftp://x'), (e: RegistryError) => e.kind === 'setting');
    assert.throws(() => normalizeRegistryUrl('registry'), /is not a URL/);
  });
});
