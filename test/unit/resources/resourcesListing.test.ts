// Lazy pagination (PagedList) and live-update watchers (ResourceWatchers) against the resources fixture
// over stdio: pages load one at a time and reload keeps as many as were shown; a watched resource is
// subscribed, announced when it changes, and subscribed again after its server restarts.
import * as assert from 'node:assert/strict';
import type { Resource } from '@modelcontextprotocol/client';
import { McpSession } from '../../../src/mcp/session';
import { SessionManager } from '../../../src/mcp/sessionManager';
import { PagedList } from '../../../src/resources/pagedList';
import type { ResourceAddress } from '../../../src/resources/resourceUri';
import { ResourceWatchers } from '../../../src/resources/resourceWatchers';
import { clientInfo, definition, MemoryLogger, newSession, stdio, textOf } from '../helpers';
import { until } from '../../shared/until';

const COUNTER = 'fixture://live/counter';

describe('resource listing and watching', function () {
  this.timeout(30_000);
  const sessions: McpSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
  });

  it('loads pages on demand, shares concurrent requests, and reloads as many pages as were shown', async () => {
    const session = newSession(definition('pages', stdio('resourcesFixture', ['--resources=250', '--page=100'])), {}, sessions);
    await session.start();
    const list = new PagedList<Resource>((cursor) => session.listResourcesPage(cursor), (r) => r.uri);
    await Promise.all([list.loadNext(), list.loadNext()]);
    assert.equal(list.items.length, 100);
    assert.equal(list.pagesLoaded, 1);
    assert.equal(list.done, false);
    await list.loadNext();
    assert.equal(list.items.length, 200);

    await session.callTool({ name: 'add_resource', arguments: {} });
    await list.reload();
    assert.equal(list.pagesLoaded, 2);
    assert.equal(list.items[0]!.uri, 'fixture://added/0', 'the new resource comes first on the server');
    assert.equal(list.items.length, 200);
    await list.loadNext();
    assert.equal(list.done, true);
    assert.equal(list.items.length, 8 + 1 + 250, 'every resource once');
  });

  it('keeps the error of a failed page and retries that page', async () => {
    let fail = true;
    const list = new PagedList<string>(async (cursor) => {
      if (cursor === 'b' && fail) throw new Error('boom');
      return cursor === undefined ? { items: ['a1', 'a2'], nextCursor: 'b' } : { items: ['b1', 'a2'] };
    }, (s) => s);
    await list.loadNext();
    await list.loadNext();
    assert.equal(list.error, 'boom');
    assert.equal(list.done, false);
    fail = false;
    await list.loadNext();
    assert.equal(list.error, undefined);
    assert.deepEqual(list.items, ['a1', 'a2', 'b1'], 'a repeated item is shown once');
    assert.equal(list.done, true);
  });

  for (const era of ['modern', 'legacy']) {
    it(`announces updates of a watched resource and re-subscribes after a restart (${era})`, async () => {
      const manager = new SessionManager({
        createSession: (d) => new McpSession({ definition: d, logger: new MemoryLogger(), clientInfo, stopTimings: { graceMs: 300, termMs: 300 } }),
        mayStart: async () => true,
      });
      const watchers = new ResourceWatchers(manager);
      try {
        manager.reconcile([{ name: 'live', scope: 'user', definition: definition('live', stdio('resourcesFixture', [`--era=${era}`, '--resources=5'])) }]);
        await until('running', () => manager.get('live')?.state.kind === 'running', 10_000);
        const session = manager.get('live')!;
        const changes: ResourceAddress[] = [];
        watchers.onDidChange((a) => changes.push(a));
        const watch = watchers.watch({ server: 'live', uri: COUNTER });
        const bumpUntilAnnounced = async () => {
          // The subscription is made in the background; bump until the server's update arrives.
          await until('the update to be announced', async () => {
            changes.length = 0;
            await session.callTool({ name: 'bump', arguments: {} });
            await new Promise((r) => setTimeout(r, 100));
            return changes.some((c) => c.uri === COUNTER);
          }, 8000);
        };
        await bumpUntilAnnounced();

        await manager.restart('live');
        await until('running again', () => session.state.kind === 'running', 10_000);
        await bumpUntilAnnounced();

        watch.dispose();
        assert.equal(watchers.isWatched({ server: 'live', uri: COUNTER }), false);
        if (era === 'legacy') {
          await until('unsubscribed', async () => JSON.parse(textOf(await session.callTool({ name: 'stats', arguments: {} }))).subscribed.length === 0, 5000);
        }
      } finally {
        watchers.dispose();
        await manager.shutdown();
      }
    });
  }
});
