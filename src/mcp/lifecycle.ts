// Minimal event and disposal primitives for code that must not import `vscode`.
// They mirror vscode.EventEmitter / vscode.Disposable so the two fit together structurally.

export interface IDisposable {
  dispose(): void;
}

export type Event<T> = (listener: (value: T) => void) => IDisposable;

export class Emitter<T> implements IDisposable {
  private listeners = new Set<(value: T) => void>();

  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        // A faulty listener must not break the emitter or its other listeners.
        console.error('MCP Client: event listener failed', error);
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}

/** Owns a set of disposables and disposes them in reverse order of registration. */
export class DisposableStore implements IDisposable {
  private items: IDisposable[] = [];
  private disposed = false;

  add<T extends IDisposable>(item: T): T {
    if (this.disposed) {
      item.dispose();
    } else {
      this.items.push(item);
    }
    return item;
  }

  dispose(): void {
    this.disposed = true;
    for (const item of this.items.splice(0).reverse()) {
      try {
        item.dispose();
      } catch (error) {
        console.error('MCP Client: dispose failed', error);
      }
    }
  }
}

/** Base class for long-lived objects: `_register()` ties a resource's life to this object's. */
export abstract class Disposable implements IDisposable {
  private readonly store = new DisposableStore();
  protected _register<T extends IDisposable>(item: T): T {
    return this.store.add(item);
  }
  dispose(): void {
    this.store.dispose();
  }
}
