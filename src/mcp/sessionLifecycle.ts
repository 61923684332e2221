// The life of one server's session: the state machine (stopped → starting → running → error), start,
// stop and restart, crash backoff, and the one live Connection it owns (swapped whole on restart).
// The requests themselves are McpSession's (session.ts), which builds on this.
import type { Implementation, ServerCapabilities } from '@modelcontextprotocol/client';
import type { Connection, ServerNotification, TransportKind } from './connection';
import { prepareAndOpen } from './openConnection';
import { definitionSecrets } from './definitionSecrets';
import { maskedTap } from './protocolTap';
import { isAuthorizationRequired, isPermanentStartFailure } from './errors';
import { isStartFailure } from './startFailure';
import { describeSdkError as describeError } from './sdkErrors';
import { Disposable, Emitter } from './lifecycle';
import { maskingLogger, type MaskingLogger, type McpLogLevel } from './logger';
import { RestartPolicy } from './restartPolicy';
import type { ServerDefinition } from './serverDefinition';
import { SessionState } from './sessionState';
import type { RequestOptions, SessionOptions } from './sessionOptions';

export type { RequestOptions, SessionOptions };

export abstract class SessionLifecycle extends Disposable {
  private readonly stateEmitter = this._register(new Emitter<SessionState>());
  readonly onDidChangeState = this.stateEmitter.event;
  private readonly notificationEmitter = this._register(new Emitter<ServerNotification>());
  /** list_changed and resources/updated notifications from the server. */
  readonly onNotification = this.notificationEmitter.event;

  private _state: SessionState = { kind: 'stopped' };
  /** Held exactly while the session runs: install() sets it just before `running`; stop, a crash, a failed renewal drop it first. */
  protected connection: Connection | undefined;
  private pendingStart: Promise<void> | undefined;
  private startAbort: AbortController | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  /** Bumped on every start/stop so that a superseded attempt knows to back off. */
  private generation = 0;
  private readonly policy: RestartPolicy;
  protected logLevel: McpLogLevel | undefined;
  private renewal: Promise<Connection | undefined> | undefined;
  /**
   * What is masked in every log line, state message and error: the credentials the definition holds
   * (definitionSecrets.ts) and, from a start on, the `${input:…}` values and env-file credentials of that start.
   */
  private secrets: readonly string[];
  /** The only logger this session (and its connections) can write to: the sink behind the mask. */
  protected readonly logger: MaskingLogger;
  /** The options without the sink: nothing here can write around the mask. */
  protected readonly options: Readonly<Omit<SessionOptions, 'logger'>>;

  constructor(options: SessionOptions) {
    super();
    const { logger: sink, ...rest } = options;
    this.options = rest;
    this.secrets = definitionSecrets(options.definition);
    const t = options.definition.transport;
    this.logger = maskingLogger(sink, () => this.secrets, t.type === 'stdio' ? [] : [t.url]);
    this.policy = new RestartPolicy(options.restartPolicy);
    this.logLevel = options.logLevel;
  }

  get name(): string {
    return this.options.definition.name;
  }
  /** This session's log, masked: for the features that write about this server into its output channel. */
  get log(): MaskingLogger {
    return this.logger;
  }
  get definition(): ServerDefinition {
    return this.options.definition;
  }
  get state(): SessionState {
    return this._state;
  }
  get serverInfo(): Implementation | undefined {
    return this.connection?.client.getServerVersion();
  }
  get capabilities(): ServerCapabilities | undefined {
    return this.connection?.client.getServerCapabilities();
  }
  get instructions(): string | undefined {
    return this.connection?.client.getInstructions();
  }
  get protocolVersion(): string | undefined {
    return this.connection?.protocolVersion;
  }
  get transportKind(): TransportKind | undefined {
    return this.connection?.transportKind;
  }
  /** The server process id, for stdio servers that are running. */
  get pid(): number | undefined {
    return this.connection?.process?.pid;
  }

  /** Starts the server (a user action: forgets earlier crashes). Resolves when running or failed. */
  start(): Promise<void> {
    this.policy.reset();
    if (SessionState.isRunning(this._state)) return Promise.resolve();
    if (this.pendingStart) return this.pendingStart;
    return this.connect();
  }

  /** Stops the server and everything it started. Never throws. */
  async stop(reason?: string): Promise<void> {
    this.generation++;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.startAbort?.abort();
    const pending = this.pendingStart;
    const connection = this.connection;
    this.connection = undefined;
    if (!SessionState.isStopped(this._state) || reason) this.setState(reason ? { kind: 'stopped', reason } : { kind: 'stopped' });
    await pending?.catch(() => undefined);
    if (connection) {
      this.logger.info('Stopping…');
      await connection.close();
      this.logger.info('Stopped.');
    }
  }

  async restart(): Promise<void> {
    await this.stop();
    return this.start();
  }

  override dispose(): void {
    void this.stop();
    super.dispose();
  }

  /** Stops and waits; what deactivate() uses. */
  async shutdown(): Promise<void> {
    await this.stop();
    super.dispose();
  }

  /** Applies `mcpClient.logLevel`: logging/setLevel before 2026-07-28, a per-request `_meta` key after. */
  async setLogLevel(level: McpLogLevel): Promise<void> {
    this.logLevel = level;
    await this.applyLogLevel();
  }

  /** Tells the server the roots changed (2025 revisions; modern servers ask for roots per request). */
  async notifyRootsChanged(): Promise<void> {
    const c = this.connection;
    if (!c || !this.definition.roots || c.client.getProtocolEra() === 'modern') return;
    try {
      await c.client.sendRootsListChanged();
    } catch (error) {
      this.logger.warn(`Could not announce the roots change: ${describeError(error)}`);
    }
  }

  // ---- lifecycle internals --------------------------------------------------------------------

  private connect(): Promise<void> {
    const generation = ++this.generation;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const abort = new AbortController();
    this.startAbort = abort;
    this.setState({ kind: 'starting' });
    const attempt = this.openConnection(generation, abort.signal).finally(() => {
      if (this.pendingStart === attempt) this.pendingStart = undefined;
    });
    this.pendingStart = attempt;
    return attempt;
  }

  private async openConnection(generation: number, signal: AbortSignal): Promise<void> {
    const { logger } = this;
    let connection: Connection;
    try {
      connection = await this.open(signal);
    } catch (error) {
      if (generation !== this.generation) return;
      const message = this.mask((error as Error).message);
      logger.error(`Failed to start: ${message}`);
      if (isStartFailure(error) ? !error.retryable : isPermanentStartFailure(error)) {
        this.setState(isAuthorizationRequired(error) ? { kind: 'error', message, needsAuth: true } : { kind: 'error', message });
      } else {
        this.handleCrash(message, true);
      }
      return;
    }
    if (generation !== this.generation) {
      await connection.close();
      return;
    }
    this.install(connection);
    this.setState({ kind: 'running' });
    await this.applyLogLevel();
  }

  /** Prepares (inputs, OAuth) and connects; throws an error whose message is written for the user. */
  private open(signal?: AbortSignal): Promise<Connection> {
    // The Protocol view's tap behind the logger's mask: the options' own tap is never handed on.
    const tap = this.options.tap && maskedTap(this.options.tap, (text) => this.logger.mask(text));
    return prepareAndOpen({ ...this.options, logger: this.logger, tap }, signal, (secrets) => (this.secrets = secrets));
  }

  private install(connection: Connection): void {
    this.connection = connection;
    this.policy.recordRunning();
    connection.onNotification((n) => this.notificationEmitter.fire(n));
    connection.onDidCloseUnexpectedly((reason) => {
      if (this.connection !== connection) return;
      this.connection = undefined;
      this.logger.error(reason);
      this.handleCrash(reason);
    });
    // Set once connected: the SDK refuses an initialize (or discover) result without serverInfo.
    const info = connection.client.getServerVersion()!;
    this.logger.info(`Connected to ${info.name} ${info.version} over ${connection.transportKind}, protocol version ${connection.protocolVersion}.`);
  }

  /**
   * Streamable HTTP: the server no longer knows our session (it restarted or expired it): as the spec says, a new session
   * starts with a fresh initialize, shared by concurrent requests, and is announced as `running` again so that what the
   * old one held (2025 subscriptions) is renewed. Resolves with it, or undefined if it failed (retried with backoff).
   */
  protected renewSession(stale: Connection): Promise<Connection | undefined> {
    // Superseded once `stale` is not the live connection (a stop, a restart and its own end all replace it first).
    if (this.connection !== stale) return Promise.resolve(this.connection);
    this.renewal ??= (async () => {
      this.logger.warn('The server no longer knows this session (it may have restarted); starting a new session.');
      try {
        const fresh = await this.open();
        if (this.connection !== stale) {
          await fresh.close();
          return this.connection;
        }
        this.install(fresh);
        this.setState({ kind: 'running' });
        return fresh;
      } catch (error) {
        if (this.connection === stale) {
          this.connection = undefined;
          this.logger.error(`A new session failed: ${(error as Error).message}`);
          this.handleCrash((error as Error).message);
        }
        return undefined;
      } finally {
        this.renewal = undefined;
        void stale.close();
      }
    })();
    return this.renewal;
  }

  private handleCrash(reason: string, startFailed = false): void {
    const decision = this.policy.recordCrash(startFailed);
    if (decision.kind === 'giveUp') {
      const count = decision.inARow ? `${decision.crashes} failed starts in a row` : `${decision.crashes} failures in ${this.policy.windowMinutes} minutes`;
      // Two sentences: a reason without its full stop ran into the next one ("…variable Gave up", issue 25).
      const message = `${/[.!?…]$/.test(reason.trimEnd()) ? reason.trimEnd() : `${reason.trimEnd()}.`} Gave up after ${count}; use Restart to try again.`;
      this.logger.error(message);
      this.setState({ kind: 'error', message, gaveUp: true });
      return;
    }
    this.logger.info(`Restarting in ${decision.delayMs / 1000} s (attempt ${decision.attempt}).`);
    this.setState({ kind: 'error', message: reason, retryInMs: decision.delayMs });
    // One retry at a time; stop() and connect() clear it, so when it fires the session is still the one it retries.
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), decision.delayMs);
  }

  private async applyLogLevel(): Promise<void> {
    const c = this.connection;
    if (!c || !this.logLevel || c.client.getProtocolEra() === 'modern' || !c.serverCapabilities.logging) return;
    try {
      await c.client.setLoggingLevel(this.logLevel, this.requestOptions());
    } catch (error) {
      this.logger.warn(`logging/setLevel failed: ${describeError(error)}`);
    }
  }

  /** `text` with this session's secrets masked: for anything that leaves the session other than its log (the call history too). */
  mask(text: string): string {
    return this.logger.mask(text);
  }

  private setState(state: SessionState): void {
    // State messages reach tooltips, notifications and the public API: masked here, once for all of them.
    if ('message' in state && state.message) state = { ...state, message: this.mask(state.message) };
    if ('reason' in state && state.reason) state = { ...state, reason: this.mask(state.reason) };
    this._state = state;
    this.stateEmitter.fire(state);
  }

  /** The SDK's options for one request: the server's timeout unless overridden, restarted by progress. */
  protected requestOptions(options?: RequestOptions) {
    return {
      signal: options?.signal,
      onprogress: options?.onprogress,
      timeout: options?.timeout ?? this.definition.timeoutMs,
      resetTimeoutOnProgress: true,
    };
  }
}
