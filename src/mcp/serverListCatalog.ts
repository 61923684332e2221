// Every prompt or tool (or any list a server offers) of every configured server, kept current: a list
// is fetched (all pages) when its server is running and someone has asked, and fetched again on the
// matching list_changed notification and after restarts. Until the first load() nothing is requested,
// so activation costs nothing. With a CatalogStore, what a server listed last time is shown (marked
// `cached`) until it answers, and every list it sends is kept for the next window.
// No `vscode` import: views, pickers, chat and the unit tests share it.
import type { CatalogKind, CatalogStore } from './catalogStore';
import type { ServerNotification } from './connection';
import { describeError } from './errors';
import { Disposable, Emitter, type IDisposable } from './lifecycle';
import type { McpSession } from './session';
import type { SessionManager } from './sessionManager';
import { SessionState } from './sessionState';

/** What a catalog lists: a noun for messages, the notification that invalidates it, and the request. */
export interface ServerListSpec<T> {
  noun: string;
  changed: ServerNotification['kind'];
  list(session: McpSession): Promise<T[]>;
  /** Where the list is kept between windows, and the method whose cache hints (ttlMs) apply to it. */
  kind: CatalogKind;
  method: 'tools/list' | 'prompts/list';
}

export type ServerListStatus = 'stopped' | 'starting' | 'loading' | 'ready' | 'failed';

export interface ServerList<T> {
  readonly server: string;
  readonly status: ServerListStatus;
  readonly items: readonly T[];
  /** Why the server failed or was not started. */
  readonly message?: string;
  /** Stopped on purpose (disabled, untrusted workspace, consent refused): do not start it for the user. */
  readonly heldBack?: boolean;
  /** `items` are what the server listed in an earlier window (at `cachedAt`), not yet confirmed by it. */
  readonly cached?: boolean;
  readonly cachedAt?: number;
}

interface Tracked<T> {
  session: McpSession;
  listeners: IDisposable[];
  items?: readonly T[];
  error?: string;
  loading?: Promise<void>;
  /** Bumped on every invalidation, so a list that arrives after a newer change is dropped. */
  generation: number;
}

export class ServerListCatalog<T extends { name: string }> extends Disposable {
  private readonly tracked = new Map<string, Tracked<T>>();
  private readonly changeEmitter = this._register(new Emitter<void>());
  readonly onDidChange = this.changeEmitter.event;
  private live = false;

  constructor(
    private readonly manager: Pick<SessionManager, 'entries' | 'onDidChange'>,
    private readonly spec: ServerListSpec<T>,
    private readonly catalogStore?: CatalogStore,
  ) {
    super();
    this._register(manager.onDidChange(() => this.sync()));
    this._register({ dispose: () => this.tracked.forEach((t) => t.listeners.forEach((l) => l.dispose())) });
    this.sync();
  }

  /** The servers in configuration order (invalid entries left out), with their items so far. */
  servers(): ServerList<T>[] {
    // Only servers with a session are tracked (sync() keeps it so), which leaves the invalid entries out.
    return this.manager.entries().flatMap(({ name }): ServerList<T>[] => {
      const t = this.tracked.get(name);
      return t ? [this.listOf(name, t)] : [];
    });
  }

  /**
   * One server's list, as servers() has it (undefined when it is not configured or invalid). A view row
   * asks for its own server with this: finding it in servers() made each refresh of a view cost
   * rows × servers (issue 30's profile of a start).
   */
  server(name: string): ServerList<T> | undefined {
    const t = this.tracked.get(name);
    return t ? this.listOf(name, t) : undefined;
  }

  private listOf(name: string, t: Tracked<T>): ServerList<T> {
    const session = t.session;
    const state = session.state;
    // Until the server has answered, the list it gave last time (a held-back server shows none).
    const known = (): Pick<ServerList<T>, 'items' | 'cached' | 'cachedAt'> => {
      if (t.items) return { items: t.items };
      const cached = this.catalogStore?.read<T>(session.definition, this.spec.kind);
      return cached ? { items: cached.items, cached: true, cachedAt: cached.savedAt } : { items: [] };
    };
    switch (state.kind) {
      case 'stopped': {
        const heldBack = SessionState.isHeldBack(state) || session.definition.disabled;
        return { server: name, status: 'stopped', ...(heldBack ? { items: [] } : known()), message: state.reason, heldBack };
      }
      case 'starting':
        return { server: name, status: 'starting', ...known() };
      case 'error':
        return { server: name, status: 'failed', ...known(), message: state.message };
      case 'running':
        if (t.error !== undefined) return { server: name, status: 'failed', ...known(), message: t.error };
        return { server: name, status: t.items ? 'ready' : 'loading', ...known() };
    }
  }

  find(server: string, name: string): T | undefined {
    return this.tracked.get(server)?.items?.find((item) => item.name === name);
  }

  /**
   * Fetches the lists of running servers that have none yet (every list with `refresh`), keeps them
   * current from now on, and resolves when no list is loading any more.
   */
  async load({ refresh = false } = {}): Promise<void> {
    this.live = true;
    for (const t of this.tracked.values()) {
      if (!SessionState.isRunning(t.session.state) || (t.loading && !refresh)) continue;
      // `refresh` asks again even for lists we have: servers on the stateless 2026-07-28 revision
      // cannot tell us about changes between requests. What we have stays shown meanwhile.
      if (!t.items && t.error === undefined && this.adoptFresh(t)) continue;
      if (refresh || (!t.items && t.error === undefined)) this.fetch(t);
    }
    // A list_changed during the wait starts a newer fetch: wait for that one too.
    for (let pending = this.pending(); pending.length; pending = this.pending()) await Promise.all(pending);
  }

  /**
   * Starts the servers that are configured but stopped (not those held back on purpose), `only` one
   * when given, and resolves once none of them is starting any more (running or failed).
   */
  async startStopped(start: (server: string) => Promise<void>, only?: string): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const { server, status, heldBack } of this.servers()) {
      if (only !== undefined && server !== only) continue;
      if (status === 'stopped' && !heldBack) waits.push(start(server).catch(() => undefined));
      // Resolves at once for a server that is not starting (running, failed, held back).
      else waits.push(this.untilSettled(this.tracked.get(server)!.session));
    }
    await Promise.all(waits);
  }

  /** A kept list still within the server's ttlMs is current by its own word: used without asking. */
  private adoptFresh(t: Tracked<T>): boolean {
    const cached = this.catalogStore?.read<T>(t.session.definition, this.spec.kind);
    if (!cached?.fresh) return false;
    t.items = cached.items;
    this.changeEmitter.fire();
    return true;
  }

  private pending(): Promise<void>[] {
    return [...this.tracked.values()].flatMap((t) => (t.loading ? [t.loading] : []));
  }

  private untilSettled(session: McpSession): Promise<void> {
    return new Promise((resolve) => {
      const listener = session.onDidChangeState((state) => {
        if (SessionState.isStarting(state)) return;
        listener.dispose();
        resolve();
      });
      if (!SessionState.isStarting(session.state)) {
        listener.dispose();
        resolve();
      }
    });
  }

  private sync(): void {
    const current = new Map(this.manager.entries().flatMap((e) => (e.session ? [[e.name, e.session] as const] : [])));
    // The manager tells of every state change of every server; the sessions' own events (listened to
    // below) are what change a list, so only a server added or removed is news here.
    let changed = false;
    for (const [name, t] of this.tracked) {
      if (current.get(name) !== t.session) {
        t.listeners.forEach((l) => l.dispose());
        this.tracked.delete(name);
        changed = true;
      }
    }
    for (const [name, session] of current) {
      if (this.tracked.has(name)) continue;
      changed = true;
      const t: Tracked<T> = { session, listeners: [], generation: 0 };
      t.listeners.push(
        session.onDidChangeState(() => this.invalidate(t, true)),
        session.onNotification((n) => {
          if (n.kind === this.spec.changed) this.invalidate(t, false);
        }),
      );
      this.tracked.set(name, t);
      if (this.live && SessionState.isRunning(session.state) && !this.adoptFresh(t)) this.fetch(t);
    }
    if (changed) this.changeEmitter.fire();
  }

  /** A restart forgets the old list; a list_changed keeps showing it until the new one arrives. */
  private invalidate(t: Tracked<T>, forget: boolean): void {
    t.generation++;
    t.loading = undefined;
    if (forget) {
      t.items = undefined;
      t.error = undefined;
    }
    if (this.live && SessionState.isRunning(t.session.state) && !(forget && this.adoptFresh(t))) this.fetch(t);
    this.changeEmitter.fire();
  }

  private fetch(t: Tracked<T>): void {
    const generation = ++t.generation;
    const loading = this.spec.list(t.session).then(
      (items) => {
        if (generation !== t.generation) return;
        t.items = items;
        t.error = undefined;
        void this.catalogStore?.write(t.session.definition, this.spec.kind, items, t.session.cacheHint(this.spec.method));
      },
      (error) => {
        if (generation !== t.generation) return;
        t.error = `Could not list ${this.spec.noun}: ${describeError(error)}`;
      },
    );
    t.loading = loading.finally(() => {
      if (generation !== t.generation) return;
      t.loading = undefined;
      this.changeEmitter.fire();
    });
  }
}
