// The last known lists of each server (tools, prompts, resources, resource templates), kept across
// windows so pickers and views can show them the moment a window opens, marked as cached, before the
// server has answered. Keyed by a hash of the server's name and definition (definitionKey): a changed
// command, URL or environment is another key, so a changed server never shows another one's lists.
// The 2026-07-28 cache hints are kept with each list: within `ttlMs` the server promised the list is
// current, so it is used without asking again. No `vscode` import: the store is a Memento-like object.
import { createHash } from 'node:crypto';
import { definitionKey, type ServerDefinition } from './serverDefinition';

/** What VS Code's Memento (context.globalState) offers, so plain-Node tests can pass a Map-backed one. */
export interface KeyValueStore {
  keys(): readonly string[];
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export type CatalogKind = 'tools' | 'prompts' | 'resources' | 'resourceTemplates';

/** The `ttlMs` / `cacheScope` a 2026-07-28 server sent with a list (absent on older revisions). */
export interface CacheHint {
  ttlMs?: number;
  cacheScope?: 'public' | 'private';
}

export interface CachedList<T> {
  readonly items: readonly T[];
  /** When the server sent it (ms since the epoch). */
  readonly savedAt: number;
  /** Still within the server's `ttlMs`: current by the server's own word. */
  readonly fresh: boolean;
}

interface StoredList {
  items: unknown[];
  savedAt: number;
  ttlMs?: number;
}

interface StoredCatalog {
  server: string;
  usedAt: number;
  lists: Partial<Record<CatalogKind, StoredList>>;
}

const PREFIX = 'mcpClient.catalog/';
/** The SDK's own cap on a server's ttlMs (MAX_CACHE_TTL_MS): a day. */
const MAX_TTL_MS = 86_400_000;
/** Catalogs of definitions not seen for this long (removed or changed servers) are dropped. */
const UNUSED_FOR_MS = 30 * 86_400_000;
/** A list larger than this (as JSON) is not kept: the store is loaded whole at every window start. */
const MAX_LIST_CHARS = 2_000_000;

export class CatalogStore {
  private readonly touched = new Set<string>();
  /**
   * What was written last, per key, before the store has it: several lists of one server are written at
   * once (resources and templates, tools and prompts), and each write must build on the one before.
   */
  private readonly latest = new Map<string, StoredCatalog | undefined>();
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: KeyValueStore,
    private readonly now: () => number = Date.now,
  ) {}

  read<T>(definition: ServerDefinition, kind: CatalogKind): CachedList<T> | undefined {
    const key = catalogKey(definition);
    const list = this.get(key)?.lists[kind];
    if (!list) return undefined;
    this.touch(key);
    const ttl = Math.min(list.ttlMs ?? 0, MAX_TTL_MS);
    return { items: list.items as T[], savedAt: list.savedAt, fresh: ttl > 0 && this.now() < list.savedAt + ttl };
  }

  /** Keeps a list the server just sent; `ttlMs: 0` lists are kept too (stale at once, still shown as cached). */
  async write<T>(definition: ServerDefinition, kind: CatalogKind, items: readonly T[], hint?: CacheHint): Promise<void> {
    const json = JSON.stringify(items);
    if (json.length > MAX_LIST_CHARS) return this.forget(definition, kind);
    const key = catalogKey(definition);
    const now = this.now();
    const current = this.get(key) ?? { server: definition.name, usedAt: now, lists: {} };
    // The same list again without a ttlMs (a picker refreshing): nothing to write.
    const kept = current.lists[kind];
    if (kept && hint?.ttlMs === undefined && kept.ttlMs === undefined && JSON.stringify(kept.items) === json) return;
    const list: StoredList = { items: [...items], savedAt: now, ...(hint?.ttlMs !== undefined ? { ttlMs: hint.ttlMs } : {}) };
    await this.put(key, { ...current, usedAt: now, lists: { ...current.lists, [kind]: list } });
  }

  async forget(definition: ServerDefinition, kind?: CatalogKind): Promise<void> {
    const key = catalogKey(definition);
    const current = this.get(key);
    if (!current) return;
    if (!kind) return this.put(key, undefined);
    const { [kind]: _dropped, ...lists } = current.lists;
    await this.put(key, { ...current, lists });
  }

  /** Drops the catalogs no configured definition has used for 30 days. */
  async prune(): Promise<void> {
    const cutoff = this.now() - UNUSED_FOR_MS;
    for (const key of this.store.keys()) {
      if (!key.startsWith(PREFIX)) continue;
      const entry = this.get(key);
      if (!entry || entry.usedAt < cutoff) await this.put(key, undefined);
    }
  }

  /** Marks a catalog as used (once per window), so prune() keeps it. */
  private touch(key: string): void {
    if (this.touched.has(key)) return;
    this.touched.add(key);
    const entry = this.get(key);
    if (entry && this.now() - entry.usedAt > 86_400_000) void this.put(key, { ...entry, usedAt: this.now() });
  }

  private get(key: string): StoredCatalog | undefined {
    return this.latest.has(key) ? this.latest.get(key) : this.store.get<StoredCatalog>(key);
  }

  /** Writes in order, each from the latest value, so concurrent writes of one catalog never lose a list. */
  private put(key: string, value: StoredCatalog | undefined): Promise<void> {
    this.latest.set(key, value);
    const write = this.writes.then(() => this.store.update(key, value));
    this.writes = write.then(
      () => undefined,
      () => undefined,
    );
    return write.then(() => {
      if (this.latest.get(key) === value) this.latest.delete(key);
    });
  }
}

/**
 * Keys already computed, per definition object (definitions are replaced, never changed in place). Issue 30:
 * every render of a view read each server's cached lists, hashing its whole definition each time; with
 * 20 servers starting, that canonical JSON and hash was the extension host's largest CPU cost.
 */
const keys = new WeakMap<ServerDefinition, string>();

/** The storage key of a definition's catalog: a hash, so settings values (paths, URLs) are not spelt out in key names. */
export function catalogKey(definition: ServerDefinition): string {
  let key = keys.get(definition);
  if (key === undefined) {
    key = PREFIX + createHash('sha256').update(`${definition.name}\u0000${definitionKey(definition)}`).digest('hex').slice(0, 32);
    keys.set(definition, key);
  }
  return key;
}
