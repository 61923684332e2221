// How a task looks in the Tasks view: the tool and server, a status word with its icon, the progress,
// the elapsed time (ticking while it runs). The server's status message is its own text: shown plain.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { escapeMarkdownInline } from '../common/markdownSafety';
import type { TrackedTask } from '../mcp/tasks/toolTasks';

export function statusWord(task: TrackedTask): string {
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

function statusIcon(task: TrackedTask): vscode.ThemeIcon {
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
export function elapsed(task: TrackedTask, now = Date.now()): string {
  const total = Math.max(0, Math.floor(((task.endedAt ?? now) - task.createdAt) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function progressText(task: TrackedTask): string | undefined {
  const p = task.progress;
  if (!p || task.status === 'completed') return undefined;
  return p.total ? `${Math.round((p.progress / p.total) * 100)}%` : String(p.progress);
}

/** What the view and the test hooks show for a task, in one place. */
export function describeTask(task: TrackedTask): { label: string; description: string; detail: string | undefined } {
  const description = [task.server, statusWord(task), progressText(task), elapsed(task)].filter(Boolean).join(' · ');
  return { label: task.tool, description, detail: task.error ?? task.statusMessage ?? task.progress?.message };
}

export function taskTreeItem(task: TrackedTask): vscode.TreeItem {
  const { label, description, detail } = describeTask(task);
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  item.id = `task/${task.server}/${task.taskId}`;
  item.description = description;
  item.iconPath = statusIcon(task);
  const tooltip = new vscode.MarkdownString();
  tooltip.appendMarkdown(`**${escapeMarkdownInline(task.tool)}** · ${escapeMarkdownInline(task.server)}\n\n`);
  tooltip.appendMarkdown(`${escapeMarkdownInline(vscode.l10n.t('Task {0}: {1}, {2} elapsed', task.taskId, statusWord(task), elapsed(task)))}\n\n`);
  if (detail) tooltip.appendMarkdown(escapeMarkdownInline(detail));
  item.tooltip = tooltip;
  const terminal = task.status === 'completed' || task.status === 'failed' || task.status === 'cancelled';
  item.contextValue = terminal ? (task.status === 'completed' ? 'mcpTask ended completed' : 'mcpTask ended') : 'mcpTask running';
  if (task.status === 'completed') item.command = { command: CommandIds.openTaskResult, title: vscode.l10n.t('Open Result'), arguments: [task] };
  return item;
}
