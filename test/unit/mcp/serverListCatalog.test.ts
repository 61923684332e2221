// The rules of a server-list catalog (what the prompt and tool pickers, views and chat show), step by
// step: what is asked of a server and when, what is shown meanwhile (the list of last time, a failure,
// nothing for a server held back), and which answers are dropped as stale. Stand-ins drive the states
// and answers (test/unit/mcp/standIns.ts); promptCatalog.test.ts runs the same catalog against fixture servers.
import * as assert from 'node:assert/strict';
import { CatalogStore } from '../../../src/mcp/catalogStore';
import { ServerListCatalog } from '../../../src/mcp/serverListCatalog';
import { MemoryStore } from '../helpers';
import { deferred, StandInManager, StandInSession, standInDefinition } from './standIns';

interface Item {
  name: string;
}

/** A catalog of "things" whose list requests the test answers one by one. */
function setUp(store?: CatalogStore) {
  const manager = new StandInManager();
  const asked: { server: string; answer: ReturnType<typeof deferred<Item[]>> }[] = [];
  const catalog = new ServerListCatalog<Item>(
    manager as never,
    {
      noun: 'things',
      changed: 'promptsChanged',
      kind: 'prompts',
      method: 'prompts/list',
      list: (session) => {
        const answer = deferred<Item[]>();
        asked.push({ server: session.definition.name, answer });
        return answer.promise;
      },
    },
    store,
  );
  let changes = 0;
  catalog.onDidChange(() => changes++);
  const session = (name: string, overrides = {}) => new StandInSession(standInDefinition(name, overrides));
  return { manager, catalog, asked, session, changes: () => changes };
}

const items = (...names: string[]) => names.map((name) => ({ name }));
/** Lets the catalog's promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ServerListCatalog rules', () => {
  it('lists the valid servers in configuration order and asks nothing before the first load', async () => {
    const { manager, catalog, asked, session } = setUp();
    const b = session('b');
    b.set({ kind: 'running' });
    manager.configure([{ name: 'b', session: b }, { name: 'invalid' }, { name: 'a', session: session('a') }]);
    assert.deepEqual(
      catalog.servers().map((s) => [s.server, s.status]),
      [
        ['b', 'loading'],
        ['a', 'stopped'],
      ],
    );
    assert.equal(catalog.server('invalid'), undefined);
    assert.equal(catalog.server('nobody'), undefined);
    assert.equal(asked.length, 0, 'activation costs nothing');
    b.set({ kind: 'running' });
    assert.equal(asked.length, 0, 'a state change before the first load asks nothing either');
  });

  it('loads the running servers once, shows what they listed, and waits for every answer', async () => {
    const { manager, catalog, asked, session, changes } = setUp();
    const [up, down] = [session('up'), session('down')];
    up.set({ kind: 'running' });
    manager.configure([{ name: 'up', session: up }, { name: 'down', session: down }]);
    let loaded = false;
    const load = catalog.load().then(() => (loaded = true));
    assert.deepEqual(asked.map((a) => a.server), ['up'], 'only the running server is asked');
    await settle();
    assert.equal(loaded, false, 'load waits for the answer');
    const before = changes();
    asked[0]!.answer.resolve(items('x', 'y'));
    await load;
    assert.ok(changes() > before, 'the views are told');
    assert.deepEqual(catalog.server('up'), { server: 'up', status: 'ready', items: items('x', 'y') });
    assert.deepEqual(catalog.find('up', 'y'), { name: 'y' });
    assert.equal(catalog.find('up', 'z'), undefined);
    assert.equal(catalog.find('down', 'x'), undefined);
    assert.equal(catalog.find('nobody', 'x'), undefined);
    await catalog.load();
    assert.equal(asked.length, 1, 'a list already known is not asked for again');
    const refresh = catalog.load({ refresh: true });
    assert.equal(asked.length, 2, 'refresh asks again');
    assert.deepEqual(catalog.server('up')?.items, items('x', 'y'), 'what was listed stays shown meanwhile');
    asked[1]!.answer.resolve(items('z'));
    await refresh;
    assert.deepEqual(catalog.server('up')?.items, items('z'));
  });

  it('asks once while a list is on its way, and waits for a newer one that a list_changed started', async () => {
    const { manager, catalog, asked, session } = setUp();
    const s = session('s');
    s.set({ kind: 'running' });
    manager.configure([{ name: 's', session: s }]);
    const first = catalog.load();
    const second = catalog.load();
    assert.equal(asked.length, 1, 'a second load does not ask again while the first answer is awaited');
    s.notify({ kind: 'promptsChanged' });
    assert.equal(asked.length, 2, 'the change asks again');
    asked[0]!.answer.resolve(items('old'));
    await settle();
    assert.equal(catalog.server('s')?.status, 'loading', 'the answer to the older request is dropped');
    let done = false;
    void Promise.all([first, second]).then(() => (done = true));
    await settle();
    assert.equal(done, false, 'load waits for the newer request too');
    asked[1]!.answer.resolve(items('new'));
    await Promise.all([first, second]);
    assert.deepEqual(catalog.server('s')?.items, items('new'));
  });

  it('follows only its own list_changed, keeping the old list shown until the new one arrives', async () => {
    const { manager, catalog, asked, session } = setUp();
    const s = session('s');
    s.set({ kind: 'running' });
    manager.configure([{ name: 's', session: s }]);
    const load = catalog.load();
    asked[0]!.answer.resolve(items('a'));
    await load;
    s.notify({ kind: 'toolsChanged' });
    s.notify({ kind: 'resourceUpdated', uri: 'file:///x' });
    assert.equal(asked.length, 1, "another list's change is not ours");
    s.notify({ kind: 'promptsChanged' });
    assert.equal(asked.length, 2);
    assert.deepEqual(catalog.server('s'), { server: 's', status: 'ready', items: items('a') });
    asked[1]!.answer.resolve(items('a', 'b'));
    await settle();
    await settle();
    assert.deepEqual(catalog.server('s')?.items, items('a', 'b'));
  });

  it('forgets the list on a state change, lists again once running, and asks nothing of a server that is not', async () => {
    const { manager, catalog, asked, session } = setUp();
    const s = session('s');
    s.set({ kind: 'running' });
    manager.configure([{ name: 's', session: s }]);
    const load = catalog.load();
    asked[0]!.answer.resolve(items('a'));
    await load;
    s.set({ kind: 'stopped' });
    assert.deepEqual(catalog.server('s'), { server: 's', status: 'stopped', items: [], message: undefined, heldBack: false });
    s.set({ kind: 'starting' });
    assert.deepEqual(catalog.server('s'), { server: 's', status: 'starting', items: [] });
    s.notify({ kind: 'promptsChanged' });
    assert.equal(asked.length, 1, 'nothing is asked of a server that is not running');
    s.set({ kind: 'running' });
    assert.equal(asked.length, 2, 'running again: listed again');
    assert.equal(catalog.server('s')?.status, 'loading');
  });

  it('shows a failed list with the reason, keeps it on a plain load, and asks again on refresh or a restart', async () => {
    const { manager, catalog, asked, session } = setUp();
    const s = session('s');
    s.set({ kind: 'running' });
    manager.configure([{ name: 's', session: s }]);
    const load = catalog.load();
    asked[0]!.answer.reject(Object.assign(new Error('spawn x ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    await load;
    assert.deepEqual(catalog.server('s'), { server: 's', status: 'failed', items: [], message: 'Could not list things: connection refused (spawn x ECONNREFUSED)' });
    await catalog.load();
    assert.equal(asked.length, 1, 'a failure is not retried by every picker that opens');
    const refresh = catalog.load({ refresh: true });
    assert.equal(asked.length, 2);
    asked[1]!.answer.resolve(items('ok'));
    await refresh;
    assert.deepEqual(catalog.server('s'), { server: 's', status: 'ready', items: items('ok') });
    // A failure, then a restart: the failure is forgotten with the list.
    const again = catalog.load({ refresh: true });
    asked[2]!.answer.reject(new Error('boom'));
    await again;
    assert.equal(catalog.server('s')?.message, 'Could not list things: boom');
    s.set({ kind: 'starting' });
    s.set({ kind: 'running' });
    assert.deepEqual(catalog.server('s'), { server: 's', status: 'loading', items: [] });
    assert.equal(asked.length, 4);
  });

  it('drops a failure that arrives after a newer change', async () => {
    const { manager, catalog, asked, session } = setUp();
    const s = session('s');
    s.set({ kind: 'running' });
    manager.configure([{ name: 's', session: s }]);
    const load = catalog.load();
    s.notify({ kind: 'promptsChanged' });
    asked[0]!.answer.reject(new Error('old failure'));
    await settle();
    assert.equal(catalog.server('s')?.status, 'loading');
    asked[1]!.answer.resolve(items('fine'));
    await load;
    assert.deepEqual(catalog.server('s'), { server: 's', status: 'ready', items: items('fine') });
  });

  it("shows a failed or held-back server's reason, and nothing of a held-back one's old list", async () => {
    const store = new CatalogStore(new MemoryStore());
    const { manager, catalog, session } = setUp(store);
    const [failed, off, disabled, plain] = [session('failed'), session('off'), session('disabled', { disabled: true }), session('plain')];
    for (const s of [failed, off, disabled, plain]) await store.write(s.definition, 'prompts', items('kept'));
    failed.set({ kind: 'error', message: 'The server process exited with code 1.' });
    off.set({ kind: 'stopped', reason: 'Not started: this workspace is not trusted.' });
    manager.configure([failed, off, disabled, plain].map((s) => ({ name: s.definition.name, session: s })));
    const [f, o, d, p] = catalog.servers();
    assert.deepEqual([f!.status, f!.message, f!.items, f!.cached], ['failed', 'The server process exited with code 1.', items('kept'), true]);
    assert.deepEqual(o, { server: 'off', status: 'stopped', items: [], message: 'Not started: this workspace is not trusted.', heldBack: true });
    assert.deepEqual(d, { server: 'disabled', status: 'stopped', items: [], message: undefined, heldBack: true });
    assert.deepEqual([p!.status, p!.items, p!.cached, p!.heldBack], ['stopped', items('kept'), true, false]);
  });

  it('shows the list kept from the last window, with its date, until the server answers, and keeps the answer', async () => {
    let now = 1_000_000;
    const store = new CatalogStore(new MemoryStore(), () => now);
    const { manager, catalog, asked, session } = setUp(store);
    const s = session('s');
    await store.write(s.definition, 'prompts', items('from last time'));
    now += 5000;
    manager.configure([{ name: 's', session: s }]);
    s.set({ kind: 'starting' });
    assert.deepEqual(catalog.server('s'), { server: 's', status: 'starting', items: items('from last time'), cached: true, cachedAt: 1_000_000 });
    s.set({ kind: 'running' });
    const load = catalog.load();
    assert.equal(asked.length, 1, 'a kept list without ttlMs is not current: the server is asked');
    assert.deepEqual(catalog.server('s'), { server: 's', status: 'loading', items: items('from last time'), cached: true, cachedAt: 1_000_000 });
    s.hint = { ttlMs: 60_000 };
    asked[0]!.answer.resolve(items('now'));
    await load;
    assert.deepEqual(catalog.server('s'), { server: 's', status: 'ready', items: items('now') });
    assert.deepEqual(s.hintsAskedFor, ['prompts/list'], "the answer is kept with the server's cache hint for this method");
    assert.deepEqual(store.read(s.definition, 'prompts'), { items: items('now'), savedAt: now, fresh: true });
  });

  it("uses a kept list within the server's ttlMs without asking, on load, on a restart and for a server added later", async () => {
    const now = 1_000_000;
    const store = new CatalogStore(new MemoryStore(), () => now);
    const { manager, catalog, asked, session, changes } = setUp(store);
    const [s, late] = [session('s'), session('late')];
    await store.write(s.definition, 'prompts', items('fresh'), { ttlMs: 60_000 });
    await store.write(late.definition, 'prompts', items('fresh too'), { ttlMs: 60_000 });
    s.set({ kind: 'running' });
    manager.configure([{ name: 's', session: s }]);
    const before = changes();
    await catalog.load();
    assert.equal(asked.length, 0, 'current by the server’s own word');
    assert.ok(changes() > before);
    assert.deepEqual(catalog.server('s'), { server: 's', status: 'ready', items: items('fresh') });
    s.set({ kind: 'starting' });
    s.set({ kind: 'running' });
    assert.equal(asked.length, 0, 'a restart within the ttl asks nothing');
    assert.equal(catalog.server('s')?.status, 'ready');
    s.notify({ kind: 'promptsChanged' });
    assert.equal(asked.length, 1, 'but a list_changed does: the server says the list changed');
    late.set({ kind: 'running' });
    manager.configure([{ name: 's', session: s }, { name: 'late', session: late }]);
    assert.equal(asked.length, 1);
    assert.deepEqual(catalog.server('late')?.items, items('fresh too'));
    // Refresh is the user asking the server itself (a 2026-07-28 server cannot announce changes).
    void catalog.load({ refresh: true });
    assert.deepEqual(asked.map((a) => a.server), ['s', 's', 'late'], 'the list_changed, then the refresh of both');
  });

  it('asks the server again on refresh after a failure, even if a current list was kept meanwhile', async () => {
    const store = new CatalogStore(new MemoryStore());
    const { manager, catalog, asked, session } = setUp(store);
    const s = session('s');
    s.set({ kind: 'running' });
    manager.configure([{ name: 's', session: s }]);
    const load = catalog.load();
    asked[0]!.answer.reject(new Error('boom'));
    await load;
    // Another window's catalog kept the list the server gave it.
    await store.write(s.definition, 'prompts', items('elsewhere'), { ttlMs: 60_000 });
    void catalog.load({ refresh: true });
    assert.equal(asked.length, 2);
  });

  it('lists a running server added after the first load, and lets go of a removed or replaced one', async () => {
    const { manager, catalog, asked, session, changes } = setUp();
    const a = session('a');
    manager.configure([{ name: 'a', session: a }]);
    await catalog.load();
    const b = session('b');
    b.set({ kind: 'running' });
    manager.configure([{ name: 'a', session: a }, { name: 'b', session: b }]);
    assert.deepEqual(asked.map((x) => x.server), ['b']);
    let before = changes();
    manager.poke();
    assert.equal(changes(), before, 'a state change the manager reports is no news to the catalog');
    manager.configure([{ name: 'b', session: b }]);
    assert.ok(changes() > before, 'a server removed is');
    assert.deepEqual(catalog.servers().map((s) => s.server), ['b']);
    a.set({ kind: 'running' });
    assert.equal(asked.length, 1, 'the removed session is no longer followed');
    const b2 = session('b');
    before = changes();
    manager.configure([{ name: 'b', session: b2 }]);
    assert.ok(changes() > before, 'a replaced session is news');
    b.notify({ kind: 'promptsChanged' });
    b.set({ kind: 'running' });
    assert.equal(asked.length, 1, 'the replaced session is no longer followed');
    assert.equal(catalog.server('b')?.status, 'stopped');
    catalog.dispose();
    b2.set({ kind: 'running' });
    assert.equal(asked.length, 1, 'a disposed catalog follows nothing');
  });

  it('starts the stopped servers (only the one named), not those held back, and waits for those starting', async () => {
    const { manager, catalog, session } = setUp();
    const [stopped, other, off, failing, starting, running] = ['stopped', 'other', 'off', 'failing', 'starting', 'running'].map((n) => session(n));
    off!.set({ kind: 'stopped', reason: 'Disabled in settings' });
    starting!.set({ kind: 'starting' });
    running!.set({ kind: 'running' });
    manager.configure([stopped!, other!, off!, failing!, starting!, running!].map((s) => ({ name: s.definition.name, session: s })));
    const started: string[] = [];
    const start = async (name: string) => {
      started.push(name);
      if (name === 'failing') throw new Error('could not start');
    };
    let done = false;
    const all = catalog.startStopped(start).then(() => (done = true));
    assert.deepEqual(started, ['stopped', 'other', 'failing']);
    await settle();
    assert.equal(done, false, 'waits while a server is starting');
    starting!.set({ kind: 'starting' });
    await settle();
    assert.equal(done, false, 'still starting');
    starting!.set({ kind: 'error', message: 'failed' });
    await all;
    started.length = 0;
    await catalog.startStopped(start, 'other');
    assert.deepEqual(started, ['other']);
    started.length = 0;
    await catalog.startStopped(start, 'running');
    assert.deepEqual(started, [], 'a running server is not started');
  });

  it('does not wait for a server that stopped starting before it was asked to wait', async () => {
    const { manager, catalog, session } = setUp();
    const [first, s] = [session('first'), session('s')];
    s.set({ kind: 'starting' });
    manager.configure([{ name: 'first', session: first }, { name: 's', session: s }]);
    // Settled while the first server was being started, with no event the catalog could still hear.
    await catalog.startStopped(async () => void (s.state = { kind: 'running' }));
  });
});
