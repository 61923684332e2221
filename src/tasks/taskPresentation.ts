// How a task looks in the Tasks view: the tool (or, for a task a server asked this client to run,
// "sampling" / "elicitation") and server, a status word with its icon, the progress, the elapsed time
// (ticking while it runs). The server's status message is its own text: shown plain.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import type { ReceivedTask } from '../mcp/tasks/receivedTasks';
import type { TrackedTask } from '../mcp/tasks/toolTasks';
import { ShownTreeItem } from '../common/shownUi';
import { shownLine, TextCaps } from '../common/serverText';
import { md, mdText } from '../common/shownMarkdown';
import { shownTooltip } from '../common/shownUi';

/** A row of the Tasks view: a tool call a server runs as a task, or a task a server asked this client to run. */
export type AnyTask = TrackedTask | ReceivedTask;

const isReceived = (task: AnyTask): task is ReceivedTask => 'method' in task;

function taskLabel(task: AnyTask): string {
  if (!isReceived(task)) return task.tool;
  return task.method === 'sampling/createMessage' ? vscode.l10n.t('sampling') : vscode.l10n.t('elicitation');
}

export function statusWord(task: AnyTask): string {
  switch (task.status) {
    case 'working':
      return vscode.l10n.t('working');
    case 'input_required':
      return vscode.l10n.t('input required');
    case 'completed':
      return vscode.l10n.t('completed');
    case 'failed':
      return vscode.l10n.t('failed');
    case 'cancelled':
      return vscode.l10n.t('cancelled');
  }
}

function statusIcon(task: AnyTask): vscode.ThemeIcon {
  switch (task.status) {
    case 'working':
      return new vscode.ThemeIcon('sync~spin');
    case 'input_required':
      return new vscode.ThemeIcon('question', new vscode.ThemeColor('notificationsWarningIcon.foreground'));
    case 'completed':
      return new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
    case 'failed':
      return new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
    case 'cancelled':
      return new vscode.ThemeIcon('circle-slash');
  }
}

/** 0:07, 12:34, 1:02:03 */
export function elapsed(task: AnyTask, now = Date.now()): string {
  const total = Math.max(0, Math.floor(((task.endedAt ?? now) - task.createdAt) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function progressText(task: AnyTask): string | undefined {
  const p = isReceived(task) ? undefined : task.progress;
  if (!p || task.status === 'completed') return undefined;
  return p.total ? `${Math.round((p.progress / p.total) * 100)}%` : String(p.progress);
}

/** What the view and the test hooks show for a task, in one place. */
export function describeTask(task: AnyTask): { label: string; description: string; detail: string | undefined } {
  const description = [task.server, statusWord(task), progressText(task), elapsed(task)].filter(Boolean).join(' · ');
  const detail = isReceived(task)
    ? (task.error ?? vscode.l10n.t("'{0}' asked for this as a task: it can follow and cancel it.", task.server))
    : (task.error ?? task.statusMessage ?? task.progress?.message);
  return { label: taskLabel(task), description, detail };
}

export function taskTreeItem(task: AnyTask): vscode.TreeItem {
  const { label, description, detail } = describeTask(task);
  const item = new ShownTreeItem(shownLine(label), vscode.TreeItemCollapsibleState.None);
  item.id = `task/${task.server}/${task.taskId}`;
  item.description = shownLine(description, TextCaps.rowDescription);
  item.iconPath = statusIcon(task);
  item.tooltip = shownTooltip(
    md`**${mdText(label, TextCaps.name)}** · ${mdText(task.server, TextCaps.name)}\n\n${mdText(vscode.l10n.t('Task {0}: {1}, {2} elapsed', task.taskId, statusWord(task), elapsed(task)))}\n\n${detail ? mdText(detail) : md``}`,
  );
  const terminal = task.status === 'completed' || task.status === 'failed' || task.status === 'cancelled';
  // A server's own task has no result to open here: it went to the server (the sampling log keeps sampling answers).
  const hasResult = task.status === 'completed' && !isReceived(task);
  item.contextValue = terminal ? (hasResult ? 'mcpTask ended completed' : 'mcpTask ended') : 'mcpTask running';
  if (hasResult) item.command = { command: CommandIds.openTaskResult, title: vscode.l10n.t('Open Result'), arguments: [task] };
  return item;
}
