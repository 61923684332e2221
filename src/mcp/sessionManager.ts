// name → session. Reconciles with the configuration: added servers start, removed ones stop,
// changed ones restart, untouched ones are left alone. Servers start in parallel, in the background.
import { describeError } from './errors';
import { Disposable, Emitter, type IDisposable } from './lifecycle';
import type { McpLogLevel } from './logger';
import type { McpSession } from './session';
import { definitionKey, TURNED_OFF_REASONS, type ServerDefinition, type ServerScope, type StartPolicy } from './serverDefinition';
import { SessionState } from './sessionState';

/** One entry of the configuration: a valid definition, or the error that explains why not. */
export interface ConfiguredServer {
  name: string;
  scope: ServerScope;
  definition?: ServerDefinition;
  error?: string;
}

export interface ServerEntry {
  readonly name: string;
  readonly scope: ServerScope;
  readonly configError?: string;
  readonly session?: McpSession;
  /** Waits for its first use (start policy `onFirstUse`). */
  readonly deferred?: boolean;
}

export interface SessionManagerOptions {
  createSession(definition: ServerDefinition): McpSession;
  /**
   * Whether a server may start now (trust, consent): true, or the reason it may not.
   * `userAction` is true when the user asked for this start, false for automatic starts.
   */
  mayStart(definition: ServerDefinition, userAction: boolean): Promise<true | string>;
  /** The global start policy, for servers whose definition does not name one (default: at window open). */
  startPolicy?(): StartPolicy;
}

interface Entry {
  name: string;
  scope: ServerScope;
  key: string;
  configError?: string;
  session?: McpSession;
  listeners: IDisposable[];
  /** Waits for its first use (start policy `onFirstUse`): not started yet, and nobody has asked. */
  deferred?: boolean;
}

export class SessionManager extends Disposable {
  private readonly entriesByName = new Map<string, Entry>();
  private readonly changeEmitter = this._register(new Emitter<void>());
  /** Servers were added, removed or changed, or a session changed state. */
  readonly onDidChange = this.changeEmitter.event;

  constructor(private readonly options: SessionManagerOptions) {
    super();
  }

  entries(): ServerEntry[] {
    return [...this.entriesByName.values()].map(({ name, scope, configError, session, deferred }) => ({ name, scope, configError, session, ...(deferred ? { deferred } : {}) }));
  }

  get(name: string): McpSession | undefined {
    return this.entriesByName.get(name)?.session;
  }

  /** Configured to start on first use, and not used yet. */
  isDeferred(name: string): boolean {
    return !!this.entriesByName.get(name)?.deferred;
  }

  /**
   * First use: starts the servers that wait for it (`only` those named, when given), in parallel, and
   * resolves once each has started or failed. Servers that are already running cost nothing.
   */
  async startDeferred(only?: readonly string[]): Promise<void> {
    const waiting = [...this.entriesByName.values()].filter((e) => e.deferred && (!only || only.includes(e.name)));
    await Promise.all(waiting.map((e) => this.start(e.name, false).catch((error) => console.error(`MCP Client: starting ${e.name} failed`, describeError(error)))));
  }

  reconcile(servers: ConfiguredServer[]): void {
    const wanted = new Map(servers.map((s) => [s.name, s]));
    let changed = false;
    for (const [name, entry] of this.entriesByName) {
      if (!wanted.has(name)) {
        this.remove(entry);
        changed = true;
      }
    }
    for (const server of servers) {
      const key = server.definition ? definitionKey(server.definition) : `error:${server.error}`;
      const existing = this.entriesByName.get(server.name);
      if (existing?.key === key) continue;
      const wasRunning = !!existing?.session && SessionState.isRunning(existing.session.state);
      if (existing) this.remove(existing);
      this.add(server, key, wasRunning);
      changed = true;
    }
    // Settings are read again on every change of any setting of ours: when no server changed, the views
    // (and every catalog) must not be told to redraw.
    if (changed) this.changeEmitter.fire();
  }

  /** First use of one server: starts it if it waits for that, and waits while it is starting. */
  async use(name: string): Promise<void> {
    await this.startDeferred([name]);
    const session = this.get(name);
    if (!session || !SessionState.isStarting(session.state)) return;
    await new Promise<void>((resolve) => {
      const listener = session.onDidChangeState((state) => {
        if (SessionState.isStarting(state)) return;
        listener.dispose();
        resolve();
      });
    });
  }

  /** Starts a server after the trust/consent check; `userAction` false for automatic starts. */
  async start(name: string, userAction = true): Promise<void> {
    const entry = this.entriesByName.get(name);
    const session = entry?.session;
    if (!entry || !session) return;
    entry.deferred = false;
    const verdict = await this.mayStart(name, userAction);
    if (verdict !== true) {
      await session.stop(verdict);
      return;
    }
    await session.start();
  }

  /**
   * Whether `name` may run now, by the same rules as a start (its settings, Workspace Trust, consent, which
   * may ask the user): true, or why not. Anything that runs a server's command (the connection doctor) asks here.
   */
  async mayStart(name: string, userAction = true): Promise<true | string> {
    const session = this.get(name);
    if (!session) return `No server named '${name}' is configured.`;
    return heldBackBySettings(session.definition) ?? (await this.options.mayStart(session.definition, userAction));
  }

  async stop(name: string): Promise<void> {
    await this.get(name)?.stop();
  }

  async restart(name: string): Promise<void> {
    const session = this.get(name);
    if (!session) return;
    await session.stop();
    await this.start(name);
  }

  setLogLevel(level: McpLogLevel): void {
    for (const { session } of this.entriesByName.values()) void session?.setLogLevel(level);
  }

  notifyRootsChanged(): void {
    for (const { session } of this.entriesByName.values()) void session?.notifyRootsChanged();
  }

  /** Stops every server and waits for all of them; what deactivate() awaits. */
  async shutdown(): Promise<void> {
    const entries = [...this.entriesByName.values()];
    this.entriesByName.clear();
    await Promise.all(entries.map((e) => this.disposeEntry(e)));
    this.dispose();
  }

  private add(server: ConfiguredServer, key: string, wasRunning: boolean): void {
    const entry: Entry = { name: server.name, scope: server.scope, key, configError: server.error, listeners: [] };
    this.entriesByName.set(server.name, entry);
    const def = server.definition;
    if (!def) return;
    const session = this.options.createSession(def);
    entry.session = session;
    entry.listeners.push(session.onDidChangeState(() => this.changeEmitter.fire()));
    const heldBy = heldBackBySettings(def);
    if (heldBy) {
      void session.stop(heldBy);
    } else if (def.autoStart && !wasRunning && (def.start ?? this.options.startPolicy?.() ?? 'atWindowOpen') === 'onFirstUse') {
      // Nothing runs until a picker, the chat or a command needs it; the catalog store shows its lists meanwhile.
      entry.deferred = true;
    } else if (def.autoStart || wasRunning) {
      // In the background: activation and configuration changes never wait for a server.
      this.start(def.name, false).catch((error) => console.error(`MCP Client: starting ${def.name} failed`, describeError(error)));
    }
  }

  private remove(entry: Entry): void {
    this.entriesByName.delete(entry.name);
    void this.disposeEntry(entry);
  }

  private async disposeEntry(entry: Entry): Promise<void> {
    for (const l of entry.listeners) l.dispose();
    await entry.session?.shutdown();
  }
}

/** Why the configuration itself says not to start a server, if it does. */
function heldBackBySettings(definition: ServerDefinition): string | undefined {
  if (definition.refusedBy) return definition.refusedBy;
  if (definition.disabled) return 'Disabled in settings ("disabled": true).';
  if (definition.turnedOff) return TURNED_OFF_REASONS[definition.turnedOff];
  return definition.leftToVscode;
}
