// Every app on screen: opening a launch inline (the Panel's "MCP App" view, which holds one app, so the
// one there is closed first) or fullscreen (an editor tab), moving an app between the two (a new view
// with the same input and result: a webview cannot move between the Panel and the editor), and
// closing them all when the extension stops.
import * as vscode from 'vscode';
import { showError } from '../common/userMessages';
import { describeError } from '../mcp/errors';
import { readUiResource } from '../mcp/apps/uiResource';
import type { SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import { launchTitle, type AppLaunch } from './appLaunches';
import type { AppDisplayMode } from './appPage';
import { createEditorSurface, type AppSurface, type InlineAppView } from './appSurfaces';
import { AppView, type AppViewServices } from './appView';

/** How long the page may take to come up before the app is given up (a hidden or broken webview). */
const START_TIMEOUT_MS = 30_000;

/** `work`, or an error once the view has had START_TIMEOUT_MS to come up. */
async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(vscode.l10n.t('the view did not load within {0} seconds', START_TIMEOUT_MS / 1000))), START_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export class AppViews implements vscode.Disposable {
  private readonly views = new Set<AppView>();
  /** The last apps closed and how their teardown went, for the host tests. */
  readonly closed: { id: string; tool?: string; outcome: string }[] = [];
  private activeEditorView?: AppView;
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changeEmitter.event;

  constructor(
    private readonly sessions: Pick<SessionManager, 'get'>,
    private readonly inline: InlineAppView,
    private readonly services: Omit<AppViewServices, 'move'>,
  ) {}

  list(): AppView[] {
    return [...this.views];
  }

  get inlineView(): AppView | undefined {
    return this.list().find((v) => v.mode === 'inline');
  }

  /** The app whose editor tab is active, for the commands of the editor's title bar. */
  get activeEditor(): AppView | undefined {
    return this.activeEditorView;
  }

  /** Shows the launch's app; tells the user and resolves undefined when it cannot. */
  async show(launch: AppLaunch, mode: AppDisplayMode = 'inline'): Promise<AppView | undefined> {
    const session = this.sessions.get(launch.server);
    if (!session || !SessionState.isRunning(session.state)) {
      void showError(vscode.l10n.t("cannot show the app {0}: server '{1}' is not running.", launch.resourceUri, launch.server));
      return undefined;
    }
    let resource;
    try {
      resource = await readUiResource(session, launch.resourceUri);
    } catch (error) {
      void showError(vscode.l10n.t("cannot show the app {0} of '{1}': {2}", launch.resourceUri, launch.server, describeError(error)));
      return undefined;
    }
    if (mode === 'inline') await this.inlineView?.close();
    const title = launchTitle(launch);
    let surface: AppSurface;
    try {
      surface = mode === 'inline' ? await withTimeout(this.inline.acquire(title)) : createEditorSurface(title, this.services.icon);
    } catch (error) {
      void showError(vscode.l10n.t('cannot show the app {0}: {1}', launch.resourceUri, describeError(error)));
      return undefined;
    }
    const view = new AppView({ ...this.services, move: (v, m) => this.move(v, m) }, launch, surface, resource);
    this.add(view);
    try {
      await withTimeout(view.start(session));
    } catch (error) {
      const reason = describeError(error);
      this.services.logger(launch.server).error(`App ${launch.resourceUri} could not start: ${reason}`);
      view.showError(vscode.l10n.t('The app could not start: {0}', reason));
    }
    return view;
  }

  /** Shows the view's launch in `mode` and closes the view; resolves with the mode the app is now in. */
  async move(view: AppView, mode: AppDisplayMode): Promise<AppDisplayMode> {
    if (view.mode === mode) return mode;
    const moved = await this.show(view.launch, mode);
    if (!moved) return view.mode;
    // Not awaited: the app asking to move may be the one whose teardown this waits for.
    void view.close().then(() => {
      // The app went to an editor tab: a Panel left open on "No MCP App is open" says nothing (issue 25).
      if (mode === 'fullscreen' && !this.inline.occupied && this.inline.visible) void vscode.commands.executeCommand('workbench.action.closePanel');
    });
    return mode;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.list().map((v) => v.close()));
  }

  private add(view: AppView): void {
    this.views.add(view);
    const panel = (view.surface as { panel?: vscode.WebviewPanel }).panel;
    if (panel) {
      const track = () => {
        if (panel.active) this.activeEditorView = view;
        else if (this.activeEditorView === view) this.activeEditorView = undefined;
      };
      track();
      const subscription = panel.onDidChangeViewState(track);
      view.onDidClose(() => subscription.dispose());
    }
    view.onDidClose((outcome) => {
      this.closed.push({ id: view.id, tool: view.launch.tool?.name, outcome });
      if (this.closed.length > 20) this.closed.shift();
      this.views.delete(view);
      if (this.activeEditorView === view) this.activeEditorView = undefined;
      this.changeEmitter.fire();
    });
    this.changeEmitter.fire();
  }

  dispose(): void {
    void this.closeAll();
    this.changeEmitter.dispose();
  }
}
