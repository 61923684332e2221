// One live connection to one server: an SDK Client, its transport and (for stdio) the process, from
// the handshake to the close. Everything here lives and dies together; the session swaps whole
// connections on restart. Which transport to use, and retrying after a sign-in, is openConnection.ts.
import { Client, mergeCapabilities } from '@modelcontextprotocol/client';
import type { ClientCapabilities, Implementation, McpSubscription, PriorDiscovery, ServerCapabilities, SubscriptionFilter, Transport } from '@modelcontextprotocol/client';
import type { ClientCapability } from './clientCapability';
import { redeemCallback, type ConnectionAuth } from './connectionAuth';
import type { EraMemory } from './eraMemory';
import type { RefusalLog } from './sandbox/sandboxMonitor';
import { Emitter } from './lifecycle';
import { logMethodFor, type MaskingLogger } from './logger';
import { LogRateLimiter } from './logRateLimiter';
import type { ProtocolTap } from './protocolTap';
import { traceTransport } from './protocolTrace';
import { redactUrl } from './redact';
import { installTaskRequestShim, withoutUndeclaredTaskRequests } from './tasks/taskRequestShim';
import { installTaskResultShim } from './tasks/taskResultShim';
import type { ServerDefinition } from './serverDefinition';
import { classifyStartFailure, isUnreachable, networkReason } from './startFailure';
import type { StdioProcess, StopTimings } from './stdioProcess';

export type ServerNotification =
  | { kind: 'toolsChanged' }
  | { kind: 'promptsChanged' }
  | { kind: 'resourcesChanged' }
  | { kind: 'resourceUpdated'; uri: string };

export interface ConnectionOptions {
  definition: ServerDefinition;
  /** Masking by type: a plain sink (an output channel) is refused here by the compiler. */
  logger: MaskingLogger;
  clientInfo: Implementation;
  capabilities: readonly ClientCapability[];
  stopTimings?: StopTimings;
  /** How long the `server/discover` probe may take before falling back to `initialize` (stdio). */
  probeTimeoutMs?: number;
  /** Authorization for HTTP servers (OAuth through the SDK's auth()). */
  auth?: ConnectionAuth;
  /** Which era each stdio server spoke last time (one process per start). */
  eraMemory?: EraMemory;
  /** Where a sandboxed server's refusals are kept for the Servers view (sandbox/sandboxMonitor.ts). */
  sandboxRefusals?: RefusalLog;
  /** The Protocol view's tap (masked by the session): messages, stderr lines, HTTP exchanges. */
  tap?: ProtocolTap;
}

export type TransportKind = 'stdio' | 'http' | 'sse';

/** One connect attempt: its budget, and what is already known about the server's era. */
export interface ConnectAttempt {
  /** The caller's cancellation (a stop): it closes the transport, which ends every wait of the handshake. */
  stop?: AbortSignal;
  /** A stdio start's deadline: it leaves the transport open, so the failure reads "did not answer", not an exit. */
  deadline?: AbortSignal;
  /** How long the whole start may take: the initialize timeout and the probe's upper bound. */
  startTimeoutMs: number;
  /** Skip the server/discover probe: `{ kind: 'legacy' }` sends `initialize` at once. */
  prior?: PriorDiscovery;
}

/**
 * The largest single stdio message accepted. The SDK's default (10 MB) is below what a resource read
 * of a large image or file legitimately produces; beyond this the connection fails with a clear reason.
 */
export const MAX_STDIO_MESSAGE_BYTES = 128 * 1024 * 1024;

/** Server log messages written per second before the rest are only counted. */
const MAX_LOG_MESSAGES_PER_SECOND = 200;

export class Connection {
  private readonly closedEmitter = new Emitter<string>();
  /** Fires once, with a reason, when the connection ends without close() being called. */
  readonly onDidCloseUnexpectedly = this.closedEmitter.event;
  private readonly notificationEmitter = new Emitter<ServerNotification>();
  readonly onNotification = this.notificationEmitter.event;
  private closing = false;
  /** The transport's own last error (not the protocol's bookkeeping, such as an unknown response id). */
  private lastTransportError: Error | undefined;
  private lastTransportErrorAt = 0;
  private listChangeSubscription: McpSubscription | undefined;
  private readonly logLimiter = new LogRateLimiter(MAX_LOG_MESSAGES_PER_SECOND);
  private readonly reportDroppedLogs = (count: number) =>
    this.options.logger.warn(`${count} more log messages from the server in one second were not shown (more than ${MAX_LOG_MESSAGES_PER_SECOND}/s).`);

  private constructor(
    readonly client: Client,
    readonly transport: Transport,
    readonly transportKind: TransportKind,
    readonly process: StdioProcess | undefined,
    private readonly options: ConnectionOptions,
  ) {}

  /**
   * For a request that failed with UnauthorizedError mid-session (a scope step-up the user has just
   * authorized): redeems the code so that the request can be repeated. False when there is nothing to redeem.
   */
  async completeAuthorization(error: unknown): Promise<boolean> {
    return redeemCallback(error, this.transport, this.options.auth);
  }

  /** Completes the handshake over `transport`, or throws with a message that says why not. */
  static async connect(
    kind: TransportKind,
    transport: Transport,
    options: ConnectionOptions,
    proc: StdioProcess | undefined,
    attempt: ConnectAttempt,
  ): Promise<Connection> {
    const { definition, logger } = options;
    // One level deep: two capabilities that each add to `extensions` (MCP Apps, tasks…) both keep theirs.
    const capabilities = withoutUndeclaredTaskRequests(options.capabilities.reduce<ClientCapabilities>((caps, c) => mergeCapabilities(caps, c.capabilities), {}));
    const client = new Client(options.clientInfo, {
      capabilities,
      // Follow nextCursor to the end: the default cap of 64 pages is below what real servers list.
      listMaxPages: 0,
      versionNegotiation: {
        mode: 'auto',
        // Bounded by the start's budget: a silent server costs one timeout, not a probe's plus initialize's.
        probe: { timeoutMs: Math.min(options.probeTimeoutMs ?? 10_000, attempt.startTimeoutMs) },
      },
    });
    const connection = new Connection(client, transport, kind, proc, options);
    for (const capability of options.capabilities) capability.install(client, definition);
    connection.installNotificationHandlers();
    traceTransport(transport, logger, options.tap);
    options.tap?.note(`connection opened over ${kind}`);
    client.onerror = (error) => logger.debug(`Transport error: ${error.message}`);
    client.onclose = () => connection.handleClose();
    // The SDK's version probe does not watch the signal: a stop during it would wait out the probe's timeout
    // with the server running. Closing the transport ends every wait of the handshake at once.
    const abandon = () => void transport.close().catch(() => undefined);
    attempt.stop?.addEventListener('abort', abandon);
    const signal = AbortSignal.any([attempt.stop, attempt.deadline].filter((s) => s !== undefined));
    try {
      await client.connect(transport, { timeout: attempt.startTimeoutMs, signal, ...(attempt.prior && { prior: attempt.prior }) });
    } catch (error) {
      // Explained before the process is closed: afterwards every failure would read as an exit.
      const explained = proc ? await connection.explainStartFailure(error, attempt) : error;
      connection.closing = true;
      await connection.shutdown();
      throw explained;
    } finally {
      attempt.stop?.removeEventListener('abort', abandon);
    }
    connection.watchTransportErrors();
    // 2026 task handles ({resultType:'task'}) reach startToolTask() instead of failing in the SDK's decoder.
    installTaskResultShim(transport);
    // 2025 task-augmented sampling/elicitation requests reach receivedTasksCapability.ts, past the SDK's result check.
    installTaskRequestShim(transport, capabilities);
    void connection.listenForListChanges();
    return connection;
  }

  /**
   * Notes what the transport itself reports (Protocol chains its handler on the transport's onerror,
   * so wrapping it sees transport errors only). A network failure to an HTTP server ends the
   * connection: the SDK never closes it, and the session would otherwise stay "running" for ever.
   */
  private watchTransportErrors(): void {
    const chained = this.transport.onerror;
    this.transport.onerror = (error) => {
      chained?.call(this.transport, error);
      // What our own close() aborts is not news.
      if (this.closing) return;
      this.lastTransportError = error;
      this.lastTransportErrorAt = Date.now();
      const { transport } = this.options.definition;
      // Named by its URL without user info or query.
      if (transport.type !== 'stdio' && (isUnreachable(error) || /^Maximum reconnection attempts/.test(error.message))) {
        this.handleClose(`Cannot reach ${redactUrl(transport.url)}: ${networkReason(error)}.`);
      }
    };
  }

  /**
   * On 2026-07-28 a server sends list_changed notifications only on a subscriptions/listen stream
   * (2025 revisions send them unasked). Keep one open for the lists the server says can change; if the
   * server ends it, listen again and report every list as changed, since changes may have been missed.
   */
  private async listenForListChanges(): Promise<void> {
    const caps = this.serverCapabilities;
    const filter: SubscriptionFilter = {};
    if (caps.tools?.listChanged) filter.toolsListChanged = true;
    if (caps.prompts?.listChanged) filter.promptsListChanged = true;
    if (caps.resources?.listChanged) filter.resourcesListChanged = true;
    if (this.client.getProtocolEra() !== 'modern' || Object.keys(filter).length === 0 || this.closing) return;
    try {
      const subscription = await this.client.listen(filter, { timeout: this.options.definition.timeoutMs });
      this.listChangeSubscription = subscription;
      // Closed by us only in shutdown(), when `closing` is already set: the timer's check tells every end of ours.
      void subscription.closed.then(() => {
        setTimeout(() => {
          if (this.closing) return;
          void this.listenForListChanges();
          for (const kind of ['toolsChanged', 'promptsChanged', 'resourcesChanged'] as const) this.notificationEmitter.fire({ kind });
        }, 1000).unref();
      });
    } catch (error) {
      if (!this.closing) this.options.logger.warn(`Could not listen for list changes: ${(error as Error).message}`);
    }
  }

  /** The transport's last error if it happened at or after `since` (ms epoch): context for a failure. */
  transportErrorSince(since: number): Error | undefined {
    return this.lastTransportErrorAt >= since ? this.lastTransportError : undefined;
  }

  get protocolVersion(): string | undefined {
    return this.client.getNegotiatedProtocolVersion();
  }

  /** Closes the connection and stops the server process (tree). Never throws. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    await this.shutdown();
  }

  private async shutdown(): Promise<void> {
    await this.listChangeSubscription?.close().catch(() => undefined);
    try {
      await this.process?.stop(this.options.stopTimings);
    } catch (error) {
      this.options.logger.error(`Stopping the process failed: ${(error as Error).message}`);
    }
    try {
      await this.client.close();
    } catch {
      // Closing an already-closed transport.
    }
    this.logLimiter.flush(this.reportDroppedLogs);
    this.notificationEmitter.dispose();
  }

  /** Why the connection ended by itself (set once it has): what explains requests it left unanswered. */
  endReason: string | undefined;

  private handleClose(why?: string): void {
    if (this.closing) return;
    this.closing = true;
    const reason = why ?? this.describeEnd();
    this.endReason = reason;
    this.closedEmitter.fire(reason);
    this.closedEmitter.dispose();
    void this.shutdown();
  }

  /** Why the server went away: exit code or signal, plus the last stderr lines. */
  describeEnd(): string {
    const cause = this.lastTransportError ? ` (${this.lastTransportError.message})` : '';
    const proc = this.process;
    if (!proc) return `The server closed the connection${cause}.`;
    const how = proc.describeExit() ?? 'closed its output';
    const tail = proc.stderrTail.filter((l) => l.trim()).slice(-5);
    return `The server process ${how}${cause}.${tail.length ? ` Last output: ${tail.join(' | ')}` : ''}`;
  }

  /** A stdio start failure classified while the process is still as the failure left it. */
  private async explainStartFailure(error: unknown, attempt: ConnectAttempt): Promise<Error> {
    const proc = this.process!;
    // A closed pipe comes a moment before the exit status: wait for it, briefly, so "exited with code N" can be told.
    if (!proc.exit && /closed/i.test((error as Error)?.message ?? '')) await proc.waitForExit(1000);
    const transport = this.options.definition.transport;
    return classifyStartFailure(error, {
      timedOut: !!attempt.deadline?.aborted,
      startTimeoutMs: attempt.startTimeoutMs,
      exit: proc.exit,
      stderrTail: proc.stderrTail,
      ...(transport.type === 'stdio' && { command: transport.command, cwd: transport.cwd }),
    });
  }

  private installNotificationHandlers(): void {
    const { client } = this;
    const { logger } = this.options;
    client.setNotificationHandler('notifications/message', (n) => {
      if (!this.logLimiter.admit(this.reportDroppedLogs)) return;
      const { level, logger: source, data } = n.params;
      const text = typeof data === 'string' ? data : JSON.stringify(data);
      logger[logMethodFor(level)](`${source ? `[${source}] ` : ''}${text}`);
    });
    client.setNotificationHandler('notifications/tools/list_changed', () => this.notificationEmitter.fire({ kind: 'toolsChanged' }));
    client.setNotificationHandler('notifications/prompts/list_changed', () => this.notificationEmitter.fire({ kind: 'promptsChanged' }));
    client.setNotificationHandler('notifications/resources/list_changed', () =>
      this.notificationEmitter.fire({ kind: 'resourcesChanged' }),
    );
    client.setNotificationHandler('notifications/resources/updated', (n) =>
      this.notificationEmitter.fire({ kind: 'resourceUpdated', uri: n.params.uri }),
    );
  }

  /** What the server offers: always there once connected, since the SDK refuses a handshake without it. */
  get serverCapabilities(): ServerCapabilities {
    return this.client.getServerCapabilities()!;
  }
}
