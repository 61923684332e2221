// The call history, wired: every call made by hand is kept (through the session's mask), the History
// view, and its actions: show the result, run again, edit and run again (the arguments document opens
// filled in), pin, unpin, remove, clear. Save as Test lives with the tests (src/workbench/tests/).
import * as vscode from 'vscode';
import { CommandIds } from '../../common/commandIds';
import { onHandCall } from '../../common/handCalls';
import { showInfo } from '../../common/userMessages';
import { ViewIds } from '../../common/viewIds';
import type { SessionManager } from '../../mcp/sessionManager';
import type { JsonDocuments } from '../jsonDocuments';
import { CallHistory, type HistoryEntry } from './callHistory';
import { HistoryTreeProvider } from './historyTree';

export interface History {
  history: CallHistory;
  tree: HistoryTreeProvider;
  disposables: vscode.Disposable[];
}

export function registerHistory(workspaceState: vscode.Memento, sessions: SessionManager, documents: JsonDocuments): History {
  // The one mask: the session masks the `${input:…}` values it was started with (its logs use the same).
  const history = new CallHistory(workspaceState, (server, text) => sessions.get(server)?.mask(text) ?? text);
  const tree = new HistoryTreeProvider(history);
  const entryOf = (arg: unknown) => (typeof arg === 'string' ? history.get(arg) : (arg as HistoryEntry | undefined) && history.get((arg as HistoryEntry).id));
  const withEntry = (action: (entry: HistoryEntry) => unknown) => (arg: unknown) => {
    const entry = entryOf(arg);
    return entry ? action(entry) : undefined;
  };
  const command = vscode.commands.registerCommand;
  return {
    history,
    tree,
    disposables: [
      history,
      tree,
      onHandCall((call) => void history.add(call)),
      vscode.window.registerTreeDataProvider(ViewIds.history, tree),
      command(CommandIds.showHistoryResult, withEntry((entry) => documents.show(resultDocument(entry), entry.server, `${entry.name} result`))),
      command(CommandIds.runHistoryEntry, withEntry((entry) => runAgain(entry, false))),
      command(CommandIds.editHistoryEntry, withEntry((entry) => runAgain(entry, true))),
      command(CommandIds.pinHistoryEntry, withEntry((entry) => history.setPinned(entry.id, true))),
      command(CommandIds.unpinHistoryEntry, withEntry((entry) => history.setPinned(entry.id, false))),
      command(CommandIds.removeHistoryEntry, withEntry((entry) => history.remove(entry.id))),
      command(CommandIds.clearHistory, async () => {
        const removed = await history.clear();
        const pinned = history.entries().length;
        void showInfo(pinned ? vscode.l10n.t('removed {0} calls from the history; {1} pinned calls stay.', removed, pinned) : vscode.l10n.t('removed {0} calls from the history.', removed));
        return removed;
      }),
    ],
  };
}

/** The call again, through the command that made it (so it lands in the history again). */
function runAgain(entry: HistoryEntry, edit: boolean): Thenable<unknown> {
  switch (entry.kind) {
    case 'tool':
      return vscode.commands.executeCommand(CommandIds.callTool, { server: entry.server, tool: entry.name, arguments: entry.arguments ?? {}, editArguments: edit });
    case 'prompt':
      return vscode.commands.executeCommand(CommandIds.runPrompt, { server: entry.server, prompt: entry.name, arguments: entry.arguments ?? {}, action: 'document' });
    case 'resource':
      return vscode.commands.executeCommand(CommandIds.openResource, { server: entry.server, uri: entry.name });
  }
}

/** What "Show Result" opens: the call, its arguments and what came back, as JSON. */
function resultDocument(entry: HistoryEntry): unknown {
  return { server: entry.server, [entry.kind]: entry.name, arguments: entry.arguments, ranAt: new Date(entry.startedAt).toISOString(), durationMs: entry.durationMs, ...entry.outcome };
}
