// globalState as the extension needs it: what it wrote, it reads back. VS Code's extension-host Memento
// replaces its whole cached value when the window echoes a storage change; under load an echo of an earlier
// write can arrive after a later one, and the later keys vanish until the next echo (seen in a host run: a
// workspace server's approval, written and read back at once, was gone 0.4 s later, so the next question
// could not say what had changed and a restart was refused as "changed"). Every store of the extension goes
// through this one wrapper: activation wraps the context once, and passes on only the wrapped one.
import type * as vscode from 'vscode';

type GlobalMemento = vscode.Memento & { setKeysForSync?(keys: readonly string[]): void };

const DELETED = Symbol('deleted');

export function readYourWrites<M extends GlobalMemento>(inner: M): M {
  /** This extension host's own writes, newest value per key (DELETED for a key set to undefined). */
  const written = new Map<string, unknown>();
  const wrapper: GlobalMemento = {
    get<T>(key: string, defaultValue?: T): T | undefined {
      if (!written.has(key)) return inner.get<T>(key, defaultValue as T);
      const value = written.get(key);
      return value === DELETED ? defaultValue : (value as T);
    },
    update(key: string, value: unknown): Thenable<void> {
      written.set(key, value === undefined ? DELETED : value);
      const done = inner.update(key, value);
      // VS Code stores the Memento's whole cached value at each update: if an older echo dropped a key this
      // host wrote (or brought back one it deleted), write it again, or the stale value is what persists.
      for (const [other, mine] of written) {
        if (other === key) continue;
        const stored = inner.get(other);
        if (mine === DELETED ? stored !== undefined : stored === undefined) void inner.update(other, mine === DELETED ? undefined : mine);
      }
      return done;
    },
    keys(): readonly string[] {
      const keys = new Set(inner.keys());
      for (const [key, value] of written) {
        if (value === DELETED) keys.delete(key);
        else keys.add(key);
      }
      return [...keys];
    },
    setKeysForSync: (keys: readonly string[]) => inner.setKeysForSync?.(keys),
  };
  return wrapper as M;
}

/** The extension's context with both stores wrapped: activation passes this one on, never the raw one. */
export function withReadYourWrites(context: vscode.ExtensionContext): vscode.ExtensionContext {
  return Object.create(context, {
    globalState: { value: readYourWrites(context.globalState) },
    workspaceState: { value: readYourWrites(context.workspaceState) },
  }) as vscode.ExtensionContext;
}
