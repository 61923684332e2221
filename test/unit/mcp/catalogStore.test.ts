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

  it('drops catalogs unused for 30 days', async () => {
    let now = 0;
    const memory = new MemoryStore();
    const store = new CatalogStore(memory, () => now);
    await store.write(base, 'prompts', [{ name: 'p' }]);
    now = 29 * 86_400_000;
    await store.prune();
    assert.equal(memory.keys().length, 1);
    now = 31 * 86_400_000;
    await store.prune();
    assert.deepEqual(memory.keys().filter((k) => memory.get(k) !== undefined), []);
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
