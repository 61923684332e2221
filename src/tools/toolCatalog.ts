// Every tool of every configured server, kept current: lists are fetched (all pages) when a server is
// running and someone has asked for tools (the Tools view, Call Tool…, @mcp), and fetched again on
// notifications/tools/list_changed and after restarts. The same shape as the prompt catalog, for tools.
// No `vscode` import: the view, the command, the chat loop and the unit tests share it.
import type { Tool } from '@modelcontextprotocol/client';
import { describeError } from '../mcp/errors';
import { Disposable, Emitter, type IDisposable } from '../mcp/lifecycle';
import type { McpSession } from '../mcp/session';
import type { SessionManager } from '../mcp/sessionManager';

export type ServerToolsStatus = 'stopped' | 'starting' | 'loading' | 'ready' | 'failed';

export interface ServerTools {
  readonly server: string;
  readonly status: ServerToolsStatus;
  readonly tools: readonly Tool[];
  /** Why the server failed or was not started. */
  readonly message?: string;
  /** Stopped on purpose (disabled, untrusted workspace, consent refused): do not start it for the user. */
  readonly heldBack?: boolean;
}

interface Tracked {
  session: McpSession;
  listeners: IDisposable[];
  tools?: readonly Tool[];
  error?: string;
  loading?: Promise<void>;
  /** Bumped on every invalidation, so a list that arrives after a newer change is dropped. */
  generation: number;
}

export class ToolCatalog extends Disposable {
  private readonly tracked = new Map<string, Tracked>();
  private readonly changeEmitter = this._register(new Emitter<void>());
  readonly onDidChange = this.changeEmitter.event;
  private live = false;

  constructor(private readonly manager: Pick<SessionManager, 'entries' | 'onDidChange'>) {
    super();
    this._register(manager.onDidChange(() => this.sync()));
    this._register({ dispose: () => this.tracked.forEach((t) => t.listeners.forEach((l) => l.dispose())) });
    this.sync();
  }

  /** The servers in configuration order (invalid entries left out), with their tools so far. */
  servers(): ServerTools[] {
    return this.manager.entries().flatMap(({ name, session }): ServerTools[] => {
      const t = this.tracked.get(name);
      if (!session || !t) return [];
      const state = session.state;
      switch (state.kind) {
        case 'stopped':
          return [{ server: name, status: 'stopped', tools: [], message: state.reason, heldBack: !!state.reason || session.definition.disabled }];
        case 'starting':
          return [{ server: name, status: 'starting', tools: [] }];
        case 'error':
          return [{ server: name, status: 'failed', tools: [], message: state.message }];
        case 'running':
          if (t.error !== undefined) return [{ server: name, status: 'failed', tools: t.tools ?? [], message: t.error }];
          return [{ server: name, status: t.tools ? 'ready' : 'loading', tools: t.tools ?? [] }];
      }
    });
  }

  find(server: string, tool: string): Tool | undefined {
    return this.tracked.get(server)?.tools?.find((p) => p.name === tool);
  }

  /**
   * Fetches the lists of running servers that have none yet (every list with `refresh`), keeps them
   * current from now on, and resolves when no list is loading any more.
   */
  async load({ refresh = false } = {}): Promise<void> {
    this.live = true;
    for (const t of this.tracked.values()) {
      if (t.session.state.kind !== 'running' || (t.loading && !refresh)) continue;
      // `refresh` asks again even for lists we have: servers on the stateless 2026-07-28 revision
      // cannot tell us about changes between requests. What we have stays shown meanwhile.
      if (refresh || (!t.tools && t.error === undefined)) this.fetch(t);
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
      else if (status === 'starting') waits.push(this.untilSettled(server));
    }
    await Promise.all(waits);
  }

  private pending(): Promise<void>[] {
    return [...this.tracked.values()].flatMap((t) => (t.loading ? [t.loading] : []));
  }

  private untilSettled(server: string): Promise<void> {
    const session = this.tracked.get(server)?.session;
    if (!session) return Promise.resolve();
    return new Promise((resolve) => {
      const listener = session.onDidChangeState((state) => {
        if (state.kind === 'starting') return;
        listener.dispose();
        resolve();
      });
      if (session.state.kind !== 'starting') {
        listener.dispose();
        resolve();
      }
    });
  }

  private sync(): void {
    const current = new Map(this.manager.entries().flatMap((e) => (e.session ? [[e.name, e.session] as const] : [])));
    for (const [name, t] of this.tracked) {
      if (current.get(name) !== t.session) {
        t.listeners.forEach((l) => l.dispose());
        this.tracked.delete(name);
      }
    }
    for (const [name, session] of current) {
      if (this.tracked.has(name)) continue;
      const t: Tracked = { session, listeners: [], generation: 0 };
      t.listeners.push(
        session.onDidChangeState(() => this.invalidate(t, true)),
        session.onNotification((n) => {
          if (n.kind === 'toolsChanged') this.invalidate(t, false);
        }),
      );
      this.tracked.set(name, t);
      if (this.live && session.state.kind === 'running') this.fetch(t);
    }
    this.changeEmitter.fire();
  }

  /** A restart forgets the old list; a list_changed keeps showing it until the new one arrives. */
  private invalidate(t: Tracked, forget: boolean): void {
    t.generation++;
    t.loading = undefined;
    if (forget) {
      t.tools = undefined;
      t.error = undefined;
    }
    if (this.live && t.session.state.kind === 'running') this.fetch(t);
    this.changeEmitter.fire();
  }

  private fetch(t: Tracked): void {
    const generation = ++t.generation;
    const loading = t.session.listTools().then(
      (tools) => {
        if (generation !== t.generation) return;
        t.tools = tools;
        t.error = undefined;
      },
      (error) => {
        if (generation !== t.generation) return;
        t.error = `Could not list tools: ${describeError(error)}`;
      },
    );
    t.loading = loading.finally(() => {
      if (generation !== t.generation) return;
      t.loading = undefined;
      this.changeEmitter.fire();
    });
  }
}
