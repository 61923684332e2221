// One live connection to one server: an SDK Client, its transport and (for stdio) the process, from
// the handshake to the close. Everything here lives and dies together; the session swaps whole
// connections on restart. Which transport to use, and retrying after a sign-in, is openConnection.ts.
import { Client, mergeCapabilities } from '@modelcontextprotocol/client';
import type { ClientCapabilities, Implementation, McpSubscription, SubscriptionFilter, Transport } from '@modelcontextprotocol/client';
import type { ClientCapability } from './clientCapability';
import { redeemCallback, type ConnectionAuth } from './connectionAuth';
import { Emitter } from './lifecycle';
import type { Logger } from './logger';
import { logMethodFor } from './logger';
import { LogRateLimiter } from './logRateLimiter';
import { traceTransport } from './protocolTrace';
import type { ServerDefinition } from './serverDefinition';
import type { StdioProcess, StopTimings } from './stdioProcess';

export type ServerNotification =
  | { kind: 'toolsChanged' }
  | { kind: 'promptsChanged' }
  | { kind: 'resourcesChanged' }
  | { kind: 'resourceUpdated'; uri: string };

export interface ConnectionOptions {
  definition: ServerDefinition;
  logger: Logger;
  clientInfo: Implementation;
  capabilities: readonly ClientCapability[];
  stopTimings?: StopTimings;
  /** How long the `server/discover` probe may take before falling back to `initialize` (stdio). */
  probeTimeoutMs?: number;
  /** Authorization for HTTP servers (OAuth through the SDK's auth()). */
  auth?: ConnectionAuth;
}

export type TransportKind = 'stdio' | 'http' | 'sse';

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
  private lastTransportError: string | undefined;
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
    signal?: AbortSignal,
  ): Promise<Connection> {
    const { definition, logger } = options;
    // One level deep: two capabilities that each add to `extensions` (MCP Apps, tasks…) both keep theirs.
    const capabilities = options.capabilities.reduce<ClientCapabilities>((caps, c) => mergeCapabilities(caps, c.capabilities), {});
    const client = new Client(options.clientInfo, {
      capabilities,
      // Follow nextCursor to the end: the default cap of 64 pages is below what real servers list.
      listMaxPages: 0,
      versionNegotiation: {
        mode: 'auto',
        probe: { timeoutMs: options.probeTimeoutMs ?? Math.min(definition.timeoutMs, 10_000) },
      },
    });
    const connection = new Connection(client, transport, kind, proc, options);
    for (const capability of options.capabilities) capability.install(client, definition);
    connection.installNotificationHandlers();
    traceTransport(transport, logger);
    client.onerror = (error) => {
      connection.lastTransportError = error.message;
      connection.lastTransportErrorAt = Date.now();
      logger.debug(`Transport error: ${error.message}`);
    };
    client.onclose = () => connection.handleClose();
    try {
      await client.connect(transport, { timeout: definition.timeoutMs, signal });
    } catch (error) {
      connection.closing = true;
      await connection.shutdown();
      throw connection.explainStartFailure(error);
    }
    void connection.listenForListChanges();
    return connection;
  }

  /**
   * On 2026-07-28 a server sends list_changed notifications only on a subscriptions/listen stream
   * (2025 revisions send them unasked). Keep one open for the lists the server says can change; if the
   * server ends it, listen again and report every list as changed, since changes may have been missed.
   */
  private async listenForListChanges(): Promise<void> {
    const caps = this.client.getServerCapabilities();
    const filter: SubscriptionFilter = {};
    if (caps?.tools?.listChanged) filter.toolsListChanged = true;
    if (caps?.prompts?.listChanged) filter.promptsListChanged = true;
    if (caps?.resources?.listChanged) filter.resourcesListChanged = true;
    if (this.client.getProtocolEra() !== 'modern' || Object.keys(filter).length === 0 || this.closing) return;
    try {
      const subscription = await this.client.listen(filter, { timeout: this.options.definition.timeoutMs });
      this.listChangeSubscription = subscription;
      void subscription.closed.then((how) => {
        if (how === 'local' || this.closing) return;
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
  transportErrorSince(since: number): string | undefined {
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

  private handleClose(): void {
    if (this.closing) return;
    this.closing = true;
    const reason = this.describeEnd();
    this.closedEmitter.fire(reason);
    this.closedEmitter.dispose();
    void this.shutdown();
  }

  /** Why the server went away: exit code or signal, plus the last stderr lines. */
  describeEnd(): string {
    const cause = this.lastTransportError ? ` (${this.lastTransportError})` : '';
    const proc = this.process;
    if (!proc) return `The server closed the connection${cause}.`;
    const how = proc.describeExit() ?? 'closed its output';
    const tail = proc.stderrTail.filter((l) => l.trim()).slice(-5);
    return `The server process ${how}${cause}.${tail.length ? ` Last output: ${tail.join(' | ')}` : ''}`;
  }

  private explainStartFailure(error: unknown): Error {
    if (!this.process?.exit) return error as Error;
    const message = `${this.describeEnd()} (while connecting: ${(error as Error).message})`;
    return new Error(message, { cause: error });
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
}
