// One app on screen: the relay page in its surface (Panel view or editor tab), the AppBridge connection
// to it, and what the editor does for the app: links through VS Code's opener,
// messages into the chat input, model context for the next @mcp request, display mode changes, its
// size, its log lines in the server's output channel. The tool call's input and outcome follow the
// launch. Closing asks the app to tear down first (ui/resource-teardown), then removes the surface.
import type { Tool } from '@modelcontextprotocol/client';
import type { McpUiDisplayMode, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import * as vscode from 'vscode';
import { AppConnection, type AppHost, type TeardownOutcome } from '../mcp/apps/appConnection';
import { appSandbox } from '../mcp/apps/appSandbox';
import type { UiResource } from '../mcp/apps/uiResource';
import { describeError } from '../mcp/errors';
import type { Logger } from '../mcp/logger';
import type { McpSession } from '../mcp/session';
import { launchTitle, type AppLaunch } from './appLaunches';
import { appPageHtml, type AppDisplayMode } from './appPage';
import type { AppSurface } from './appSurfaces';
import { specTheme } from './hostStyles';
import type { ModelContextStore } from './modelContext';
import { WebviewAppPort, type PageStyle, type PageViewport } from './webviewAppPort';

/** What a view needs from the rest of the extension. */
export interface AppViewServices {
  hostInfo: { name: string; version: string };
  /** The icon of an app's editor tab. */
  icon: vscode.Uri;
  relayScript: string;
  modelContext: ModelContextStore;
  findTool(server: string, name: string): Promise<Tool | undefined>;
  logger(server: string): Logger;
  openLink(url: string): Promise<boolean>;
  proposeMessage(text: string): Promise<boolean>;
  /** Shows the launch again in `mode` (and closes this view); resolves with the mode it is shown in. */
  move(view: AppView, mode: AppDisplayMode): Promise<AppDisplayMode>;
}

let nextInstance = 1;

export class AppView {
  readonly id = `app-${nextInstance++}`;
  private connection?: AppConnection;
  private port?: WebviewAppPort;
  private readonly closedEmitter = new vscode.EventEmitter<TeardownOutcome | 'removed'>();
  /** Fires once when the app is gone, with how its teardown went ('removed': the surface went first). */
  readonly onDidClose = this.closedEmitter.event;
  private closing?: Promise<void>;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Every size the app asked for, and every link with whether it was opened, for the host tests. */
  readonly sizes: { width?: number; height?: number }[] = [];
  readonly links: { url: string; opened: boolean }[] = [];

  constructor(
    private readonly services: AppViewServices,
    readonly launch: AppLaunch,
    readonly surface: AppSurface,
    readonly resource: UiResource,
  ) {
    this.subscriptions.push(surface.onDidDispose(() => void this.close({ removed: true })));
  }

  get title(): string {
    return launchTitle(this.launch);
  }

  get mode(): AppDisplayMode {
    return this.surface.mode;
  }

  get isInitialized(): boolean {
    return !!this.connection?.isInitialized;
  }

  get appInfo() {
    return this.connection?.appInfo;
  }

  get hostContext(): McpUiHostContext | undefined {
    return this.connection?.hostContext;
  }

  /** Loads the page and connects the app; the launch's input and outcome follow once it is ready. */
  async start(session: Pick<McpSession, 'name' | 'callTool' | 'readResource' | 'onNotification'>): Promise<void> {
    const { launch, surface, resource, services } = this;
    const log = services.logger(launch.server);
    const sandbox = appSandbox(resource);
    if (resource.csp.rejected.length) log.warn(`App ${resource.uri}: ignored CSP entries that are not plain origins: ${resource.csp.rejected.join('; ')}`);
    if (sandbox.refused.length) log.info(`App ${resource.uri}: not granted (a VS Code webview cannot pass them on): ${sandbox.refused.join(', ')}`);
    const port = (this.port = new WebviewAppPort(surface.webview, this.id));
    this.subscriptions.push(port);
    surface.setTitle(this.title, launch.server);
    surface.webview.html = appPageHtml({
      instance: this.id,
      title: this.title,
      pagePolicy: sandbox.pagePolicy,
      sandbox: sandbox.sandbox,
      allow: sandbox.allow,
      mode: surface.mode,
      border: resource.prefersBorder ?? surface.mode === 'inline',
      relayScript: services.relayScript,
      loadingText: vscode.l10n.t('Loading the app…'),
    });
    const { style, viewport } = await port.ready;
    if (this.closing) return;
    this.connection = await AppConnection.open({
      server: session,
      findTool: (name) => services.findTool(launch.server, name),
      resource,
      // The document now that the theme is known: the app's prefers-color-scheme follows VS Code's theme.
      sandbox: appSandbox(resource, specTheme(style.theme)),
      port,
      host: this.host(log),
      hostInfo: services.hostInfo,
      hostContext: {
        ...(launch.tool ? { toolInfo: { tool: launch.tool } } : {}),
        ...styleContext(style),
        displayMode: surface.mode,
        availableDisplayModes: ['inline', 'fullscreen'],
        containerDimensions: this.dimensions(viewport),
        locale: vscode.env.language,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        userAgent: `${vscode.env.appName} ${vscode.version}`,
        platform: 'desktop',
        deviceCapabilities: { hover: true, touch: false },
      },
    });
    const connection = this.connection;
    this.subscriptions.push(
      port.onDidChangeStyle((s) => connection.updateHostContext(styleContext(s))),
      port.onDidChangeViewport((v) => connection.updateHostContext({ containerDimensions: this.dimensions(v) })),
      services.modelContext.onDidChange((id) => id === this.id && this.showContextPending()),
    );
    if (launch.tool) connection.sendToolInput(launch.arguments ?? {});
    const deliver = (outcome: NonNullable<AppLaunch['outcome']>) =>
      outcome.kind === 'result' ? connection.sendToolResult(outcome.result) : connection.sendToolCancelled(outcome.reason);
    if (launch.outcome) deliver(launch.outcome);
    else if (launch.tool) this.subscriptions.push(launch.onDidSettle(deliver));
  }

  /** Shows a sentence in place of the app (it could not be loaded). */
  showError(text: string): void {
    this.port?.showStatus(text, true);
  }

  /**
   * Asks the app to tear down, then removes it. When the surface is already gone (its tab was closed),
   * there is no app left to ask: VS Code removes a webview before telling the extension.
   */
  close(options: { removed?: boolean } = {}): Promise<void> {
    return (this.closing ??= (async () => {
      const outcome: TeardownOutcome | 'removed' = options.removed ? 'removed' : ((await this.connection?.teardown()) ?? 'not initialized');
      if (options.removed) await this.connection?.close();
      this.services.modelContext.forget(this.id);
      for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
      if (!options.removed) this.surface.dispose();
      this.services.logger(this.launch.server).info(`App ${this.resource.uri} closed (teardown: ${outcome}).`);
      this.closedEmitter.fire(outcome);
      this.closedEmitter.dispose();
    })());
  }

  private host(log: Logger): AppHost {
    const { services } = this;
    return {
      openLink: async (url) => {
        let opened = false;
        try {
          opened = await services.openLink(url);
        } catch (error) {
          log.warn(`App ${this.resource.uri}: opening ${url} failed: ${describeError(error)}`);
        }
        this.links.push({ url, opened });
        return opened;
      },
      proposeMessage: (text) => services.proposeMessage(text),
      updateModelContext: ({ text, structuredContent }) =>
        services.modelContext.set(this.id, { app: this.title, server: this.launch.server, text, structuredContent }),
      requestDisplayMode: (mode: McpUiDisplayMode) => services.move(this, mode === 'fullscreen' ? 'fullscreen' : 'inline'),
      resize: (size) => {
        this.sizes.push(size);
        // Inline, the app decides its height; fullscreen, it fills the tab.
        if (this.surface.mode === 'inline') this.port?.resizeFrame(size);
      },
      requestTeardown: () => void this.close(),
      log: (level, text) => log[level](`App ${this.resource.uri}: ${text}`),
    };
  }

  private dimensions(viewport: PageViewport): McpUiHostContext['containerDimensions'] {
    return this.surface.mode === 'fullscreen' ? { width: viewport.width, height: viewport.height } : { width: viewport.width, maxHeight: viewport.height };
  }

  private showContextPending(): void {
    const pending = this.services.modelContext.has(this.id);
    this.surface.setTitle(this.title, pending ? vscode.l10n.t('{0} · context for the next @mcp request', this.launch.server) : this.launch.server);
  }
}

function styleContext(style: PageStyle): Partial<McpUiHostContext> {
  return { theme: specTheme(style.theme), styles: { variables: style.variables as NonNullable<McpUiHostContext['styles']>['variables'] } };
}
