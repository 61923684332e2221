// What apps asked to tell the model (ui/update-model-context): the latest update of each open app,
// given to the next @mcp request that goes to the model and shown in its answer, then forgotten
// (the spec: the host sends only the last update, with the next user turn). An app that closes takes
// its pending context with it.
import * as vscode from 'vscode';

export interface AppModelContext {
  /** The app's name as the user knows it (the tool's title), and its server. */
  app: string;
  server: string;
  text: string[];
  structuredContent?: Record<string, unknown>;
}

export class ModelContextStore implements vscode.Disposable {
  private readonly pending = new Map<string, AppModelContext>();
  private readonly changeEmitter = new vscode.EventEmitter<string>();
  /** Fires with the view id whose pending context was set or taken. */
  readonly onDidChange = this.changeEmitter.event;

  set(viewId: string, context: AppModelContext): void {
    this.pending.set(viewId, context);
    this.changeEmitter.fire(viewId);
  }

  has(viewId: string): boolean {
    return this.pending.has(viewId);
  }

  forget(viewId: string): void {
    if (this.pending.delete(viewId)) this.changeEmitter.fire(viewId);
  }

  /** Every pending context, once. */
  take(): AppModelContext[] {
    const taken = [...this.pending.entries()];
    this.pending.clear();
    for (const [viewId] of taken) this.changeEmitter.fire(viewId);
    return taken.map(([, context]) => context);
  }

  dispose(): void {
    this.pending.clear();
    this.changeEmitter.dispose();
  }
}
