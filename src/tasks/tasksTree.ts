// The Tasks view: every tool call a server runs as a task and every task a server asked this client to
// run, newest first. While one runs, the view refreshes once a second for the elapsed time; otherwise
// only when a task changes.
import * as vscode from 'vscode';
import type { ReceivedTasks } from '../mcp/tasks/receivedTasks';
import type { ToolTasks } from '../mcp/tasks/toolTasks';
import { taskTreeItem, type AnyTask } from './taskPresentation';

export class TasksTreeProvider implements vscode.TreeDataProvider<AnyTask>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<AnyTask | undefined>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly listeners: vscode.Disposable[];
  private ticker: NodeJS.Timeout | undefined;

  constructor(
    private readonly tasks: ToolTasks,
    private readonly received: ReceivedTasks,
  ) {
    this.listeners = [tasks.onDidChange(() => this.refresh()), received.onDidChange(() => this.refresh())];
  }

  getChildren(task?: AnyTask): AnyTask[] {
    return task ? [] : this.all();
  }

  getTreeItem(task: AnyTask): vscode.TreeItem {
    return taskTreeItem(task);
  }

  private all(): AnyTask[] {
    return [...this.tasks.list(), ...this.received.list()].sort((a, b) => b.createdAt - a.createdAt);
  }

  private refresh(): void {
    this.changeEmitter.fire(undefined);
    const running = this.all().some((t) => !t.endedAt);
    // Only the running rows redraw each second (their elapsed time), not the whole list.
    if (running && !this.ticker) this.ticker = setInterval(() => this.all().filter((t) => !t.endedAt).forEach((t) => this.changeEmitter.fire(t)), 1000);
    if (!running && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
  }

  dispose(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.listeners.forEach((l) => l.dispose());
    this.changeEmitter.dispose();
  }
}
