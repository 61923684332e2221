// One client session per configured server, as the rest of the extension sees it: the requests it
// makes (with timeout, cancellation, progress, and errors that name the server and the method), on
// top of the lifecycle (state machine, start/stop/restart, backoff) in sessionLifecycle.ts.
import { LOG_LEVEL_META_KEY } from '@modelcontextprotocol/client';
import type {
  CallToolRequest,
  CallToolResult,
  Client,
  CompleteRequest,
  CompleteResult,
  GetPromptRequest,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  SubscriptionFilter,
  Tool,
} from '@modelcontextprotocol/client';
import type { CacheHint } from './catalogStore';
import type { Connection } from './connection';
import { McpClientError } from './errors';
import { isSessionGone, unanswered } from './httpSession';
import { describeSdkError as describeError } from './sdkErrors';
import type { Page } from './pagination';
import { TASK_HANDLE_META_KEY } from './tasks/taskResultShim';
import { ServerSkills, type LoadedSkill, type Skill } from './skills/serverSkills';
import { SessionLifecycle, type RequestOptions } from './sessionLifecycle';

/** A request to the server to keep reporting changes; `ended` settles once, when it stops. */
export interface ServerSubscription {
  /** 'lost': the server or the connection ended it (re-subscribe once running again). */
  readonly ended: Promise<'disposed' | 'lost'>;
  dispose(): Promise<void>;
}

export class McpSession extends SessionLifecycle {
  async ping(options?: RequestOptions): Promise<void> {
    const c = this.requireConnection('ping');
    // The 2026-07-28 revision has no ping; server/discover is its cheapest round trip.
    const modern = c.client.getProtocolEra() === 'modern';
    await this.call('ping', (c) => (modern ? c.client.discover(this.requestOptions(options)) : c.client.ping(this.requestOptions(options))));
  }

  // The list methods walk every page (the SDK follows nextCursor when no cursor is given; the page
  // cap is lifted in Connection). A server without the capability simply has nothing to list.
  async listTools(options?: RequestOptions): Promise<Tool[]> {
    const c = this.requireConnection('tools/list');
    if (!c.serverCapabilities.tools) return [];
    return this.hinted('tools/list', await this.call('tools/list', (c) => c.client.listTools(this.params({}), this.requestOptions(options)))).tools;
  }

  async listPrompts(options?: RequestOptions): Promise<Prompt[]> {
    const c = this.requireConnection('prompts/list');
    if (!c.serverCapabilities.prompts) return [];
    return this.hinted('prompts/list', await this.call('prompts/list', (c) => c.client.listPrompts(this.params({}), this.requestOptions(options)))).prompts;
  }

  async listResources(options?: RequestOptions): Promise<Resource[]> {
    const c = this.requireConnection('resources/list');
    if (!c.serverCapabilities.resources) return [];
    return this.hinted('resources/list', await this.call('resources/list', (c) => c.client.listResources(this.params({}), this.requestOptions(options)))).resources;
  }

  async listResourceTemplates(options?: RequestOptions): Promise<ResourceTemplate[]> {
    const c = this.requireConnection('resources/templates/list');
    if (!c.serverCapabilities.resources) return [];
    const result = await this.call('resources/templates/list', (c) => c.client.listResourceTemplates(this.params({}), this.requestOptions(options)));
    return this.hinted('resources/templates/list', result).resourceTemplates;
  }

  /** One page of resources (no cursor: the first), for views that load lazily. */
  async listResourcesPage(cursor?: string, options?: RequestOptions): Promise<Page<Resource>> {
    const c = this.requireConnection('resources/list');
    if (!c.serverCapabilities.resources) return { items: [] };
    // A raw request: the SDK's listResources() treats a missing cursor as "aggregate every page".
    const result = await this.call('resources/list', (c) =>
      c.client.request({ method: 'resources/list', params: this.params({ cursor }) }, this.requestOptions(options)),
    );
    if (cursor === undefined) this.hinted('resources/list', result);
    return { items: result.resources, nextCursor: result.nextCursor };
  }

  async getPrompt(params: GetPromptRequest['params'], options?: RequestOptions): Promise<GetPromptResult> {
    return this.call(`prompts/get ${params.name}`, (c) => c.client.getPrompt(this.params(params), this.requestOptions(options)));
  }

  async readResource(uri: string, options?: RequestOptions): Promise<ReadResourceResult> {
    return this.call(`resources/read ${uri}`, (c) => c.client.readResource(this.params({ uri }), { ...this.requestOptions(options), cacheMode: 'bypass' }));
  }

  /**
   * With `tool`, the SDK does not check the result against the tool's outputSchema (it would throw the
   * result away on a mismatch): the caller checks it and shows the result together with the mismatch.
   */
  async callTool(params: CallToolRequest['params'], options?: RequestOptions & { tool?: Tool }): Promise<CallToolResult> {
    const toolDefinition = options?.tool ? { ...options.tool, outputSchema: undefined } : undefined;
    // Repeated after a lost HTTP session only when the tool says it is read-only or idempotent.
    const annotations = options?.tool?.annotations;
    const repeatable = !!(annotations?.readOnlyHint || annotations?.idempotentHint);
    const result = await this.call(
      `tools/call ${params.name}`,
      (c) => c.client.callTool(this.params(params), { ...this.requestOptions(options), toolDefinition }) as Promise<CallToolResult>,
      repeatable,
    );
    // A 2026 server may answer with a task handle (taskResultShim.ts): a caller that did not start a task
    // (src/mcp/tasks/ does) must not take the handle for an empty result.
    if (result._meta?.[TASK_HANDLE_META_KEY]) {
      throw new McpClientError(`${this.name}: tools/call ${params.name} failed: the server runs this call as a task, which this caller does not follow.`, 'task');
    }
    return result;
  }

  /**
   * A request the session has no method for (the task requests of src/mcp/tasks/), with the session's
   * timeout, cancellation and error wording. `what` names it in errors ("tasks/get abc").
   */
  async withClient<T>(what: string, run: (client: Client, options: ReturnType<McpSession['requestOptions']>) => Promise<T>, options?: RequestOptions): Promise<T> {
    // Not repeated after a lost HTTP session: a task request (tools/call as a task, tasks/update) may have effects.
    return this.call(what, (c) => run(c.client, this.requestOptions(options)), false);
  }

  /** A question about the live connection's client (its era, capabilities); undefined when not running. */
  withClientSync<T>(ask: (client: Client) => T): T | undefined {
    // Held exactly while the session runs (see requireConnection).
    return this.connection && ask(this.connection.client);
  }

  /** The server's skills (no file is read); none when it does not offer the skills extension. */
  async listSkills(options?: RequestOptions): Promise<{ skills: Skill[]; invalid: string[] }> {
    const skills = this.skillsClient('skills/list');
    return this.call('skills/list', () => skills.list(this.requestOptions(options)));
  }

  /** Loads one skill: its SKILL.md checked against the entry, then its other files (see ServerSkills.load). */
  async loadSkill(skill: Skill, options?: RequestOptions): Promise<LoadedSkill> {
    const skills = this.skillsClient('resources/read');
    return this.call(`skill ${skill.uri}`, () => skills.load(skill, this.requestOptions(options)));
  }

  private skillsClient(method: string): ServerSkills {
    // The SDK's SkillsClient keeps nothing but the client: one per request costs an object, not a round trip.
    return new ServerSkills(this.requireConnection(method).client);
  }

  async complete(params: CompleteRequest['params'], options?: RequestOptions): Promise<CompleteResult> {
    return this.call('completion/complete', (c) => c.client.complete(this.params(params), this.requestOptions(options)));
  }

  /**
   * Asks the server for `notifications/resources/updated` about `uri` (delivered through onNotification)
   * until the handle is disposed: resources/subscribe … unsubscribe on 2025 revisions, a
   * subscriptions/listen stream on 2026-07-28. Undefined when the server offers no subscriptions.
   */
  async subscribeResource(uri: string): Promise<ServerSubscription | undefined> {
    const c = this.requireConnection('resources/subscribe');
    if (!c.serverCapabilities.resources?.subscribe) return undefined;
    if (c.client.getProtocolEra() === 'modern') return this.listen({ resourceSubscriptions: [uri] }, `subscriptions/listen ${uri}`);
    await this.call(`resources/subscribe ${uri}`, (c) => c.client.subscribeResource(this.params({ uri }), this.requestOptions()));
    return this.legacySubscription(c, async () => {
      await c.client.unsubscribeResource(this.params({ uri }), this.requestOptions());
    });
  }
  /** The `ttlMs` / `cacheScope` of the server's last answer to a list method (2026-07-28 servers send them). */
  cacheHint(method: 'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list'): CacheHint | undefined {
    return this.hints.get(method);
  }

  // ---- request internals ----------------------------------------------------------------------

  private readonly hints = new Map<string, CacheHint>();

  /** The hints stay on the runtime result (the SDK's types leave them out). */
  private hinted<R extends object>(method: string, result: R): R {
    const { ttlMs, cacheScope } = result as CacheHint;
    this.hints.set(method, { ...(typeof ttlMs === 'number' ? { ttlMs } : {}), ...(cacheScope ? { cacheScope } : {}) });
    return result;
  }

  private requireConnection(method: string): Connection {
    // Held exactly while the session runs (SessionLifecycle.connection).
    const c = this.connection;
    if (!c) {
      throw new McpClientError(`Server '${this.name}' is not running (${this.state.kind}); cannot send ${method}.`, 'not-running');
    }
    return c;
  }

  /**
   * Runs a request and rewrites its failure into an error that names the server and the method. A
   * request that got no answer (timed out, connection closed) is explained by what the transport
   * reported meanwhile, if anything (e.g. a response stream cut off); an answered one never is.
   * Streamable HTTP: when the server has lost the session, a new one is started and the request sent
   * again once if repeating it is safe (see isSafeToRepeat).
   */
  private async call<T>(what: string, run: (c: Connection) => Promise<T>, repeatable = true): Promise<T> {
    const started = Date.now();
    const connection = this.requireConnection(what);
    try {
      return await run(connection);
    } catch (error) {
      if (isSessionGone(error, connection)) {
        const fresh = await this.renewSession(connection);
        if (fresh && repeatable) return this.call(what, run, false);
        const reason = fresh
          ? 'the server had lost the session (it may have restarted); a new session was started, and this request was not repeated because it may have side effects'
          : this.mask(`the server had lost the session and a new one could not be started (${describeError(error)})`);
        throw new McpClientError(`${this.name}: ${what} failed: ${reason}`, 'session-renewed', { cause: error, reason });
      }
      const code = (error as { code?: string | number }).code;
      const reason = this.mask(this.explainFailure(error, connection, started));
      throw new McpClientError(`${this.name}: ${what} failed: ${reason}`, code, { cause: error, reason });
    }
  }

  /** One sentence: the error; for an unanswered request, why the connection ended or what it reported. */
  private explainFailure(error: unknown, connection: Connection, since: number): string {
    const text = describeError(error);
    if (!unanswered(error)) return text;
    if (connection.endReason) return connection.endReason.replace(/\.$/, '');
    const transport = connection.transportErrorSince(since);
    return transport && !text.includes(transport.message) ? `${text}; the connection reported: ${transport.message}` : text;
  }

  private async listen(filter: SubscriptionFilter, what: string): Promise<ServerSubscription> {
    const subscription = await this.call(what, (c) => c.client.listen(filter, this.requestOptions()));
    return {
      // Closed 'local' only by dispose(): the handle is this function's own, and a connection's end is 'remote'.
      ended: subscription.closed.then((how) => (how === 'local' ? 'disposed' : 'lost')),
      // Never rejects: the SDK swallows a cancel notification it could not send.
      dispose: () => subscription.close(),
    };
  }

  /**
   * A 2025 subscription lives as long as its connection. Every change of state ends it: the session leaves
   * `running`, or runs again on a new connection (a start, or a renewed HTTP session, which the server knows
   * nothing of), and the connection is live exactly while the session is running.
   */
  private legacySubscription(c: Connection, unsubscribe: () => Promise<void>): ServerSubscription {
    let settle: (how: 'disposed' | 'lost') => void = () => undefined;
    const ended = new Promise<'disposed' | 'lost'>((resolve) => (settle = resolve));
    const watcher = this.onDidChangeState(() => {
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
        if (this.connection !== c) return;
        await unsubscribe().catch((error) => this.logger.warn(`resources/unsubscribe failed: ${describeError(error)}`));
      },
    };
  }

  /** Adds the log level to `_meta` on the 2026-07-28 revision, where there is no logging/setLevel. */
  private params<P extends object>(params: P): P {
    // Called inside a request, on the live connection.
    if (!this.logLevel || this.connection!.client.getProtocolEra() !== 'modern') return params;
    const meta = (params as { _meta?: Record<string, unknown> })._meta;
    return { ...params, _meta: { [LOG_LEVEL_META_KEY]: this.logLevel, ...meta } };
  }
}
