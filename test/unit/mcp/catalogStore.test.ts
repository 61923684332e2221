// The catalog store (what each server listed last time, kept between windows) on its own, and through
// the prompt catalog against the real catalog fixture: cached rows before a server answers, none for a
// changed definition, the server's ttlMs honoured, and start on first use in the session manager.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogStore } from '../../../src/mcp/catalogStore';
import { McpSession } from '../../../src/mcp/session';
import type { ServerDefinition } from '../../../src/mcp/serverDefinition';
import { SessionManager } from '../../../src/mcp/sessionManager';
import { buildPickerRows } from '../../../src/prompts/pickerRows';
import { PromptCatalog } from '../../../src/prompts/promptCatalog';
import { until } from '../../shared/until';
import { clientInfo, definition, MemoryLogger, MemoryStore, stdio } from '../helpers';

describe('CatalogStore', () => {
  const base = definition('s', { type: 'stdio', command: 'node', args: ['a.js'], env: {} });

  it('keeps a list per server definition: a changed definition or another name has none', async () => {
    const store = new CatalogStore(new MemoryStore());
    await store.write(base, 'prompts', [{ name: 'p' }]);
    assert.deepEqual(store.read(base, 'prompts')?.items, [{ name: 'p' }]);
    assert.equal(store.read(base, 'tools'), undefined, 'other kinds are separate');
    assert.equal(store.read({ ...base, transport: { ...base.transport, args: ['b.js'] } as ServerDefinition['transport'] }, 'prompts'), undefined);
    assert.equal(store.read({ ...base, name: 't' }, 'prompts'), undefined);
    assert.ok(store.read({ ...base, start: 'onFirstUse' }, 'prompts'), 'the start policy is not part of the identity');
  });

  it('hashes a definition once however often its lists are read (issue 30: every view render did)', async () => {
    // The module object itself, so the count sees what catalogStore.ts calls.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const crypto = require('node:crypto') as typeof import('node:crypto');
    const store = new CatalogStore(new MemoryStore());
    const own = { ...base, name: 'hashed-once' };
    await store.write(own, 'tools', [{ name: 't' }]);
    const createHash = crypto.createHash;
    let hashes = 0;
    crypto.createHash = ((...args: Parameters<typeof createHash>) => (hashes++, createHash(...args))) as typeof createHash;
    try {
      for (let i = 0; i < 100; i++) assert.ok(store.read(own, i % 2 ? 'tools' : 'prompts') || i % 2 === 0);
    } finally {
      crypto.createHash = createHash;
    }
    assert.equal(hashes, 0, `${hashes} hashes for 100 reads of a definition already written`);
    assert.ok(store.read({ ...own, transport: { ...own.transport, args: ['c.js'] } as ServerDefinition['transport'] }, 'tools') === undefined, 'a changed definition is another key');
  });

  it("is fresh within the server's ttlMs, stale after it or without one", async () => {
    let now = 1_000_000;
    const store = new CatalogStore(new MemoryStore(), () => now);
    await store.write(base, 'tools', [{ name: 't' }], { ttlMs: 5000 });
    await store.write(base, 'prompts', [{ name: 'p' }]);
    assert.equal(store.read(base, 'tools')?.fresh, true);
    assert.equal(store.read(base, 'prompts')?.fresh, false, 'no ttlMs: shown as cached, never taken as current');
    now += 5000;
    assert.equal(store.read(base, 'tools')?.fresh, false);
    assert.equal(store.read(base, 'tools')?.savedAt, 1_000_000);
  });

  it('keeps every list when several are written at once to a store that saves later (as a Memento may)', async () => {
    const memory = new MemoryStore();
    const slow = { keys: () => memory.keys(), get: <T>(key: string) => memory.get<T>(key), update: (key: string, value: unknown) => new Promise<void>((resolve) => setImmediate(() => void memory.update(key, value).then(resolve))) };
    const store = new CatalogStore(slow);
    await Promise.all([store.write(base, 'resources', [{ name: 'r' }]), store.write(base, 'resourceTemplates', [{ name: 't' }]), store.write(base, 'tools', [{ name: 'x' }])]);
    const fresh = new CatalogStore(memory);
    assert.deepEqual([fresh.read(base, 'resources')?.items, fresh.read(base, 'resourceTemplates')?.items, fresh.read(base, 'tools')?.items], [[{ name: 'r' }], [{ name: 't' }], [{ name: 'x' }]]);
  });

  const DAY = 86_400_000;

  it('drops catalogs unused for 30 days and leaves every other key in the store alone', async () => {
    let now = 0;
    const memory = new MemoryStore();
    await memory.update('otherExtension.state', { usedAt: 0 });
    await memory.update('mcpClient.era.0123', { era: 'legacy', at: 0 });
    const store = new CatalogStore(memory, () => now);
    await store.write(base, 'prompts', [{ name: 'p' }]);
    const [catalog] = memory.keys().filter((k) => k.startsWith('mcpClient.catalog/'));
    assert.ok(catalog, 'the catalog is stored');
    now = 29 * DAY;
    await store.prune();
    assert.deepEqual([...memory.keys()].sort(), [catalog, 'mcpClient.era.0123', 'otherExtension.state'].sort(), 'used 29 days ago: kept');
    now = 30 * DAY;
    await store.prune();
    assert.ok(memory.keys().includes(catalog), 'used exactly 30 days ago: kept');
    now = 30 * DAY + 1;
    await store.prune();
    assert.deepEqual([...memory.keys()].sort(), ['mcpClient.era.0123', 'otherExtension.state'], 'past 30 days: dropped, nothing else');
    assert.equal(new CatalogStore(memory).read(base, 'prompts'), undefined);
  });

  it('drops a damaged catalog entry instead of failing the prune', async () => {
    const memory = new MemoryStore();
    await memory.update('mcpClient.catalog/damaged', null);
    await new CatalogStore(memory, () => 0).prune();
    assert.deepEqual(memory.keys(), []);
  });

  it('keeps a catalog that is read (a window showing it) past 30 days from its writing, and writes for that at most once a day', async () => {
    let now = 10 * DAY;
    const memory = new MemoryStore();
    await new CatalogStore(memory, () => now).write(base, 'tools', [{ name: 't' }]);
    const writes: string[] = [];
    const counting = { keys: () => memory.keys(), get: <T>(key: string) => memory.get<T>(key), update: (key: string, value: unknown) => (writes.push(key), memory.update(key, value)) };
    /** Lets every write the store has queued reach it. */
    const settled = () => new Promise((resolve) => setImmediate(resolve));

    now = 11 * DAY; // a day after the last use: reading writes nothing
    new CatalogStore(counting, () => now).read(base, 'tools');
    await settled();
    assert.deepEqual(writes, []);
    now = 30 * DAY; // another window reads it twice: one write
    const window = new CatalogStore(counting, () => now);
    window.read(base, 'tools');
    window.read(base, 'tools');
    now = 31 * DAY + 1;
    window.read(base, 'tools');
    await settled();
    assert.equal(writes.length, 1, 'one write per window');
    now = 59 * DAY;
    await new CatalogStore(memory, () => now).prune();
    assert.ok(new CatalogStore(memory, () => now).read(base, 'tools'), 'last used on day 30: kept on day 59');
  });

  it('reads its own latest lists while earlier writes are still being saved', async () => {
    const memory = new MemoryStore();
    const slow = { keys: () => memory.keys(), get: <T>(key: string) => memory.get<T>(key), update: (key: string, value: unknown) => new Promise<void>((resolve) => setImmediate(() => void memory.update(key, value).then(resolve))) };
    const store = new CatalogStore(slow);
    const first = store.write(base, 'tools', [{ name: 't' }]);
    const second = store.write(base, 'prompts', [{ name: 'p' }]);
    await first;
    assert.deepEqual(store.read(base, 'prompts')?.items, [{ name: 'p' }], 'the second list, not yet saved');
    await second;
    assert.deepEqual([store.read(base, 'tools')?.items, store.read(base, 'prompts')?.items], [[{ name: 't' }], [{ name: 'p' }]]);
  });

  it('does not keep a list over 2 MB (as JSON), and drops the older one it would replace', async () => {
    const memory = new MemoryStore();
    const store = new CatalogStore(memory);
    // JSON of ['x…'] is the string's length plus 4 characters.
    const atCap = ['x'.repeat(2_000_000 - 4)];
    await store.write(base, 'resources', atCap);
    assert.equal(store.read(base, 'resources')?.items[0], atCap[0], '2,000,000 characters: kept');
    await store.write(base, 'tools', [{ name: 't' }]);
    await store.write(base, 'resources', ['x'.repeat(2_000_000 - 3)]);
    assert.equal(store.read(base, 'resources'), undefined, 'one character more: not kept, and the old list is gone');
    assert.deepEqual(new CatalogStore(memory).read(base, 'tools')?.items, [{ name: 't' }], 'the other lists stay');
  });

  it('does not rewrite the same list without a ttlMs; a new list, or the same with a ttlMs, restarts its age', async () => {
    let now = 1000;
    const memory = new MemoryStore();
    const writes: string[] = [];
    const counting = { keys: () => memory.keys(), get: <T>(key: string) => memory.get<T>(key), update: (key: string, value: unknown) => (writes.push(key), memory.update(key, value)) };
    const store = new CatalogStore(counting, () => now);
    await store.write(base, 'tools', [{ name: 't' }]);
    now = 2000;
    await store.write(base, 'tools', [{ name: 't' }]);
    assert.equal(store.read(base, 'tools')?.savedAt, 1000, 'the same list again: kept as it was');
    assert.equal(writes.length, 1, 'and not written again');
    await store.write(base, 'tools', [{ name: 't' }, { name: 'u' }]);
    assert.equal(store.read(base, 'tools')?.savedAt, 2000, 'a changed list is saved');
    now = 3000;
    await store.write(base, 'tools', [{ name: 't' }, { name: 'u' }], { ttlMs: 500 });
    assert.deepEqual([store.read(base, 'tools')?.savedAt, store.read(base, 'tools')?.fresh], [3000, true], 'the same list with a ttlMs: fresh from now');
    now = 3400;
    await store.write(base, 'tools', [{ name: 't' }, { name: 'u' }]);
    assert.deepEqual([store.read(base, 'tools')?.savedAt, store.read(base, 'tools')?.fresh], [3400, false], 'the same list, now without a ttlMs: no longer fresh by the old promise');
  });

  it("never takes a list as current beyond a day, whatever ttlMs the server sent", async () => {
    let now = 0;
    const store = new CatalogStore(new MemoryStore(), () => now);
    await store.write(base, 'prompts', [{ name: 'p' }], { ttlMs: 10 * DAY });
    now = DAY - 1;
    assert.equal(store.read(base, 'prompts')?.fresh, true);
    now = DAY;
    assert.equal(store.read(base, 'prompts')?.fresh, false);
  });

  it('forgets one kind of list, or a whole catalog, and creates nothing for a server it never kept', async () => {
    const memory = new MemoryStore();
    const store = new CatalogStore(memory);
    await store.write(base, 'tools', [{ name: 't' }]);
    await store.write(base, 'prompts', [{ name: 'p' }]);
    await store.forget(base, 'tools');
    const reopened = new CatalogStore(memory);
    assert.deepEqual([reopened.read(base, 'tools'), reopened.read(base, 'prompts')?.items], [undefined, [{ name: 'p' }]]);
    await store.forget(base);
    assert.deepEqual(memory.keys(), [], 'the whole catalog is removed from the store');
    await store.forget({ ...base, name: 'never-seen' }, 'tools');
    await store.forget({ ...base, name: 'never-seen' });
    assert.deepEqual(memory.keys(), []);
  });

  it("names catalogs by a hash: no command, argument or URL appears in the store's key names", async () => {
    const memory = new MemoryStore();
    const secretive = definition('s', { type: 'stdio', command: '/home/me/bin/server', args: ['--token=abc123'], env: {} });
    await new CatalogStore(memory).write(secretive, 'tools', [{ name: 't' }]);
    assert.equal(memory.keys().length, 1);
    assert.match(memory.keys()[0]!, /^mcpClient\.catalog\/[0-9a-f]{32}$/);
  });
});

describe('PromptCatalog with a catalog store', function () {
  this.timeout(30_000);
  let manager: SessionManager;
  let catalog: PromptCatalog;
  let dir: string;
  const memory = new MemoryStore();

  const gated = (args: string[] = []) => definition('gated', stdio('catalogFixture', [`--gate=${join(dir, 'gate')}`, ...args]));
  const rowsOf = () => buildPickerRows(catalog.servers(), []).map((r) => (r.kind === 'prompt' ? `${r.label}${r.cached ? ' (cached)' : ''}` : r.label));
  const open = () => require('node:fs').writeFileSync(join(dir, 'gate'), '');

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'catalog-unit-'));
    const newManager = (policy?: 'onFirstUse') =>
      new SessionManager({
        createSession: (d) => new McpSession({ definition: d, logger: new MemoryLogger(), clientInfo, stopTimings: { graceMs: 300, termMs: 300 } }),
        mayStart: async () => true,
        ...(policy ? { startPolicy: () => policy } : {}),
      });
    manager = newManager();
    catalog = new PromptCatalog(manager, new CatalogStore(memory));
  });
  afterEach(async () => {
    open();
    catalog.dispose();
    await manager.shutdown();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the last known prompts, marked cached, while the server has not answered; then the live ones', async () => {
    open();
    manager.reconcile([{ name: 'gated', scope: 'user', definition: gated() }]);
    await until('running', () => manager.get('gated')?.state.kind === 'running', 10_000);
    await catalog.load();
    assert.deepEqual(rowsOf(), ['gated', 'Say hello']);

    // Another window: a new manager and catalog over the same storage, the server holding its handshake.
    catalog.dispose();
    await manager.shutdown();
    rmSync(join(dir, 'gate'));
    manager = new SessionManager({ createSession: (d) => new McpSession({ definition: d, logger: new MemoryLogger(), clientInfo }), mayStart: async () => true });
    catalog = new PromptCatalog(manager, new CatalogStore(memory));
    manager.reconcile([{ name: 'gated', scope: 'user', definition: gated() }]);
    await until('starting', () => manager.get('gated')?.state.kind === 'starting');
    assert.deepEqual(rowsOf(), ['gated', 'Starting gated…', 'Say hello (cached)']);
    open();
    await until('running', () => manager.get('gated')?.state.kind === 'running', 10_000);
    await catalog.load();
    assert.deepEqual(rowsOf(), ['gated', 'Say hello']);
  });

  it("uses a list still within the server's ttlMs without asking again", async () => {
    open();
    const fresh = gated(['--ttl=600000']);
    manager.reconcile([{ name: 'gated', scope: 'user', definition: fresh }]);
    await until('running', () => manager.get('gated')?.state.kind === 'running', 10_000);
    await catalog.load();
    assert.equal(manager.get('gated')?.cacheHint('prompts/list')?.ttlMs, 600000, 'the hint the server sent');
    // Another window over the same storage: a new session, which has sent no list request of its own.
    catalog.dispose();
    await manager.shutdown();
    manager = new SessionManager({ createSession: (d) => new McpSession({ definition: d, logger: new MemoryLogger(), clientInfo }), mayStart: async () => true });
    catalog = new PromptCatalog(manager, new CatalogStore(memory));
    manager.reconcile([{ name: 'gated', scope: 'user', definition: fresh }]);
    await until('running', () => manager.get('gated')?.state.kind === 'running', 10_000);
    await catalog.load({ refresh: true });
    assert.deepEqual(rowsOf(), ['gated', 'Say hello'], 'current, not marked cached');
    assert.equal(manager.get('gated')?.cacheHint('prompts/list'), undefined, 'no prompts/list was sent to the new session');
  });

  it('defers a server set to start on first use, and starts it once when used', async () => {
    const launches = join(dir, 'launches');
    manager = new SessionManager({
      createSession: (d) => new McpSession({ definition: d, logger: new MemoryLogger(), clientInfo }),
      mayStart: async () => true,
      startPolicy: () => 'onFirstUse',
    });
    open();
    manager.reconcile([
      { name: 'lazy', scope: 'user', definition: definition('lazy', stdio('catalogFixture', [`--launches=${launches}`])) },
      { name: 'eager', scope: 'user', definition: definition('eager', stdio('catalogFixture', [`--launches=${launches}x`]), { start: 'atWindowOpen' }) },
    ]);
    await until('eager running', () => manager.get('eager')?.state.kind === 'running', 10_000);
    assert.equal(existsSync(launches), false, 'the lazy one spawned nothing');
    assert.equal(manager.isDeferred('lazy'), true);
    await manager.use('lazy');
    assert.equal(manager.get('lazy')?.state.kind, 'running');
    const atFirstUse = readFileSync(launches, 'utf8').trim().split('\n').length;
    await manager.use('lazy');
    assert.equal(readFileSync(launches, 'utf8').trim().split('\n').length, atFirstUse, 'a second use starts nothing');
    assert.equal(manager.isDeferred('lazy'), false);
  });
});
