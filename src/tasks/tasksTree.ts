// The Tasks view: every tool call a server runs as a task, newest first. While one runs, the view
// refreshes once a second for the elapsed time; otherwise only when a task changes.
import * as vscode from 'vscode';
import type { ToolTasks, TrackedTask } from '../mcp/tasks/toolTasks';
import { taskTreeItem } from './taskPresentation';

export class TasksTreeProvider implements vscode.TreeDataProvider<TrackedTask>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<TrackedTask | undefined>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly listener: vscode.Disposable;
  private ticker: NodeJS.Timeout | undefined;

  constructor(private readonly tasks: ToolTasks) {
    this.listener = tasks.onDidChange(() => this.refresh());
  }

  getChildren(task?: TrackedTask): TrackedTask[] {
    return task ? [] : this.tasks.list();
  }

  getTreeItem(task: TrackedTask): vscode.TreeItem {
    return taskTreeItem(task);
  }

  private refresh(): void {
    this.changeEmitter.fire(undefined);
    const running = this.tasks.list().some((t) => !t.endedAt);
    // Only the running rows redraw each second (their elapsed time), not the whole list.
    if (running && !this.ticker) this.ticker = setInterval(() => this.tasks.list().filter((t) => !t.endedAt).forEach((t) => this.changeEmitter.fire(t)), 1000);
    if (!running && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
  }

  dispose(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.listener.dispose();
    this.changeEmitter.dispose();
  }
}
