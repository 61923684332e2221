// Stand-ins for a session and the session manager, for the bookkeeping around them (the session
// manager's reconciling and start rules, the server-list catalogs): states, list_changed notifications and list answers are driven by the test, one
// step at a time, so each rule (what is asked when, what is shown meanwhile) is checked without starting
// a server. The protocol itself is never imitated here: the tests that start fixture servers cover it.
import type { CacheHint } from '../../../src/mcp/catalogStore';
import type { ServerNotification } from '../../../src/mcp/connection';
import { Emitter } from '../../../src/mcp/lifecycle';
import type { ServerDefinition } from '../../../src/mcp/serverDefinition';
import type { SessionState } from '../../../src/mcp/sessionState';

export class StandInSession {
  state: SessionState = { kind: 'stopped' };
  private readonly stateEmitter = new Emitter<SessionState>();
  private readonly notificationEmitter = new Emitter<ServerNotification>();
  readonly onDidChangeState = this.stateEmitter.event;
  readonly onNotification = this.notificationEmitter.event;
  /** The methods whose cache hint was asked for, in order. */
  readonly hintsAskedFor: string[] = [];
  hint: CacheHint | undefined;

  constructor(readonly definition: ServerDefinition) {}

  cacheHint(method: string): CacheHint | undefined {
    this.hintsAskedFor.push(method);
    return this.hint;
  }

  /** What the manager asked of the session, in order ("start", "stop: <reason>", "shutdown", "log: <level>", "roots"). */
  readonly calls: string[] = [];
  /** When set, start() fails with it. */
  startFailure: Error | undefined;
  /** When set, start() stays "starting" until finishStart(). */
  holdStart = false;
  private release: (() => void) | undefined;

  async start(): Promise<void> {
    this.calls.push('start');
    if (this.startFailure) throw this.startFailure;
    this.set({ kind: 'starting' });
    if (this.holdStart) await new Promise<void>((resolve) => (this.release = resolve));
    this.set({ kind: 'running' });
  }

  finishStart(): void {
    this.release?.();
  }

  async stop(reason?: string): Promise<void> {
    this.calls.push(reason ? `stop: ${reason}` : 'stop');
    this.set(reason ? { kind: 'stopped', reason } : { kind: 'stopped' });
  }

  async shutdown(): Promise<void> {
    this.calls.push('shutdown');
    this.set({ kind: 'stopped' });
  }

  async setLogLevel(level: string): Promise<void> {
    this.calls.push(`log: ${level}`);
  }

  async notifyRootsChanged(): Promise<void> {
    this.calls.push('roots');
  }

  set(state: SessionState): void {
    this.state = state;
    this.stateEmitter.fire(state);
  }

  notify(notification: ServerNotification): void {
    this.notificationEmitter.fire(notification);
  }
}

export class StandInManager {
  private readonly changeEmitter = new Emitter<void>();
  readonly onDidChange = this.changeEmitter.event;
  private list: { name: string; scope: 'user'; session?: StandInSession }[] = [];

  /** Replaces the configured servers (an entry without a session is an invalid one) and tells the listeners. */
  configure(entries: { name: string; session?: StandInSession }[]): void {
    this.list = entries.map((e) => ({ ...e, scope: 'user' }));
    this.changeEmitter.fire();
  }

  /** A session changed state: the manager tells its listeners, with no server added or removed. */
  poke(): void {
    this.changeEmitter.fire();
  }

  entries() {
    return this.list;
  }
}

/** A promise the test settles when it wants. */
export function deferred<T>(): { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

export function standInDefinition(name: string, overrides: Partial<ServerDefinition> = {}): ServerDefinition {
  return { name, scope: 'user', transport: { type: 'stdio', command: 'stand-in', args: [], env: {} }, timeoutMs: 10_000, roots: true, autoStart: true, disabled: false, ...overrides };
}
