// Issue 12 defect f: Streamable HTTP sessions that recover. After the server restarts (it forgets our
// session), a new session is started and safe requests are sent again once; with the server gone,
// the session moves to the error state with backoff. Against a real stateful 2025-revision server.
import * as assert from 'node:assert/strict';
import type { Connection } from '../../../src/mcp/connection';
import { McpSession } from '../../../src/mcp/session';
import { SessionState } from '../../../src/mcp/sessionState';
import { startSessionHttpFixture, type SessionHttpFixture } from '../../fixtures/servers/sessionHttpFixture';
import { clientInfo, definition, MemoryLogger, newSession, textOf } from '../helpers';
import { until } from '../../shared/until';

describe('Streamable HTTP session recovery (issue 12 f)', function () {
  this.timeout(30_000);
  const sessions: McpSession[] = [];
  const fixtures: SessionHttpFixture[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
    await Promise.all(fixtures.splice(0).map((f) => f.close()));
  });

  async function connected(staleAnswer: 'notFound' | 'badRequest', logger = new MemoryLogger()) {
    const fixture = await startSessionHttpFixture(staleAnswer);
    fixtures.push(fixture);
    const session = newSession(definition('remote', { type: 'http', url: fixture.url, headers: {} }, { timeoutMs: 5000 }), { logger, restartPolicy: { initialDelayMs: 200, maxDelayMs: 200, maxCrashes: 50, windowMs: 60_000 } }, sessions);
    await session.start();
    assert.equal(session.state.kind, 'running', SessionState.failure(session.state));
    assert.equal(session.protocolVersion, '2025-11-25');
    return { fixture, session };
  }
  const initializes = (f: SessionHttpFixture) => f.methods.filter((m) => m === 'initialize').length;

  /** A request finds the session lost; the session is stopped while the server holds the new session's start. */
  async function stoppedDuringRenewal(fixture: SessionHttpFixture, session: McpSession): Promise<Error | undefined> {
    fixture.restart();
    const hold = fixture.holdNewSessions();
    const listing = session.listTools().then(() => undefined, (e: Error) => e);
    await hold.arrived;
    await session.stop();
    hold.release();
    return listing;
  }

  for (const staleAnswer of ['notFound', 'badRequest'] as const) {
    const status = staleAnswer === 'notFound' ? '404' : '400 "No valid session ID"';
    it(`answered ${status} after a server restart: starts a new session and sends a safe request again once`, async () => {
      const logger = new MemoryLogger();
      const { fixture, session } = await connected(staleAnswer, logger);
      assert.equal(textOf(await session.callTool({ name: 'count', arguments: {} })), '1');
      fixture.restart();
      assert.deepEqual((await session.listTools()).map((t) => t.name), ['count']);
      assert.equal(initializes(fixture), 2, 'one new session');
      assert.equal(session.state.kind, 'running');
      assert.ok(logger.lines.some((l) => l.includes('starting a new session')));
    });

    it(`answered ${status} to a tools/call: starts a new session but does not repeat a call that may have side effects`, async () => {
      const { fixture, session } = await connected(staleAnswer);
      fixture.restart();
      const error = await session.callTool({ name: 'count', arguments: {} }).then(() => undefined, (e: Error) => e);
      assert.match(String(error?.message), /^remote: tools\/call count failed: the server had lost the session \(it may have restarted\); a new session was started, and this request was not repeated/);
      assert.equal(session.state.kind, 'running');
      assert.equal(textOf(await session.callTool({ name: 'count', arguments: {} })), '1', 'the next call runs once, in the new session');
      assert.equal(initializes(fixture), 2);
    });
  }

  it('repeats a tools/call the tool declares idempotent', async () => {
    const { fixture, session } = await connected('notFound');
    const [tool] = await session.listTools();
    fixture.restart();
    const result = await session.callTool({ name: 'count', arguments: {} }, { tool: { ...tool!, annotations: { idempotentHint: true } } });
    assert.equal(textOf(result), '1');
  });

  it('renews a session the server lost twice, once each time', async () => {
    const { fixture, session } = await connected('notFound');
    for (const expected of [2, 3]) {
      fixture.restart();
      assert.deepEqual((await session.listTools()).map((t) => t.name), ['count']);
      assert.equal(initializes(fixture), expected);
    }
  });

  it('ends a 2025 subscription with the session the server lost, so that its owner subscribes again on the new one', async () => {
    const fixture = await startSessionHttpFixture('notFound', { subscriptions: true });
    fixtures.push(fixture);
    const session = newSession(definition('subscribed', { type: 'http', url: fixture.url, headers: {} }, { timeoutMs: 5000 }), {}, sessions);
    await session.start();
    const subscription = (await session.subscribeResource('x://counter'))!;
    const states: string[] = [];
    session.onDidChangeState((s) => states.push(s.kind));
    fixture.restart();
    await session.listTools();
    assert.equal(await subscription.ended, 'lost');
    assert.deepEqual(states, ['running'], 'the new session is announced');
    const again = (await session.subscribeResource('x://counter'))!;
    assert.equal(fixture.subscribed, 2);
    await again.dispose();
    assert.equal(await again.ended, 'disposed');
  });

  it('keeps a session stopped during its renewal stopped: the new session is closed, not kept', async () => {
    const { fixture, session } = await connected('notFound');
    const error = await stoppedDuringRenewal(fixture, session);
    assert.match(String(error?.message), /^remote: tools\/list failed: the server had lost the session and a new one could not be started/);
    assert.equal(initializes(fixture), 2, 'the new session was made');
    assert.deepEqual([session.state.kind, session.serverInfo, session.protocolVersion], ['stopped', undefined, undefined]);
  });

  it('says nothing of a failed renewal after a stop, and does not retry', async () => {
    const logger = new MemoryLogger();
    const { fixture, session } = await connected('notFound', logger);
    fixture.refuseNewSessions();
    assert.ok(await stoppedDuringRenewal(fixture, session));
    assert.equal(session.state.kind, 'stopped');
    assert.ok(!logger.lines.some((l) => l.includes('A new session failed') || l.startsWith('info Restarting')), logger.lines.join('\n'));
  });

  it('answers a request that learns of the lost session after the renewal with the new session, opening no other', async () => {
    // A request whose 404 arrives once the renewal is done asks for a renewal of a connection already replaced.
    class LateAnswers extends McpSession {
      live(): Connection | undefined {
        return this.connection;
      }
      lostSession(stale: Connection): Promise<Connection | undefined> {
        return this.renewSession(stale);
      }
    }
    const fixture = await startSessionHttpFixture('notFound');
    fixtures.push(fixture);
    const session = new LateAnswers({ definition: definition('late', { type: 'http', url: fixture.url, headers: {} }, { timeoutMs: 5000 }), logger: new MemoryLogger(), clientInfo });
    sessions.push(session);
    await session.start();
    const stale = session.live()!;
    fixture.restart();
    await session.listTools();
    const renewed = session.live();
    assert.ok(renewed && renewed !== stale);
    assert.equal(await session.lostSession(stale), renewed);
    assert.equal(initializes(fixture), 2);
  });

  it('says so when the new session fails too, and retries with backoff', async () => {
    const logger = new MemoryLogger();
    const { fixture, session } = await connected('notFound', logger);
    fixture.restart();
    fixture.refuseNewSessions();
    await assert.rejects(session.listTools());
    await until('the error state', () => session.state.kind === 'error', 10_000);
    assert.ok((session.state as { retryInMs?: number }).retryInMs !== undefined, 'a retry is scheduled');
    assert.ok(logger.lines.some((l) => /^error A new session failed: .*503/.test(l)), logger.lines.join('\n'));
  });

  it('moves to the error state with backoff when the server is gone, with one message', async () => {
    const { fixture, session } = await connected('notFound');
    await fixture.close();
    const error = await session.listTools().then(() => undefined, (e: Error) => e);
    assert.match(String(error?.message), /^remote: tools\/list failed: Cannot reach http:\/\/127\.0\.0\.1:\d+\/mcp: connection refused$/);
    await until('the error state', () => session.state.kind === 'error', 10_000);
    const failure = SessionState.failure(session.state)!;
    assert.match(failure, /Cannot reach http:\/\/127\.0\.0\.1:\d+\/mcp: connection refused/);
    assert.ok((session.state as { retryInMs?: number }).retryInMs !== undefined || SessionState.isStarting(session.state), 'a retry is scheduled');
    // The same text never appears twice in one message.
    for (const text of [String(error?.message), failure]) {
      const sentences = text.split(/[:;.] /).filter((p) => p.length > 15);
      assert.equal(new Set(sentences).size, sentences.length, text);
    }
  });
});
