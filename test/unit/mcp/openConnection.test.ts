// Opening a connection (mcp/openConnection.ts) against real HTTP fixtures, without a session around it:
// what each request the server receives carries, and which transport a refusal leads to.
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Connection } from '../../../src/mcp/connection';
import { EraMemory } from '../../../src/mcp/eraMemory';
import { maskingLogger } from '../../../src/mcp/logger';
import type { HttpExchange, ProtocolTap } from '../../../src/mcp/protocolTap';
import { openConnection, prepareAndOpen } from '../../../src/mcp/openConnection';
import type { ServerDefinition, StdioTransportConfig } from '../../../src/mcp/serverDefinition';
import { startLegacySseFixture, startStreamableHttpFixture, type HttpFixture, type SeenRequest } from '../../fixtures/servers/httpFixtures';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clientInfo, definition, MemoryLogger, stdio } from '../helpers';
import { watchingTap } from './watchingTap';

describe('Opening a connection', function () {
  this.timeout(30_000);
  const open: Connection[] = [];
  const fixtures: HttpFixture[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    await Promise.all(fixtures.splice(0).map((f) => f.close()));
  });

  async function connect(def: ServerDefinition, logger = new MemoryLogger(), tap?: ProtocolTap, eraMemory?: EraMemory, probeTimeoutMs?: number): Promise<Connection> {
    const connection = await openConnection({ definition: def, logger: maskingLogger(logger, () => []), clientInfo, capabilities: [], tap, eraMemory, probeTimeoutMs });
    open.push(connection);
    return connection;
  }

  it('sends the configured headers with the legacy SSE stream and with every message (type "sse")', async () => {
    const seen: SeenRequest[] = [];
    const fixture = await startLegacySseFixture(seen);
    fixtures.push(fixture);
    const connection = await connect(definition('sse', { type: 'sse', url: fixture.url, headers: { 'X-Api-Key': 'k-1' } }));
    assert.equal(connection.transportKind, 'sse');
    assert.equal((await connection.client.listTools()).tools.length, 9);
    assert.equal(seen[0]?.method, 'GET', 'the stream is opened first');
    assert.ok(seen.some((r) => r.method === 'POST'), 'messages were posted');
    assert.deepEqual(seen.filter((r) => r.header !== 'k-1'), [], 'every request carries the header');
  });

  it('sends the configured headers to a legacy server it falls back to, after a refused Streamable HTTP POST', async () => {
    const seen: SeenRequest[] = [];
    const fixture = await startLegacySseFixture(seen);
    fixtures.push(fixture);
    const connection = await connect(definition('old', { type: 'http', url: fixture.url, headers: { 'X-Api-Key': 'k-2' } }));
    assert.equal(connection.transportKind, 'sse');
    // The Streamable HTTP POSTs (the probe, then initialize) come first, then the legacy stream.
    assert.equal(seen[0]?.method, 'POST');
    assert.ok(seen.findIndex((r) => r.method === 'GET' && r.path === '/sse') > 0, JSON.stringify(seen));
    assert.deepEqual(seen.filter((r) => r.header !== 'k-2'), [], 'every request carries the header');
  });

  it('shows the legacy SSE stream\'s GET in the Protocol view, as it does every POST', async () => {
    const fixture = await startLegacySseFixture();
    fixtures.push(fixture);
    const exchanges: HttpExchange[] = [];
    const tap = watchingTap({ http: (e) => void exchanges.push(e) });
    await connect(definition('sse', { type: 'sse', url: fixture.url, headers: {} }), new MemoryLogger(), tap);
    assert.deepEqual([...new Set(exchanges.map((e) => `${e.method} ${new URL(e.url).pathname} ${e.status}`))], ['GET /sse 200', 'POST /messages 202']);
  });

  // The spec's backwards-compatibility rule: only a 4xx other than 401/403 to the first POST means "an old server".
  for (const [status, fallsBack] of [[400, true], [404, true], [405, true], [499, true], [500, false], [401, false], [403, false], [399, false]] as const) {
    it(`${fallsBack ? 'tries' : 'does not try'} legacy HTTP+SSE after an HTTP ${status} to the first POST`, async () => {
      const seen: string[] = [];
      const server: Server = createServer((req, res) => {
        seen.push(req.method ?? '');
        res.writeHead(status, { 'content-type': 'text/plain' }).end('no');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
        await assert.rejects(connect(definition('refusing', { type: 'http', url, headers: {} })));
        // The legacy transport opens its stream with a GET; Streamable HTTP only POSTs here.
        assert.equal(seen[0], 'POST');
        assert.equal(seen.filter((m) => m === 'GET').length, fallsBack ? 1 : 0, seen.join(', '));
      } finally {
        server.closeAllConnections();
        await new Promise((r) => server.close(r));
      }
    });
  }

  describe('a start that fails before or at the handshake', () => {
    /** What prepareAndOpen() throws when the start's preparation (consent, inputs, OAuth) fails with `failure`. */
    async function preparationFailure(failure: unknown): Promise<unknown> {
      let secrets: readonly string[] = [];
      const def = definition('vaulted', { ...(stdio('fixtureServer') as StdioTransportConfig), env: { API_TOKEN: 's3cret-value' } });
      const inputs = { definition: def, logger: maskingLogger(new MemoryLogger(), () => secrets), clientInfo, prepare: () => Promise.reject(failure) };
      return prepareAndOpen(inputs, undefined, (s) => (secrets = s)).then(() => assert.fail('started'), (e: unknown) => e);
    }

    it('says what the preparation failed with, its secrets masked, keeping its code and the error itself as the cause', async () => {
      const refusal = Object.assign(new Error('the vault refused s3cret-value'), { code: 'EVAULT' });
      const thrown = (await preparationFailure(refusal)) as Error & { code?: unknown };
      assert.equal(thrown.message, 'the vault refused ***');
      assert.equal(thrown.code, 'EVAULT');
      assert.equal(thrown.cause, refusal);
      assert.equal(refusal.message, 'the vault refused s3cret-value', 'the original is left as it was');
    });

    it('says something readable when the preparation fails with nothing at all', async () => {
      const thrown = (await preparationFailure(undefined)) as Error & { code?: unknown };
      assert.equal(thrown.message, 'undefined');
      assert.equal(thrown.code, undefined);
    });

    // (A server that exits at once is started twice: it reads as one that exits on the server/discover probe.)
    for (const [what, mode, failure] of [
      ['speaks no revision of ours', ['version=1999-01-01'], /^The server speaks protocol 1999-01-01; this client supports /],
      ['never answers', ['silent'], /^The server did not answer initialize within 1\.5 s\./],
    ] as const) {
      it(`starts a server that ${what} only once`, async () => {
        const dir = mkdtempSync(join(tmpdir(), 'mcp-open-'));
        try {
          const spawnLog = join(dir, 'spawns.log');
          const def = definition('failing', stdio('misbehavingServer', [...mode, `--spawn-log=${spawnLog}`]), { startTimeoutMs: 1500 });
          const message = await connect(def).then(() => assert.fail('connected'), (e: Error) => e.message);
          assert.match(message, failure);
          assert.equal(readFileSync(spawnLog, 'utf8').split('\n').filter(Boolean).length, 1, 'one process');
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });
    }
  });

  it('names every revision a server remembered as 2025-era now speaks, and starts it again with server/discover', async () => {
    const memory = new EraMemory();
    const def = definition('upgraded', stdio('misbehavingServer', ['upgraded']));
    await memory.remember(def.transport as never, 'legacy');
    const logger = new MemoryLogger();
    const connection = await connect(def, logger, undefined, memory);
    assert.equal(connection.protocolVersion, '2026-07-28');
    assert.ok(logger.lines.includes('info The server no longer accepts 2025-11-25 (it now speaks 2026-07-28, 2027-01-01); starting it again with server/discover.'), logger.lines.join('\n'));
  });

  it('bounds the server/discover probe by its own timeout, not the start budget, until the server said it speaks ours', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-open-'));
    try {
      const spawnLog = join(dir, 'spawns.log');
      // Reads nothing for 1.5 s: a 0.5 s probe misses it, the refused initialize says it speaks 2026-07-28, and
      // the second process's probe waits the start budget (4 s). A probe bounded by the budget would not miss it.
      const def = definition('slow', stdio('fixtureServer', ['--era=modern-only', `--spawn-log=${spawnLog}`, '--slow-start=1500']), { startTimeoutMs: 4000 });
      const connection = await connect(def, new MemoryLogger(), undefined, undefined, 500);
      assert.equal(connection.protocolVersion, '2026-07-28');
      assert.equal(readFileSync(spawnLog, 'utf8').split('\n').filter(Boolean).length, 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a transport failure as context for failures from its moment on, not for earlier ones', async () => {
    const server = await startStreamableHttpFixture();
    const connection = await connect(definition('remote', { type: 'http', url: server.url, headers: {} }));
    await server.close();
    // The failure happens at a known moment: the clock stands still while the request fails.
    const now = Date.now;
    const moment = now();
    Date.now = () => moment;
    try {
      await assert.rejects(connection.client.callTool({ name: 'tool0', arguments: {} }));
    } finally {
      Date.now = now;
    }
    assert.ok(connection.transportErrorSince(moment), 'at its moment');
    assert.equal(connection.transportErrorSince(moment + 1), undefined, 'after it');
  });

  it('gives a server the basic environment (PATH, HOME…) under the variables it configures', async () => {
    const fixture = stdio('fixtureServer') as StdioTransportConfig;
    // A server started by name (npx, uvx) needs PATH, and most need HOME: the shell starts the fixture only when all are there.
    const script = '[ -n "$HOME" ] && [ -n "$PATH" ] && [ "$CONFIGURED" = yes ] || { echo "missing: HOME=$HOME PATH=$PATH CONFIGURED=$CONFIGURED" >&2; exit 9; }; exec "$@"';
    const connection = await connect(definition('env', { type: 'stdio', command: '/bin/sh', args: ['-c', script, 'sh', fixture.command, ...fixture.args], env: { CONFIGURED: 'yes' } }));
    assert.equal(connection.transportKind, 'stdio');
  });

  it('names the command that does not exist, and the working directory that does not', async () => {
    const missing = await connect(definition('missing', { type: 'stdio', command: 'no-such-mcp-server-command', args: [], env: {} })).then(() => assert.fail('connected'), (e: Error) => e.message);
    assert.match(missing, /^Command not found: no-such-mcp-server-command/);
    const nowhere = join(tmpdir(), 'no-such-mcp-folder');
    const lost = await connect(definition('lost', { ...(stdio('fixtureServer') as StdioTransportConfig), cwd: nowhere })).then(() => assert.fail('connected'), (e: Error) => e.message);
    assert.equal(lost, `Invalid configuration: the working directory ${nowhere} does not exist.`);
  });
});
