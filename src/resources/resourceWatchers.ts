// Live updates of open resources: while something watches a resource (the file system provider's
// watch(), i.e. an open editor), its server is asked to report changes (McpSession.subscribeResource),
// and every `notifications/resources/updated` is announced. Subscriptions die with their connection,
// so they are made again whenever a server is running again; the resource is then announced as
// changed too, since it may have changed while we were not listening. No `vscode` import.
import { describeError } from '../mcp/errors';
import { Disposable, Emitter, type IDisposable } from '../mcp/lifecycle';
import type { Logger } from '../mcp/logger';
import type { McpSession, ServerSubscription } from '../mcp/session';
import type { SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import { addressKey } from './resourceDocuments';
import type { ResourceAddress } from './resourceUri';

interface Watched {
  address: ResourceAddress;
  refs: number;
  /** The subscription of the current connection (undefined result: the server offers none). */
  subscription?: Promise<ServerSubscription | undefined>;
}

/** How long to wait before listening again when a server ends a subscription while it keeps running. */
const RESUBSCRIBE_DELAY_MS = 1000;

export class ResourceWatchers extends Disposable {
  private readonly changeEmitter = this._register(new Emitter<ResourceAddress>());
  /** A resource changed: the server said so, or it may have while its server was away. */
  readonly onDidChange = this.changeEmitter.event;
  private readonly watched = new Map<string, Watched>();
  private readonly hooked = new Map<McpSession, IDisposable[]>();

  constructor(
    private readonly manager: SessionManager,
    private readonly loggerFor: (server: string) => Logger | undefined = () => undefined,
  ) {
    super();
    this._register(manager.onDidChange(() => this.hookSessions()));
    this.hookSessions();
  }

  /** Keeps the resource subscribed until every watcher of it is disposed. */
  watch(address: ResourceAddress): IDisposable {
    const key = addressKey(address);
    let entry = this.watched.get(key);
    if (!entry) {
      entry = { address, refs: 0 };
      this.watched.set(key, entry);
      this.subscribe(entry);
    }
    entry.refs++;
    const watched = entry;
    let disposed = false;
    return {
      dispose: () => {
        if (disposed) return;
        disposed = true;
        if (--watched.refs > 0) return;
        this.watched.delete(key);
        this.release(watched);
      },
    };
  }

  /** Whether anything watches the resource (for tests and diagnostics). */
  isWatched(address: ResourceAddress): boolean {
    return this.watched.has(addressKey(address));
  }

  override dispose(): void {
    for (const entry of this.watched.values()) this.release(entry);
    this.watched.clear();
    for (const listeners of this.hooked.values()) for (const l of listeners) l.dispose();
    this.hooked.clear();
    super.dispose();
  }

  private subscribe(entry: Watched): void {
    const { server, uri } = entry.address;
    const session = this.manager.get(server);
    if (!session || !SessionState.isRunning(session.state)) return; // done when it runs (onRunning)
    const attempt = session.subscribeResource(uri).catch((error) => {
      this.loggerFor(server)?.warn(`Could not subscribe to ${uri}: ${describeError(error)}`);
      return undefined;
    });
    entry.subscription = attempt;
    void attempt.then((subscription) => {
      if (!subscription) return;
      if (entry.subscription !== attempt || this.watched.get(addressKey(entry.address)) !== entry) {
        void subscription.dispose();
        return;
      }
      void subscription.ended.then((how) => {
        if (how !== 'lost' || entry.subscription !== attempt) return;
        entry.subscription = undefined;
        // Lost with the connection: onRunning subscribes again. Lost while running (the server
        // closed the stream): listen again shortly, and re-read, since updates may have been missed.
        setTimeout(() => {
          if (entry.subscription || this.watched.get(addressKey(entry.address)) !== entry) return;
          if (this.manager.get(server) !== session || !SessionState.isRunning(session.state)) return;
          this.subscribe(entry);
          this.changeEmitter.fire(entry.address);
        }, RESUBSCRIBE_DELAY_MS);
      });
    });
  }

  private release(entry: Watched): void {
    const attempt = entry.subscription;
    entry.subscription = undefined;
    void attempt?.then((subscription) => subscription?.dispose());
  }

  private hookSessions(): void {
    const current = new Set(this.manager.entries().flatMap((e) => (e.session ? [e.session] : [])));
    for (const [session, listeners] of this.hooked) {
      if (current.has(session)) continue;
      for (const l of listeners) l.dispose();
      this.hooked.delete(session);
    }
    for (const session of current) {
      if (this.hooked.has(session)) continue;
      this.hooked.set(session, [
        session.onNotification((n) => {
          if (n.kind === 'resourceUpdated') this.changeEmitter.fire({ server: session.name, uri: n.uri });
        }),
        session.onDidChangeState((state) => {
          if (SessionState.isRunning(state)) this.onRunning(session);
        }),
      ]);
      if (SessionState.isRunning(session.state)) this.onRunning(session);
    }
  }

  /** A (new) connection: subscriptions of the old one are gone; subscribe again and re-read. */
  private onRunning(session: McpSession): void {
    for (const entry of this.watched.values()) {
      if (entry.address.server !== session.name || this.manager.get(session.name) !== session) continue;
      this.release(entry);
      this.subscribe(entry);
      this.changeEmitter.fire(entry.address);
    }
  }
}
