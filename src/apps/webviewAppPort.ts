// The extension's end of one app page (media/app-relay.js): JSON-RPC to and from the app as an
// AppMessagePort for the AppBridge, and the page's own reports (VS Code's theme values, the room the
// app has). Messages carry the page's instance id, so a page that was replaced cannot speak for the
// next one in the same webview. JSON-RPC that arrives before the bridge listens is kept for it.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import type { AppMessagePort } from '../mcp/apps/appTransport';
import type { VsCodeThemeKind } from './hostStyles';

export interface PageStyle {
  theme: VsCodeThemeKind;
  variables: Record<string, string>;
}
export interface PageViewport {
  width: number;
  height: number;
}

type FromViewport = PageViewport & { origins?: unknown };

type FromPage =
  | { instance: string; kind: 'rpc'; message: unknown }
  | ({ instance: string; kind: 'style' } & PageStyle)
  | ({ instance: string; kind: 'viewport' } & FromViewport);

export class WebviewAppPort implements AppMessagePort, vscode.Disposable {
  private readonly listeners = new Set<(message: unknown) => void>();
  private readonly early: unknown[] = [];
  private readonly styleEmitter = new vscode.EventEmitter<PageStyle>();
  private readonly viewportEmitter = new vscode.EventEmitter<PageViewport>();
  readonly onDidChangeStyle = this.styleEmitter.event;
  readonly onDidChangeViewport = this.viewportEmitter.event;
  private style?: PageStyle;
  private viewport?: PageViewport;
  /** The page's origin and its ancestors' (VS Code's), as the page reports them. */
  origins: string[] = [];
  private readonly subscription: vscode.Disposable;
  /** Resolves with the page's first reports of theme and room: the host context the app starts with. */
  readonly ready: Promise<{ style: PageStyle; viewport: PageViewport }>;

  constructor(
    private readonly webview: vscode.Webview,
    instance: string,
  ) {
    let resolveReady!: (value: { style: PageStyle; viewport: PageViewport }) => void;
    this.ready = new Promise((resolve) => (resolveReady = resolve));
    this.subscription = webview.onDidReceiveMessage((data: FromPage) => {
      if (!data || typeof data !== 'object' || data.instance !== instance) return;
      if (data.kind === 'rpc') {
        if (this.listeners.size === 0) this.early.push(data.message);
        for (const listener of this.listeners) listener(data.message);
      } else if (data.kind === 'style' && data.variables && typeof data.variables === 'object') {
        this.style = { theme: data.theme, variables: data.variables };
        this.styleEmitter.fire(this.style);
      } else if (data.kind === 'viewport' && typeof data.width === 'number' && typeof data.height === 'number') {
        this.viewport = { width: Math.round(data.width), height: Math.round(data.height) };
        if (Array.isArray(data.origins)) this.origins = data.origins.filter((o): o is string => typeof o === 'string');
        this.viewportEmitter.fire(this.viewport);
      }
      if (this.style && this.viewport) resolveReady({ style: this.style, viewport: this.viewport });
    });
  }

  post(message: JSONRPCMessage): PromiseLike<boolean> {
    return this.webview.postMessage({ kind: 'rpc', message });
  }

  onMessage(listener: (message: unknown) => void): vscode.Disposable {
    this.listeners.add(listener);
    for (const message of this.early.splice(0)) listener(message);
    return new vscode.Disposable(() => this.listeners.delete(listener));
  }

  /** The app's size, for the page to give its iframe (inline display). */
  resizeFrame(size: { width?: number; height?: number }): void {
    void this.webview.postMessage({ kind: 'size', ...size });
  }

  showStatus(text: string, error = false): void {
    void this.webview.postMessage({ kind: 'status', text, error });
  }

  dispose(): void {
    this.subscription.dispose();
    this.listeners.clear();
    this.styleEmitter.dispose();
    this.viewportEmitter.dispose();
  }
}
