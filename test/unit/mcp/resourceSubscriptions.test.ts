// McpSession's resource subscriptions against the resources fixture over stdio, on both protocol eras:
// resources/subscribe + unsubscribe (2025) and subscriptions/listen (2026-07-28), list-change listening,
// and a subscription that is lost when its connection goes away. Plus one page versus the whole list.
import * as assert from 'node:assert/strict';
import type { ServerNotification } from '../../../src/mcp/connection';
import type { McpSession } from '../../../src/mcp/session';
import { definition, MemoryLogger, newSession, stdio, textOf } from '../helpers';
import { until } from '../../shared/until';

const COUNTER = 'fixture://live/counter';

function recorder(session: McpSession): ServerNotification[] {
  const seen: ServerNotification[] = [];
  session.onNotification((n) => seen.push(n));
  return seen;
}

async function stats(session: McpSession): Promise<{ listCalls: number; subscribed: string[] }> {
  return JSON.parse(textOf(await session.callTool({ name: 'stats', arguments: {} })));
}

const quietly = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('McpSession resource subscriptions', function () {
  this.timeout(30_000);
  const sessions: McpSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
  });

  const eras: [string, string][] = [
    ['modern', '2026-07-28'],
    ['legacy', '2025-11-25'],
  ];
  for (const [era, version] of eras) {
    it(`subscribes and unsubscribes on ${version}`, async () => {
      const session = newSession(definition('res', stdio('resourcesFixture', [`--era=${era}`, '--resources=10'])), {}, sessions);
      await session.start();
      assert.equal(session.protocolVersion, version);
      const seen = recorder(session);
      const subscription = await session.subscribeResource(COUNTER);
      assert.ok(subscription, 'the fixture offers subscriptions');
      if (era === 'legacy') assert.deepEqual((await stats(session)).subscribed, [COUNTER]);

      await session.callTool({ name: 'bump', arguments: {} });
      await until('the update notification', () => seen.some((n) => n.kind === 'resourceUpdated' && n.uri === COUNTER), 5000);

      await subscription.dispose();
      assert.equal(await subscription.ended, 'disposed');
      if (era === 'legacy') assert.deepEqual((await stats(session)).subscribed, []);
      seen.length = 0;
      await session.callTool({ name: 'bump', arguments: {} });
      await quietly(300);
      assert.deepEqual(seen, [], 'no update after unsubscribing');
    });

    it(`loses the subscription with its connection on ${version}`, async () => {
      const logger = new MemoryLogger();
      const session = newSession(definition('lost', stdio('resourcesFixture', [`--era=${era}`, '--resources=10'])), { logger }, sessions);
      await session.start();
      const subscription = (await session.subscribeResource(COUNTER))!;
      await session.restart();
      assert.equal(await subscription.ended, 'lost');
      await subscription.dispose(); // harmless afterwards: nothing is sent on the old connection
      assert.ok(!logger.lines.some((l) => l.includes('unsubscribe')), logger.lines.join('\n'));
    });
  }

  it('gets list changes on 2026-07-28 (over the connection listen stream) as on 2025 revisions', async () => {
    const modern = newSession(definition('modern', stdio('resourcesFixture', ['--era=modern', '--resources=10'])), {}, sessions);
    const legacy = newSession(definition('legacy', stdio('resourcesFixture', ['--era=legacy', '--resources=10'])), {}, sessions);
    await Promise.all([modern.start(), legacy.start()]);
    for (const session of [modern, legacy]) {
      const seen = recorder(session);
      await session.callTool({ name: 'add_resource', arguments: {} });
      await until(`${session.name}: list_changed`, () => seen.some((n) => n.kind === 'resourcesChanged'), 5000);
    }
  });

  it('serves the first of 10,000 resources in pages of 100 without listing the rest', async () => {
    const session = newSession(definition('big', stdio('resourcesFixture', ['--resources=10000', '--page=100'])), {}, sessions);
    await session.start();
    await session.listResourcesPage('10000'); // warm up (the last page, 8 items), so timings compare like with like
    let started = performance.now();
    const first = await session.listResourcesPage();
    const firstMs = performance.now() - started;
    assert.equal(first.items.length, 100);
    assert.equal(first.nextCursor, '100');
    assert.equal((await stats(session)).listCalls, 2, 'one resources/list request for the first page');
    started = performance.now();
    const all = await session.listResources();
    const allMs = performance.now() - started;
    assert.equal(all.length, 10_008);
    assert.equal((await stats(session)).listCalls, 2 + 101);
    console.log(`      first page ${firstMs.toFixed(1)} ms, all 10,008 resources (101 pages) ${allMs.toFixed(1)} ms`);
  });
});
