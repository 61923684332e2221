// One running MCP App, host side: ext-apps' AppBridge (the protocol, spec 2026-01-26) over a port to
// the webview, wired to the app's server session and to what the editor offers (links, chat, display
// modes, size). It enforces what the spec leaves to the host: the app reaches only its own server,
// only tools whose visibility includes "app", and hears nothing before it said `initialized`; the
// tool's input, partial input, result and cancellation reach it in the spec's order. No `vscode`.
import { ProtocolError, ProtocolErrorCode, SdkErrorCode, type CallToolResult, type ContentBlock, type Implementation, type ReadResourceResult, type Tool } from '@modelcontextprotocol/client';
import { AppBridge, type McpUiDisplayMode, type McpUiHostCapabilities, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ServerNotification } from '../connection';
import type { Event } from '../lifecycle';
import type { AppSandbox } from './appSandbox';
import { AppPortTransport, type AppMessagePort } from './appTransport';
import type { UiResource } from './uiResource';
import { toolVisibility } from './uiExtension';

/** The most an app may ask to tell the model with the next request (ui/update-model-context), text and structured content together. */
export const MAX_MODEL_CONTEXT_CHARS = 32_000;

/** The part of a session an app uses: its own server, nothing else. */
export interface AppServer {
  readonly name: string;
  callTool(params: { name: string; arguments?: Record<string, unknown> }, options: { signal?: AbortSignal; tool?: Tool }): Promise<CallToolResult>;
  readResource(uri: string, options: { signal?: AbortSignal }): Promise<ReadResourceResult>;
  readonly onNotification: Event<ServerNotification>;
}

/** What the editor does for the app. */
export interface AppHost {
  openLink(url: string): Promise<boolean>;
  /** Puts the text where the user can send it; never sends it. */
  proposeMessage(text: string): Promise<boolean>;
  updateModelContext(context: { text: string[]; structuredContent?: Record<string, unknown> }): void;
  /** Switches to `mode` if it can; resolves with the mode the app is (or will be) shown in. */
  requestDisplayMode(mode: McpUiDisplayMode): Promise<McpUiDisplayMode>;
  resize(size: { width?: number; height?: number }): void;
  requestTeardown(): void;
  log(level: 'debug' | 'info' | 'warn' | 'error', text: string): void;
}

export interface AppConnectionOptions {
  server: AppServer;
  /** The server's tool by name (as currently listed), to check its visibility. */
  findTool(name: string): Promise<Tool | undefined>;
  resource: UiResource;
  sandbox: AppSandbox;
  port: AppMessagePort;
  host: AppHost;
  hostInfo: Implementation;
  hostContext: McpUiHostContext;
}

export const HOST_DISPLAY_MODES: readonly McpUiDisplayMode[] = ['inline', 'fullscreen'];

export type TeardownOutcome = 'answered' | 'refused' | 'timed out' | 'not initialized';

export class AppConnection {
  private readonly bridge: AppBridge;
  private context: McpUiHostContext;
  private initialized = false;
  private readonly ready: Promise<void>;
  /** Host-to-app notifications, in order, each after `initialized`. */
  private outbox: Promise<void>;
  private toolPhase: 'waiting' | 'input' | 'settled' = 'waiting';
  private closed = false;
  private readonly listeners: { dispose(): void }[] = [];

  private constructor(private readonly options: AppConnectionOptions) {
    this.context = options.hostContext;
    this.bridge = new AppBridge(null, options.hostInfo, hostCapabilities(options), { hostContext: options.hostContext });
    let markReady!: () => void;
    this.ready = new Promise((resolve) => (markReady = resolve));
    this.outbox = this.ready;
    this.bridge.addEventListener('initialized', () => {
      this.initialized = true;
      markReady();
      // What changed while the app was starting (a theme switch, a resize) reaches it now.
      this.bridge.setHostContext(this.context);
    });
    this.install();
  }

  /** Connects the bridge; the page then asks for the app (sandbox-proxy-ready) and the app starts. */
  static async open(options: AppConnectionOptions): Promise<AppConnection> {
    const connection = new AppConnection(options);
    await connection.bridge.connect(new AppPortTransport(options.port));
    return connection;
  }

  get isInitialized(): boolean {
    return this.initialized;
  }

  get appInfo(): Implementation | undefined {
    return this.bridge.getAppVersion();
  }

  get hostContext(): McpUiHostContext {
    return this.context;
  }

  /** Merges `changes` into the host context; the app hears only what changed (after `initialized`). */
  updateHostContext(changes: Partial<McpUiHostContext>): void {
    this.context = { ...this.context, ...changes };
    if (this.initialized && !this.closed) this.bridge.setHostContext(this.context);
  }

  /** Streamed arguments, before the complete input (ignored once the input was sent). */
  sendToolInputPartial(args: Record<string, unknown>): void {
    if (this.toolPhase === 'waiting') this.enqueue(() => this.bridge.sendToolInputPartial({ arguments: args }));
  }

  sendToolInput(args: Record<string, unknown>): void {
    if (this.toolPhase !== 'waiting') return;
    this.toolPhase = 'input';
    this.enqueue(() => this.bridge.sendToolInput({ arguments: args }));
  }

  sendToolResult(result: CallToolResult): void {
    if (this.toolPhase !== 'input') return;
    this.toolPhase = 'settled';
    this.enqueue(() => this.bridge.sendToolResult(result));
  }

  sendToolCancelled(reason: string): void {
    if (this.toolPhase !== 'input') return;
    this.toolPhase = 'settled';
    this.enqueue(() => this.bridge.sendToolCancelled({ reason }));
  }

  /**
   * `ui/resource-teardown`, answered or not within `timeoutMs` (an app may not implement it, or hang),
   * then the connection closes. Never throws.
   */
  async teardown(timeoutMs = 3000): Promise<TeardownOutcome> {
    if (this.closed) return 'not initialized';
    let outcome: TeardownOutcome = 'not initialized';
    if (this.initialized) {
      try {
        await this.bridge.teardownResource({}, { timeout: timeoutMs });
        outcome = 'answered';
      } catch (error) {
        outcome = (error as { code?: unknown }).code === SdkErrorCode.RequestTimeout ? 'timed out' : 'refused';
        this.options.host.log('info', `The app did not confirm its teardown (${(error as Error).message}); closing it anyway.`);
      }
    }
    await this.close();
    return outcome;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const listener of this.listeners.splice(0)) listener.dispose();
    await this.bridge.close().catch(() => undefined);
  }

  private enqueue(send: () => Promise<void>): void {
    this.outbox = this.outbox.then(async () => {
      if (this.closed) return;
      try {
        await send();
      } catch (error) {
        this.options.host.log('warn', `Could not deliver to the app: ${(error as Error).message}`);
      }
    });
  }

  private install(): void {
    const { bridge } = this;
    const { server, host, sandbox, resource } = this.options;
    bridge.addEventListener('sandboxready', () => {
      void bridge
        .sendSandboxResourceReady({ html: sandbox.html, sandbox: sandbox.sandbox, csp: cspDeclaration(resource), permissions: sandbox.granted })
        .catch((error: Error) => host.log('error', `Could not hand the app to its view: ${error.message}`));
    });
    bridge.addEventListener('sizechange', (size) => host.resize(size));
    bridge.addEventListener('requestteardown', () => host.requestTeardown());
    bridge.addEventListener('loggingmessage', ({ level, logger, data }) => {
      const text = `${logger ? `[${logger}] ` : ''}${typeof data === 'string' ? data : JSON.stringify(data)}`;
      host.log(level === 'debug' ? 'debug' : level === 'info' || level === 'notice' ? 'info' : level === 'warning' ? 'warn' : 'error', `[app] ${text}`);
    });
    bridge.oncalltool = async (params, extra) => {
      const tool = await this.options.findTool(params.name);
      if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `The server '${server.name}' has no tool named '${params.name}'.`);
      if (!toolVisibility(tool).app) {
        host.log('warn', `Refused the app's call of '${params.name}': the tool is not visible to apps.`);
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `The tool '${params.name}' is not available to apps (its visibility does not include "app").`);
      }
      // The app's own progress token means nothing to the server: the session uses its own.
      const { _meta: _ignored, ...call } = params;
      host.log('info', `The app calls '${params.name}'.`);
      return server.callTool({ name: call.name, arguments: call.arguments }, { signal: extra.mcpReq.signal, tool });
    };
    bridge.onreadresource = (params, extra) => server.readResource(params.uri, { signal: extra.mcpReq.signal });
    bridge.onopenlink = async ({ url }) => ({ isError: !(await host.openLink(url)) });
    bridge.onmessage = async ({ content }) => {
      const text = textOf(content);
      if (text === undefined) return { isError: true };
      return { isError: !(await host.proposeMessage(text)) };
    };
    bridge.onupdatemodelcontext = async ({ content, structuredContent }) => {
      const text = (content ?? []).flatMap((c) => (c.type === 'text' ? [c.text] : []));
      // What goes to the model with the user's next request, unasked: bounded, or refused whole (never cut
      // silently, which could change its meaning); the app is told why.
      const size = text.reduce((n, t) => n + t.length, 0) + (structuredContent === undefined ? 0 : JSON.stringify(structuredContent).length);
      if (size > MAX_MODEL_CONTEXT_CHARS) {
        host.log('warn', `Refused the app's model context of ${size.toLocaleString('en-US')} characters (at most ${MAX_MODEL_CONTEXT_CHARS.toLocaleString('en-US')}).`);
        throw new Error(`The model context is ${size} characters; this host accepts at most ${MAX_MODEL_CONTEXT_CHARS}.`);
      }
      host.updateModelContext({ text, structuredContent });
      return {};
    };
    bridge.onrequestdisplaymode = async ({ mode }) => {
      const current = this.context.displayMode ?? 'inline';
      const offered = bridge.getAppCapabilities()?.availableDisplayModes;
      if (!HOST_DISPLAY_MODES.includes(mode) || (offered && !offered.includes(mode)) || mode === current) return { mode: current };
      return { mode: await host.requestDisplayMode(mode) };
    };
    this.listeners.push(
      server.onNotification((notification) => {
        if (!this.initialized || this.closed) return;
        if (notification.kind === 'toolsChanged') void bridge.sendToolListChanged().catch(() => undefined);
        if (notification.kind === 'resourcesChanged') void bridge.sendResourceListChanged().catch(() => undefined);
      }),
    );
  }
}

/** Text blocks joined; undefined when there is no text (other content types are not offered). */
function textOf(content: ContentBlock[]): string | undefined {
  const texts = content.flatMap((c) => (c.type === 'text' ? [c.text] : []));
  return texts.length ? texts.join('\n\n') : undefined;
}

function cspDeclaration(resource: UiResource) {
  const { connect, resource: res, frame, baseUri } = resource.csp;
  return { connectDomains: connect, resourceDomains: res, frameDomains: frame, baseUriDomains: baseUri };
}

function hostCapabilities({ resource, sandbox }: AppConnectionOptions): McpUiHostCapabilities {
  return {
    openLinks: {},
    serverTools: { listChanged: true },
    serverResources: { listChanged: true },
    logging: {},
    message: { text: {} },
    updateModelContext: { text: {}, structuredContent: {} },
    sandbox: { permissions: sandbox.granted, csp: cspDeclaration(resource) },
  };
}
