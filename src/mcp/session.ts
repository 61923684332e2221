// One client session per configured server: the state machine, start/stop/restart with crash
// backoff, and the requests the rest of the extension makes (with timeout, cancellation, progress).
import { LOG_LEVEL_META_KEY } from '@modelcontextprotocol/client';
import type {
  CallToolRequest,
  CallToolResult,
  CompleteRequest,
  CompleteResult,
  GetPromptRequest,
  GetPromptResult,
  Implementation,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  ServerCapabilities,
  SubscriptionFilter,
  Tool,
} from '@modelcontextprotocol/client';
import { Connection, type ClientFeature, type PreparedStart, type ServerNotification, type TransportKind } from './connection';
import { maskSecrets, redactingLogger } from './redact';
import { isAuthorizationRequired, isPermanentStartFailure, McpClientError } from './errors';
import { describeSdkError as describeError } from './sdkErrors';
import { Disposable, Emitter } from './lifecycle';
import type { Logger, McpLogLevel } from './logger';
import type { Page } from './pagination';
import { RestartPolicy, type RestartPolicyOptions } from './restartPolicy';
import type { ServerDefinition } from './serverDefinition';
import type { StopTimings } from './stdioProcess';

export type SessionState =
  | { kind: 'stopped'; reason?: string }
  | { kind: 'starting' }
  | { kind: 'running' }
  | { kind: 'error'; message: string; retryInMs?: number; gaveUp?: boolean; needsAuth?: boolean };

/** A request to the server to keep reporting changes; `ended` settles once, when it stops. */
export interface ServerSubscription {
  /** 'lost': the server or the connection ended it (re-subscribe once running again). */
  readonly ended: Promise<'disposed' | 'lost'>;
  dispose(): Promise<void>;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Called for each `notifications/progress` the server sends for this request. */
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Overrides the server's configured timeout for this request. */
  timeout?: number;
}

export interface SessionOptions {
  definition: ServerDefinition;
  logger: Logger;
  clientInfo: Implementation;
  features?: readonly ClientFeature[];
  logLevel?: McpLogLevel;
  restartPolicy?: RestartPolicyOptions;
  stopTimings?: StopTimings;
  probeTimeoutMs?: number;
  /**
   * What is only known when the server starts: `${input:…}` values (the user may be asked) and OAuth
   * for HTTP servers. Runs before every connection attempt.
   */
  prepare?: (definition: ServerDefinition) => Promise<PreparedStart>;
}

export class McpSession extends Disposable {
  private readonly stateEmitter = this._register(new Emitter<SessionState>());
  readonly onDidChangeState = this.stateEmitter.event;
  private readonly notificationEmitter = this._register(new Emitter<ServerNotification>());
  /** list_changed and resources/updated notifications from the server. */
  readonly onNotification = this.notificationEmitter.event;

  private _state: SessionState = { kind: 'stopped' };
  private connection: Connection | undefined;
  private pendingStart: Promise<void> | undefined;
  private startAbort: AbortController | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  /** Bumped on every start/stop so that a superseded attempt knows to back off. */
  private generation = 0;
  private readonly policy: RestartPolicy;
  private logLevel: McpLogLevel | undefined;

  constructor(private readonly options: SessionOptions) {
    super();
    this.policy = new RestartPolicy(options.restartPolicy);
    this.logLevel = options.logLevel;
  }

  get name(): string {
    return this.options.definition.name;
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
    if (this._state.kind === 'running') return Promise.resolve();
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
    if (this._state.kind !== 'stopped' || reason) this.setState(reason ? { kind: 'stopped', reason } : { kind: 'stopped' });
    await pending?.catch(() => undefined);
    if (connection) {
      this.options.logger.info('Stopping…');
      await connection.close();
      this.options.logger.info('Stopped.');
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

  // ---- requests -------------------------------------------------------------------------------

  async ping(options?: RequestOptions): Promise<void> {
    const c = this.requireConnection('ping');
    // The 2026-07-28 revision has no ping; server/discover is its cheapest round trip.
    const modern = c.client.getProtocolEra() === 'modern';
    await this.call('ping', () => (modern ? c.client.discover(this.requestOptions(options)) : c.client.ping(this.requestOptions(options))));
  }

  // The list methods walk every page (the SDK follows nextCursor when no cursor is given; the page
  // cap is lifted in Connection). A server without the capability simply has nothing to list.
  async listTools(options?: RequestOptions): Promise<Tool[]> {
    const c = this.requireConnection('tools/list');
    if (!c.client.getServerCapabilities()?.tools) return [];
    return (await this.call('tools/list', () => c.client.listTools(this.params({}), this.requestOptions(options)))).tools;
  }

  async listPrompts(options?: RequestOptions): Promise<Prompt[]> {
    const c = this.requireConnection('prompts/list');
    if (!c.client.getServerCapabilities()?.prompts) return [];
    return (await this.call('prompts/list', () => c.client.listPrompts(this.params({}), this.requestOptions(options)))).prompts;
  }

  async listResources(options?: RequestOptions): Promise<Resource[]> {
    const c = this.requireConnection('resources/list');
    if (!c.client.getServerCapabilities()?.resources) return [];
    return (await this.call('resources/list', () => c.client.listResources(this.params({}), this.requestOptions(options)))).resources;
  }

  async listResourceTemplates(options?: RequestOptions): Promise<ResourceTemplate[]> {
    const c = this.requireConnection('resources/templates/list');
    if (!c.client.getServerCapabilities()?.resources) return [];
    const result = await this.call('resources/templates/list', () => c.client.listResourceTemplates(this.params({}), this.requestOptions(options)));
    return result.resourceTemplates;
  }

  /** One page of resources (no cursor: the first), for views that load lazily. */
  async listResourcesPage(cursor?: string, options?: RequestOptions): Promise<Page<Resource>> {
    const c = this.requireConnection('resources/list');
    if (!c.client.getServerCapabilities()?.resources) return { items: [] };
    // A raw request: the SDK's listResources() treats a missing cursor as "aggregate every page".
    const result = await this.call('resources/list', () =>
      c.client.request({ method: 'resources/list', params: this.params(cursor === undefined ? {} : { cursor }) }, this.requestOptions(options)),
    );
    return { items: result.resources, nextCursor: result.nextCursor };
  }

  async getPrompt(params: GetPromptRequest['params'], options?: RequestOptions): Promise<GetPromptResult> {
    const c = this.requireConnection('prompts/get');
    return this.call(`prompts/get ${params.name}`, () => c.client.getPrompt(this.params(params), this.requestOptions(options)));
  }

  async readResource(uri: string, options?: RequestOptions): Promise<ReadResourceResult> {
    const c = this.requireConnection('resources/read');
    return this.call(`resources/read ${uri}`, () => c.client.readResource(this.params({ uri }), { ...this.requestOptions(options), cacheMode: 'bypass' }));
  }

  /**
   * With `tool`, the SDK does not check the result against the tool's outputSchema (it would throw the
   * result away on a mismatch): the caller checks it and shows the result together with the mismatch.
   */
  async callTool(params: CallToolRequest['params'], options?: RequestOptions & { tool?: Tool }): Promise<CallToolResult> {
    const c = this.requireConnection('tools/call');
    const toolDefinition = options?.tool ? { ...options.tool, outputSchema: undefined } : undefined;
    return this.call(`tools/call ${params.name}`, () =>
      c.client.callTool(this.params(params), { ...this.requestOptions(options), toolDefinition }) as Promise<CallToolResult>,
    );
  }

  async complete(params: CompleteRequest['params'], options?: RequestOptions): Promise<CompleteResult> {
    const c = this.requireConnection('completion/complete');
    return this.call('completion/complete', () => c.client.complete(this.params(params), this.requestOptions(options)));
  }

  /**
   * Asks the server for `notifications/resources/updated` about `uri` (delivered through onNotification)
   * until the handle is disposed: resources/subscribe … unsubscribe on 2025 revisions, a
   * subscriptions/listen stream on 2026-07-28. Undefined when the server offers no subscriptions.
   */
  async subscribeResource(uri: string): Promise<ServerSubscription | undefined> {
    const c = this.requireConnection('resources/subscribe');
    if (!c.client.getServerCapabilities()?.resources?.subscribe) return undefined;
    if (c.client.getProtocolEra() === 'modern') return this.listen(c, { resourceSubscriptions: [uri] }, `subscriptions/listen ${uri}`);
    await this.call(`resources/subscribe ${uri}`, () => c.client.subscribeResource(this.params({ uri }), this.requestOptions()));
    return this.legacySubscription(c, async () => {
      await c.client.unsubscribeResource(this.params({ uri }), this.requestOptions());
    });
  }

  /** Applies `mcpClient.logLevel`: logging/setLevel before 2026-07-28, a per-request `_meta` key after. */
  async setLogLevel(level: McpLogLevel): Promise<void> {
    this.logLevel = level;
    await this.applyLogLevel();
  }

  /** Tells the server the roots changed (2025 revisions; modern servers ask for roots per request). */
  async notifyRootsChanged(): Promise<void> {
    const c = this.connection;
    if (!c || this._state.kind !== 'running' || !this.definition.roots || c.client.getProtocolEra() === 'modern') return;
    try {
      await c.client.sendRootsListChanged();
    } catch (error) {
      this.options.logger.warn(`Could not announce the roots change: ${describeError(error)}`);
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
    const { logger } = this.options;
    let connection: Connection;
    let secrets: readonly string[] = [];
    try {
      const prepared = this.options.prepare ? await this.options.prepare(this.definition) : undefined;
      secrets = prepared?.secrets ?? [];
      connection = await Connection.open(
        {
          definition: prepared?.definition ?? this.definition,
          // Values the user entered (`${input:…}`) may appear in a command line or URL: masked in the log.
          logger: prepared?.secrets?.length ? redactingLogger(logger, prepared.secrets) : logger,
          clientInfo: this.options.clientInfo,
          features: this.options.features ?? [],
          stopTimings: this.options.stopTimings,
          probeTimeoutMs: this.options.probeTimeoutMs,
          auth: prepared?.auth,
        },
        signal,
      );
    } catch (error) {
      if (generation !== this.generation) return;
      const message = maskSecrets(describeError(error), secrets);
      logger.error(`Failed to start: ${message}`);
      if (isPermanentStartFailure(error)) {
        this.setState(isAuthorizationRequired(error) ? { kind: 'error', message, needsAuth: true } : { kind: 'error', message });
      } else {
        this.handleCrash(message);
      }
      return;
    }
    if (generation !== this.generation) {
      await connection.close();
      return;
    }
    this.connection = connection;
    connection.onNotification((n) => this.notificationEmitter.fire(n));
    connection.onDidCloseUnexpectedly((reason) => {
      if (this.connection !== connection) return;
      this.connection = undefined;
      logger.error(reason);
      this.handleCrash(reason);
    });
    const info = connection.client.getServerVersion();
    logger.info(
      `Connected to ${info?.name ?? 'server'} ${info?.version ?? ''} over ${connection.transportKind}, protocol ${connection.protocolVersion} (${connection.client.getProtocolEra()} era).`,
    );
    this.setState({ kind: 'running' });
    await this.applyLogLevel();
  }

  private handleCrash(reason: string): void {
    const decision = this.policy.recordCrash();
    if (decision.kind === 'giveUp') {
      const message = `${reason} Gave up after ${decision.crashes} failures in ${this.policy.windowMinutes} minutes; use Restart to try again.`;
      this.options.logger.error(message);
      this.setState({ kind: 'error', message, gaveUp: true });
      return;
    }
    this.options.logger.info(`Restarting in ${decision.delayMs / 1000} s (attempt ${decision.attempt}).`);
    this.setState({ kind: 'error', message: reason, retryInMs: decision.delayMs });
    const generation = this.generation;
    this.retryTimer = setTimeout(() => {
      if (generation === this.generation) void this.connect();
    }, decision.delayMs);
  }

  private async applyLogLevel(): Promise<void> {
    const c = this.connection;
    if (!c || !this.logLevel || c.client.getProtocolEra() === 'modern' || !c.client.getServerCapabilities()?.logging) return;
    try {
      await c.client.setLoggingLevel(this.logLevel, this.requestOptions());
    } catch (error) {
      this.options.logger.warn(`logging/setLevel failed: ${describeError(error)}`);
    }
  }

  private setState(state: SessionState): void {
    this._state = state;
    this.stateEmitter.fire(state);
  }

  // ---- request internals ----------------------------------------------------------------------

  private requireConnection(method: string): Connection {
    const c = this.connection;
    if (!c || this._state.kind !== 'running') {
      throw new McpClientError(`Server '${this.name}' is not running (${this._state.kind}); cannot send ${method}.`, 'not-running');
    }
    return c;
  }

  /**
   * Runs a request and rewrites its failure into an error that names the server and the method, adding
   * what the transport reported meanwhile (e.g. a response stream that was cut off before a timeout).
   */
  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    const started = Date.now();
    const connection = this.connection;
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: string | number }).code;
      const transport = connection?.transportErrorSince(started);
      const reason = `${describeError(error)}${transport ? `; the connection reported: ${transport}` : ''}`;
      throw new McpClientError(`${this.name}: ${what} failed: ${reason}`, code, { cause: error, reason });
    }
  }

  private requestOptions(options?: RequestOptions) {
    return {
      signal: options?.signal,
      onprogress: options?.onprogress,
      timeout: options?.timeout ?? this.definition.timeoutMs,
      resetTimeoutOnProgress: true,
    };
  }

  private async listen(c: Connection, filter: SubscriptionFilter, what: string): Promise<ServerSubscription> {
    const subscription = await this.call(what, () => c.client.listen(filter, this.requestOptions()));
    let disposed = false;
    return {
      ended: subscription.closed.then((how) => (how === 'local' || disposed ? 'disposed' : 'lost')),
      dispose: async () => {
        disposed = true;
        await subscription.close().catch((error) => this.options.logger.warn(`Closing ${what} failed: ${describeError(error)}`));
      },
    };
  }

  /** A 2025 subscription lives as long as its connection: it is lost when the session leaves `running`. */
  private legacySubscription(c: Connection, unsubscribe: () => Promise<void>): ServerSubscription {
    let settle: (how: 'disposed' | 'lost') => void = () => undefined;
    const ended = new Promise<'disposed' | 'lost'>((resolve) => (settle = resolve));
    const watcher = this.onDidChangeState(() => {
      if (this.connection === c && this._state.kind === 'running') return;
      watcher.dispose();
      settle('lost');
    });
    let disposed = false;
    return {
      ended,
      dispose: async () => {
        if (disposed) return;
        disposed = true;
        watcher.dispose();
        settle('disposed');
        if (this.connection !== c || this._state.kind !== 'running') return;
        await unsubscribe().catch((error) => this.options.logger.warn(`resources/unsubscribe failed: ${describeError(error)}`));
      },
    };
  }

  /** Adds the log level to `_meta` on the 2026-07-28 revision, where there is no logging/setLevel. */
  private params<P extends object>(params: P): P {
    if (!this.logLevel || this.connection?.client.getProtocolEra() !== 'modern') return params;
    const meta = (params as { _meta?: Record<string, unknown> })._meta;
    return { ...params, _meta: { [LOG_LEVEL_META_KEY]: this.logLevel, ...meta } };
  }
}
