// A server's list (resources) loaded page by page on demand: the tree's "Load more…" and the Find
// quick pick each own one per server. Items are de-duplicated by key, since a server that changes
// its list between two page requests may repeat an item. No `vscode` import.
import { describeError } from '../mcp/errors';
import { Emitter } from '../mcp/lifecycle';
import type { Page } from '../mcp/pagination';

export class PagedList<T> {
  private readonly changeEmitter = new Emitter<void>();
  /** Items were added or replaced, loading started or stopped, or an error occurred. */
  readonly onDidChange = this.changeEmitter.event;
  private _items: T[] = [];
  private keys = new Set<string>();
  private cursor: string | undefined;
  private started = false;
  private _pages = 0;
  private pending: Promise<void> | undefined;
  private _error: string | undefined;
  /** Bumped by reload(), so that a page requested before it is dropped. */
  private generation = 0;

  constructor(
    private readonly fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
    private readonly keyOf: (item: T) => string,
  ) {}

  get items(): readonly T[] {
    return this._items;
  }
  /** Every page has been loaded. */
  get done(): boolean {
    return this.started && this.cursor === undefined;
  }
  get loading(): boolean {
    return this.pending !== undefined;
  }
  get pagesLoaded(): number {
    return this._pages;
  }
  get error(): string | undefined {
    return this._error;
  }

  /** Loads the next page (the first on the first call); concurrent calls share one request. */
  loadNext(): Promise<void> {
    if (this.pending) return this.pending;
    if (this.done) return Promise.resolve();
    const generation = this.generation;
    // After a failed page the cursor is unchanged, so this retries that page.
    const run = this.fetchPage(this.started ? this.cursor : undefined)
      .then((page) => {
        if (generation !== this.generation) return;
        this.started = true;
        this._error = undefined;
        this.cursor = page.nextCursor || undefined;
        this._pages++;
        this.append(page.items);
      })
      .catch((error) => {
        if (generation === this.generation) this._error = describeError(error);
      })
      .finally(() => {
        if (this.pending === run) this.pending = undefined;
        if (generation === this.generation) this.changeEmitter.fire();
      });
    this.pending = run;
    this.changeEmitter.fire();
    return run;
  }

  /**
   * Loads the list again from the first page, up to as many pages as were shown (at least one), and
   * replaces the items only when that worked: the old items stay visible while the new ones load.
   */
  async reload(): Promise<void> {
    const pages = Math.max(1, this._pages);
    const generation = ++this.generation;
    this.pending = undefined;
    const fresh = new PagedList(this.fetchPage, this.keyOf);
    for (let i = 0; i < pages && !fresh.done; i++) {
      await fresh.loadNext();
      if (fresh.error) break;
    }
    if (generation !== this.generation) return;
    if (fresh.error && fresh.pagesLoaded === 0) {
      this._error = fresh.error;
    } else {
      Object.assign(this, { _items: fresh._items, keys: fresh.keys, cursor: fresh.cursor, started: true, _pages: fresh._pages, _error: fresh._error });
    }
    this.changeEmitter.fire();
  }

  dispose(): void {
    this.generation++;
    this.changeEmitter.dispose();
  }

  private append(items: readonly T[]): void {
    for (const item of items) {
      const key = this.keyOf(item);
      if (this.keys.has(key)) continue;
      this.keys.add(key);
      this._items.push(item);
    }
  }
}
