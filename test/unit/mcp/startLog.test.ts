// What a server's output channel says while it starts and runs, line by line: the command (credentials
// masked), the process id, the server's own stderr at a level that reads right (a banner is info, a
// "fatal:" a warning), what it connected to and over which transport.
import * as assert from 'node:assert/strict';
import type { McpSession } from '../../../src/mcp/session';
import type { StdioTransportConfig } from '../../../src/mcp/serverDefinition';
import { startStreamableHttpFixture, type HttpFixture } from '../../fixtures/servers/httpFixtures';
import { definition, fixture, MemoryLogger, newSession, stdio, textOf, waitForState } from '../helpers';
import { until } from '../../shared/until';
import { watchingTap } from './watchingTap';

describe('What the log says about a start', function () {
  this.timeout(30_000);
  const sessions: McpSession[] = [];
  let http: HttpFixture | undefined;
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
    await http?.close();
    http = undefined;
  });

  it('names the command with its credentials masked, the process, and the connection; stderr banners are info', async () => {
    const logger = new MemoryLogger();
    const transport = { ...stdio('fixtureServer', ['--era=legacy', '--api-key=s3cr3t-value']), env: { API_TOKEN: 'tok-123' } };
    const session = newSession(definition('logged', transport), { logger }, sessions);
    await session.start();
    const lines = logger.lines.filter((l) => !l.startsWith('trace ') && !l.startsWith('debug '));
    assert.equal(lines[0], `info Starting: ${process.execPath} ${fixture('fixtureServer')} --era=legacy --api-key=*** (cwd: ${process.cwd()}, env: API_TOKEN=***)`);
    assert.ok(lines.includes(`info Process started (pid ${session.pid}).`), lines.join('\n'));
    assert.ok(lines.includes(`info [stderr] fixture server (legacy) pid ${session.pid}`), lines.join('\n'));
    assert.ok(lines.includes('info Connected to fixture 1.2.3 over stdio, protocol version 2025-11-25.'), lines.join('\n'));
    assert.ok(!logger.lines.join('\n').includes('s3cr3t-value') && !logger.lines.join('\n').includes('tok-123'));
  });

  it('says "(none)" for an empty environment, and the working directory it was given', async () => {
    const logger = new MemoryLogger();
    const session = newSession(definition('plain', { ...(stdio('fixtureServer', ['--era=legacy']) as StdioTransportConfig), cwd: __dirname }), { logger }, sessions);
    await session.start();
    assert.equal(logger.lines[0], `info Starting: ${process.execPath} ${fixture('fixtureServer')} --era=legacy (cwd: ${__dirname}, env: (none))`);
  });

  it('logs stderr that reads as a problem as a warning, the rest as information', async () => {
    const logger = new MemoryLogger();
    const session = newSession(
      definition('crashy', stdio('fixtureServer', ['--era=legacy', '--crash-after-ms=300'])),
      { logger, restartPolicy: { initialDelayMs: 60_000, maxDelayMs: 60_000, maxCrashes: 5, windowMs: 60_000 } },
      sessions,
    );
    await session.start();
    await waitForState(session, 'error');
    await until('the stderr line', () => logger.lines.some((l) => l.includes('fatal: the fixture crashed')), 5000);
    assert.ok(logger.lines.includes('warn [stderr] fatal: the fixture crashed on purpose'), logger.lines.join('\n'));
    assert.ok(logger.lines.some((l) => /^info \[stderr\] fixture server \(legacy\) pid \d+$/.test(l)));
  });

  it('warns once that a server printed text to stdout, shows each line (masked, then cut at 200 characters), and keeps working', async () => {
    const logger = new MemoryLogger();
    const transport = { ...stdio('fixtureServer', ['--stdout-banner']), env: { API_TOKEN: 'tok-printed-456' } };
    const recorded: string[] = [];
    const session = newSession(definition('printer', transport), { logger, tap: watchingTap({ stdout: (line) => recorded.push(line) }) }, sessions);
    await session.start();
    const pid = await session.callTool({ name: 'pid', arguments: {} });
    assert.equal(textOf(pid), String(session.pid), 'the session works');
    const stray = logger.lines.filter((l) => l.includes('not MCP') || l.includes('not an MCP message'));
    assert.deepEqual(stray, [
      'warn The server wrote a line to stdout that is not an MCP message, and it was dropped: "Fixture server ready on stdio". Over stdio, stdout carries only JSON-RPC messages, one per line: the server must write its logs to stderr. Lines like it are logged below as [stdout, not MCP].',
      `info [stdout, not MCP] API_TOKEN=*** ${'x'.repeat(200 - 'API_TOKEN=*** '.length)}…`,
      'info [stdout, not MCP] {"level":30,"msg":"listening"}',
    ]);
    // The Protocol view gets each line whole, masked like the rest of what it records.
    assert.deepEqual(
      recorded,
      ['Fixture server ready on stdio', `API_TOKEN=*** ${'x'.repeat(300)}`, '{"level":30,"msg":"listening"}'],
    );
  });

  it('logs a protocol error (a response nobody asked for) at debug level, and keeps running', async () => {
    const logger = new MemoryLogger();
    const session = newSession(definition('noisy', stdio('hostileServer')), { logger }, sessions);
    await session.start();
    await session.callTool({ name: 'dupe', arguments: {} });
    await until('the duplicate response', () => logger.lines.some((l) => l.startsWith('debug Transport error: ')), 5000);
    assert.ok(logger.lines.some((l) => /^debug Transport error: .*unknown message ID/i.test(l)), logger.lines.join('\n'));
    assert.equal(session.state.kind, 'running');
  });

  it('names the URL (no query) and the headers (masked) of an HTTP server', async () => {
    http = await startStreamableHttpFixture();
    const logger = new MemoryLogger();
    const session = newSession(definition('remote', { type: 'http', url: `${http.url}?key=abc`, headers: { 'X-Api-Key': 'k-999', Accept: 'application/json, text/event-stream' } }), { logger }, sessions);
    await session.start();
    assert.equal(logger.lines.find((l) => l.startsWith('info Connecting')), `info Connecting to ${http.url}?… (headers: {"X-Api-Key":"***","Accept":"application/json, text/event-stream"})`);
    assert.ok(logger.lines.some((l) => /^info Connected to fixture 1\.2\.3 over http, protocol version /.test(l)), logger.lines.join('\n'));
  });
});
