// A tree view's "redraw every row" signal, coalesced: the causes that come close together (twenty servers
// changing state, a catalog, its icons and its costs) make one refresh, sent 50 ms after the first, so
// VS Code asks for the rows once, not once per cause. The refreshes are counted: the host tests read the
// count to check that nothing is redrawn when nothing changed (issue 30).
import * as vscode from 'vscode';

const COALESCE_MS = 50;

export class TreeRefresh<T> implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<T | undefined>();
  readonly event = this.emitter.event;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Whole-tree refreshes sent so far. */
  sent = 0;

  /** A refresh is asked for and not sent yet. */
  get pending(): boolean {
    return this.timer !== undefined;
  }

  /** Every row may have changed: one refresh soon, however often this is called meanwhile. */
  all(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.sent++;
      this.emitter.fire(undefined);
    }, COALESCE_MS);
  }

  /** One row changed (its children too): sent at once, since it asks VS Code for that row only. */
  row(element: T): void {
    this.emitter.fire(element);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.emitter.dispose();
  }
}
