// Saved calls as tests, wired: the Test Explorer's controller, Save as Test (from the history and from a
// result document), and Update Snapshot (from a snapshot mismatch's message or a test's context menu).
import * as vscode from 'vscode';
import { CommandIds } from '../../common/commandIds';
import type { UserAnswers } from '../../common/userAnswers';
import { showInfo } from '../../common/userMessages';
import type { SessionManager } from '../../mcp/sessionManager';
import type { ToolCatalog } from '../../tools/toolCatalog';
import type { CallHistory } from '../history/callHistory';
import { ResultTabs } from './resultTabs';
import { SavedCallTests } from './savedCallTests';
import { saveAsTest } from './saveAsTest';
import { SnapshotStore } from './snapshotStore';

export interface Tests {
  tests: SavedCallTests;
  disposables: vscode.Disposable[];
}

export function registerTests(sessions: SessionManager, catalog: ToolCatalog, history: CallHistory, answers: UserAnswers, devRestarted: vscode.Event<string>): Tests {
  const snapshots = new SnapshotStore();
  const tests = new SavedCallTests({ sessions, catalog, snapshots }, devRestarted);
  tests.readOpenFiles();
  const resultTabs = new ResultTabs(history);
  const command = vscode.commands.registerCommand;
  return {
    tests,
    disposables: [
      tests,
      resultTabs,
      command(CommandIds.saveAsTest, async (arg?: unknown) => {
        // From a result's title bar the argument is the previewed document or nothing: the active tab says which call.
        const saved = await saveAsTest(arg ?? resultTabs.current, history, catalog, snapshots, answers);
        if (saved) await tests.load(vscode.Uri.parse(saved.file));
        return saved;
      }),
      command(CommandIds.updateSnapshot, (arg?: unknown) => updateSnapshot(tests, snapshots, arg)),
    ],
  };
}

/** Stores the test's last result as its snapshot (running it first if it has not run), then runs it again. */
async function updateSnapshot(tests: SavedCallTests, snapshots: SnapshotStore, arg: unknown): Promise<boolean> {
  const given = arg && typeof arg === 'object' && 'test' in arg ? (arg as { test: vscode.TestItem }).test : (arg as vscode.TestItem | undefined);
  const item = given && tests.find(given.id);
  const saved = item && tests.callOf(item.id);
  if (!item || !saved) return false;
  const request = new vscode.TestRunRequest([item], undefined, tests.runProfile);
  const cancel = new vscode.CancellationTokenSource();
  try {
    if (!tests.lastSnapshots.has(item.id)) await tests.run(request, cancel.token, false);
    const snapshot = tests.lastSnapshots.get(item.id);
    if (snapshot === undefined) return false;
    await snapshots.write(saved.file, saved.call.name, snapshot);
    void showInfo(vscode.l10n.t('updated the snapshot of "{0}".', saved.call.name));
    await tests.run(request, cancel.token, false);
    return true;
  } finally {
    cancel.dispose();
  }
}
