// Snapshots of saved calls, in a file beside the tests (`calls.mcp-tests.snap.json`): one object, test
// name → the result as a snapshot keeps it (sorted keys, pretty-printed, so a review diff reads well).
import * as vscode from 'vscode';
import { sortKeys } from './expectations';
import { snapshotPathOf } from './testFile';

export class SnapshotStore {
  /** Writes to one file, one at a time (a run stores several snapshots of the same file). */
  private queue: Promise<unknown> = Promise.resolve();

  fileOf(testFile: vscode.Uri): vscode.Uri {
    return testFile.with({ path: snapshotPathOf(testFile.path) });
  }

  async read(testFile: vscode.Uri): Promise<Record<string, unknown>> {
    try {
      const parsed = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(this.fileOf(testFile)))) as unknown;
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  /** Stores (or replaces) the snapshot of `name`. */
  write(testFile: vscode.Uri, name: string, snapshot: unknown): Promise<void> {
    const next = this.queue.then(async () => {
      const all = await this.read(testFile);
      all[name] = snapshot;
      const text = `${JSON.stringify(sortKeys(all), null, 2)}\n`;
      await vscode.workspace.fs.writeFile(this.fileOf(testFile), new TextEncoder().encode(text));
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}
