// The History view: calls made by hand in this workspace, pinned ones first, newest first. A row says
// what was called on which server, when, how long it took and how it ended; its tooltip holds the
// arguments (plain text, never Markdown). Clicking a row opens the stored result.
import * as vscode from 'vscode';
import { CommandIds } from '../../common/commandIds';
import { cleanServerLine, cleanServerText, TextCaps } from '../../common/serverText';
import type { CallHistory, HistoryEntry } from './callHistory';

const KIND_ICONS: Record<HistoryEntry['kind'], string> = { tool: 'tools', prompt: 'comment-discussion', resource: 'file' };

export class HistoryTreeProvider implements vscode.TreeDataProvider<HistoryEntry>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly listener: { dispose(): void };

  constructor(private readonly history: CallHistory) {
    this.listener = history.onDidChange(() => this.changeEmitter.fire());
  }

  getChildren(element?: HistoryEntry): HistoryEntry[] {
    return element ? [] : this.history.entries();
  }

  getTreeItem(entry: HistoryEntry): vscode.TreeItem {
    const item = new vscode.TreeItem(cleanServerLine(entry.name, TextCaps.name));
    item.id = entry.id;
    item.description = describeEntry(entry);
    item.tooltip = tooltipOf(entry);
    const failed = outcomeWord(entry) !== undefined && !('result' in entry.outcome);
    item.iconPath = new vscode.ThemeIcon(entry.pinned ? 'pinned' : failed ? 'error' : KIND_ICONS[entry.kind]);
    item.contextValue = `historyEntry kind-${entry.kind} ${entry.pinned ? 'pinned' : 'unpinned'}`;
    item.command = { command: CommandIds.showHistoryResult, title: vscode.l10n.t('Show Result'), arguments: [entry] };
    return item;
  }

  dispose(): void {
    this.listener.dispose();
    this.changeEmitter.dispose();
  }
}

/** "fixture · 14:03:12 · 35 ms · error" */
export function describeEntry(entry: HistoryEntry): string {
  const when = new Date(entry.startedAt);
  const today = new Date().toDateString() === when.toDateString();
  const time = today ? when.toLocaleTimeString() : when.toLocaleString();
  return [entry.server, time, `${entry.durationMs} ms`, outcomeWord(entry)].filter(Boolean).join(' · ');
}

function outcomeWord(entry: HistoryEntry): string | undefined {
  const o = entry.outcome;
  if ('cancelled' in o) return vscode.l10n.t('cancelled');
  if ('error' in o) return vscode.l10n.t('failed');
  if (o.isError) return vscode.l10n.t('error result');
  if ('tooLarge' in o) return vscode.l10n.t('result not kept ({0} KB)', Math.round(o.tooLarge / 1024));
  return undefined;
}

function tooltipOf(entry: HistoryEntry): string {
  const lines = [`${entry.kind} ${entry.name} (${entry.server})`, new Date(entry.startedAt).toLocaleString()];
  if (entry.arguments) lines.push(vscode.l10n.t('Arguments: {0}', JSON.stringify(entry.arguments, null, 2)));
  if ('error' in entry.outcome) lines.push(entry.outcome.error);
  return cleanServerText(lines.join('\n'), TextCaps.description);
}
