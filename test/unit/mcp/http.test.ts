import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { redactEnv, redactHeaders } from '../../../src/mcp/redact';
import type { McpSession } from '../../../src/mcp/session';
import { startLegacySseFixture, startStreamableHttpFixture, type HttpFixture } from '../../fixtures/servers/httpFixtures';
import { definition, MemoryLogger, newSession, textOf } from '../helpers';

describe('McpSession over HTTP (127.0.0.1)', function () {
  this.timeout(20_000);
  const sessions: McpSession[] = [];
  const fixtures: HttpFixture[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
    await Promise.all(fixtures.splice(0).map((f) => f.close()));
  });

  it('speaks Streamable HTTP with the 2026-07-28 revision', async () => {
    const fixture = await startStreamableHttpFixture();
    fixtures.push(fixture);
    const session = newSession(definition('remote', { type: 'http', url: fixture.url, headers: { 'X-Test': '1' } }), {}, sessions);
    await session.start();
    assert.deepEqual(session.state, { kind: 'running' });
    assert.equal(session.transportKind, 'http');
    assert.equal(session.pid, undefined, 'no process of ours');
    assert.equal(session.protocolVersion, '2026-07-28');
    const prompt = await session.getPrompt({ name: 'greet', arguments: { name: 'web' } });
    assert.equal(textOf(prompt.messages[0]!), 'Hello, web!');
    assert.equal((await session.listResources()).length, 5);
  });

  it('falls back to legacy HTTP+SSE when the server refuses the Streamable HTTP POST', async () => {
    const fixture = await startLegacySseFixture();
    fixtures.push(fixture);
    const logger = new MemoryLogger();
    const session = newSession(definition('old', { type: 'http', url: fixture.url, headers: {} }), { logger }, sessions);
    await session.start();
    assert.deepEqual(session.state, { kind: 'running' }, logger.lines.join('\n'));
    assert.equal(session.transportKind, 'sse');
    assert.equal(session.protocolVersion, '2024-11-05');
    assert.ok(logger.lines.some((l) => l.includes('trying legacy HTTP+SSE')));
    const prompt = await session.getPrompt({ name: 'greet', arguments: { name: 'sse' } });
    assert.equal(textOf(prompt.messages[0]!), 'Hello, sse!');
  });

  it('uses legacy SSE directly for type "sse"', async () => {
    const fixture = await startLegacySseFixture();
    fixtures.push(fixture);
    const session = newSession(definition('sse', { type: 'sse', url: fixture.url, headers: {} }), {}, sessions);
    await session.start();
    assert.equal(session.transportKind, 'sse');
    assert.equal((await session.listTools()).length, 9);
  });

  it('shows a clear error when nothing listens at the URL', async () => {
    // A port that was just free: not one of fetch's blocked ports (port 9, "discard", fails as "bad port").
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const session = newSession(definition('down', { type: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: {} }), {}, sessions);
    await session.start();
    assert.equal(session.state.kind, 'error');
    assert.equal((session.state as { message: string }).message, `Cannot reach http://127.0.0.1:${port}/mcp: connection refused.`);
  });
});

describe('Secrets in logs', () => {
  it('redacts Authorization-like header values and env values', async () => {
    assert.deepEqual(redactHeaders({ Authorization: 'Bearer abc123', 'X-Api-Key': 'k', Accept: 'text/plain' }), {
      Authorization: 'Bearer ***',
      'X-Api-Key': '***',
      Accept: 'text/plain',
    });
    assert.equal(redactEnv({ GITHUB_TOKEN: 'ghp_secret', DEBUG: '1' }), 'GITHUB_TOKEN=*** DEBUG=***');
  });

  it('never writes a header secret to the server log', async function () {
    this.timeout(10_000);
    const fixture = await startStreamableHttpFixture();
    const logger = new MemoryLogger();
    logger.traceEnabled = true;
    const session = newSession(definition('secret', { type: 'http', url: fixture.url, headers: { Authorization: 'Bearer top-secret-token' } }), { logger });
    try {
      await session.start();
      await session.listTools();
      assert.ok(logger.lines.some((l) => l.includes('Bearer ***')));
      assert.ok(logger.lines.some((l) => l.startsWith('trace →')), 'the protocol trace is written at Trace level');
      assert.ok(!logger.lines.some((l) => l.includes('top-secret-token')));
    } finally {
      await session.shutdown();
      await fixture.close();
    }
  });
});
