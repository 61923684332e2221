// Where an app is shown. Inline: the "MCP App" view in the Panel (one app at a time, sized to the app,
// the view scrolls). Fullscreen: an editor tab of its own, the app filling it. Both are webviews with
// scripts (the relay page's), no local resources, no command links, and kept alive while hidden so a
// running app keeps its state when the user looks elsewhere.
import * as vscode from 'vscode';
import { APP_PANEL_TYPE, focusViewCommand, ViewIds } from '../common/viewIds';
import type { AppDisplayMode } from './appPage';

const WEBVIEW_OPTIONS: vscode.WebviewOptions = { enableScripts: true, enableForms: true, enableCommandUris: false, localResourceRoots: [] };

export interface AppSurface {
  readonly mode: AppDisplayMode;
  readonly webview: vscode.Webview;
  /** Fires when the surface goes away without us: its tab was closed, its view removed or taken over. */
  readonly onDidDispose: vscode.Event<void>;
  setTitle(title: string, description?: string): void;
  reveal(): void;
  /** Removes it (after the app was torn down). */
  dispose(): void;
}

/** An app in its own editor tab. */
export function createEditorSurface(title: string, icon: vscode.Uri, viewColumn = vscode.ViewColumn.Active): AppSurface & { readonly panel: vscode.WebviewPanel } {
  const panel = vscode.window.createWebviewPanel(APP_PANEL_TYPE, title, { viewColumn, preserveFocus: false }, { ...WEBVIEW_OPTIONS, retainContextWhenHidden: true });
  panel.iconPath = icon;
  const disposed = new vscode.EventEmitter<void>();
  let closing = false;
  panel.onDidDispose(() => {
    if (!closing) disposed.fire();
    disposed.dispose();
  });
  return {
    panel,
    mode: 'fullscreen',
    webview: panel.webview,
    onDidDispose: disposed.event,
    setTitle: (text) => (panel.title = text),
    reveal: () => panel.reveal(),
    dispose: () => {
      closing = true;
      panel.dispose();
    },
  };
}

const EMPTY_HTML = (text: string) =>
  `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"></head>` +
  `<body style="padding: 12px; color: var(--vscode-descriptionForeground); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size)">${text}</body></html>`;

/** The Panel's "MCP App" view: lends its webview to one app at a time. */
export class InlineAppView implements vscode.WebviewViewProvider, vscode.Disposable {
  private view?: vscode.WebviewView;
  private resolved?: () => void;
  private lease?: { disposed: vscode.EventEmitter<void> };

  constructor(private readonly emptyText: () => string) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    view.webview.options = WEBVIEW_OPTIONS;
    if (!this.lease) this.showEmpty();
    view.onDidDispose(() => {
      if (this.view !== view) return;
      this.view = undefined;
      this.endLease();
    });
    this.resolved?.();
  }

  /** Whether an app holds the view now. */
  get occupied(): boolean {
    return this.lease !== undefined;
  }

  /** Whether the view is on screen (the Panel is open on it). */
  get visible(): boolean {
    return !!this.view?.visible;
  }

  /** Shows the view and lends it to a new app (the previous one must have been closed first). */
  async acquire(title: string): Promise<AppSurface> {
    this.endLease();
    if (!this.view) {
      const resolved = new Promise<void>((resolve) => (this.resolved = resolve));
      await vscode.commands.executeCommand(focusViewCommand(ViewIds.app));
      await resolved;
    } else {
      this.view.show(true);
    }
    const view = this.view!;
    const lease = { disposed: new vscode.EventEmitter<void>() };
    this.lease = lease;
    view.title = title;
    return {
      mode: 'inline',
      webview: view.webview,
      onDidDispose: lease.disposed.event,
      setTitle: (text, description) => {
        if (this.lease !== lease || !this.view) return;
        this.view.title = text;
        this.view.description = description;
      },
      reveal: () => this.lease === lease && this.view?.show(false),
      dispose: () => {
        if (this.lease !== lease) return;
        this.lease = undefined;
        lease.disposed.dispose();
        this.showEmpty();
      },
    };
  }

  private endLease(): void {
    const lease = this.lease;
    this.lease = undefined;
    lease?.disposed.fire();
    lease?.disposed.dispose();
  }

  private showEmpty(): void {
    if (!this.view) return;
    this.view.title = undefined;
    this.view.description = undefined;
    this.view.webview.html = EMPTY_HTML(this.emptyText());
  }

  dispose(): void {
    this.endLease();
  }
}
