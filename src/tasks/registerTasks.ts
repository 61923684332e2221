// Wires tasks into the extension: the tracker every tool call that runs as a task goes through (Call
// Tool…, @mcp), the tasks servers ask this client to run (sampling, elicitation), the capabilities each
// connection declares, the Tasks view and its commands (Cancel Task, Open Result, Clear Finished Tasks).
// The tool tasks' ids are kept per workspace so that after a window reload the view finds them again on
// their servers (which keep a task until its TTL); a server's own tasks end with its connection.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { showError, showInfo } from '../common/userMessages';
import { ViewIds } from '../common/viewIds';
import { describeError } from '../mcp/errors';
import type { SessionManager } from '../mcp/sessionManager';
import { ReceivedTasks, type ReceivedTask } from '../mcp/tasks/receivedTasks';
import { ReceivedTasksCapability } from '../mcp/tasks/receivedTasksCapability';
import { TasksCapability } from '../mcp/tasks/tasksCapability';
import { ToolTasks, type SavedTask, type ToolTasksHost, type TrackedTask } from '../mcp/tasks/toolTasks';
import { TasksTreeProvider } from './tasksTree';
import { l10n } from '../common/shownL10n';
import { shownArg } from '../common/serverText';

const SAVED_TASKS_KEY = 'mcpClient.tasks';

/** The commands take the view's task, or (from a test or another command) its server and id. */
type TaskRef = Pick<TrackedTask | ReceivedTask, 'server' | 'taskId'>;

export interface TasksFeature {
  tasks: ToolTasks;
  received: ReceivedTasks;
  capabilities: [TasksCapability, ReceivedTasksCapability];
  tree: TasksTreeProvider;
  disposables: vscode.Disposable[];
}

export interface TasksOptions {
  workspaceState: vscode.Memento;
  sessions: SessionManager;
  /** Answers a task's input request, and does the work of a task a server sends (the same dialogs either way). */
  answerInput: ToolTasksHost['answerInput'];
  /** Shows a completed task's result (the tools feature's result document). */
  openResult(task: TrackedTask): Promise<void>;
}

export function registerTasks(options: TasksOptions): TasksFeature {
  const tasks = new ToolTasks({ session: (name) => options.sessions.get(name), answerInput: options.answerInput });
  const received = new ReceivedTasks(options.answerInput);
  const tree = new TasksTreeProvider(tasks, received);
  tasks.restore(options.workspaceState.get<SavedTask[]>(SAVED_TASKS_KEY, []));
  let saved = JSON.stringify(tasks.saved());
  const persist = tasks.onDidChange(() => {
    const now = JSON.stringify(tasks.saved());
    if (now !== saved) void options.workspaceState.update(SAVED_TASKS_KEY, tasks.saved());
    saved = now;
  });
  return {
    tasks,
    received,
    capabilities: [new TasksCapability(tasks), new ReceivedTasksCapability(received)],
    tree,
    disposables: [
      tasks,
      received,
      tree,
      persist,
      vscode.window.registerTreeDataProvider(ViewIds.tasks, tree),
      vscode.commands.registerCommand(CommandIds.cancelTask, async (which?: TaskRef) => {
        const own = which && received.find(which.server, which.taskId);
        if (own) return received.cancel(own);
        const task = which && tasks.find(which.server, which.taskId);
        if (!task) return;
        try {
          await tasks.cancel(task);
        } catch (error) {
          void showError(l10n.t("the task of '{0}' could not be cancelled: {1}", shownArg(task.tool), shownArg(describeError(error))));
        }
      }),
      vscode.commands.registerCommand(CommandIds.openTaskResult, async (which?: TaskRef) => {
        const task = which && tasks.find(which.server, which.taskId);
        if (!task) return;
        if (task.status !== 'completed' || !task.result) {
          void showInfo(l10n.t("the task of '{0}' has no result to show ({1}).", shownArg(task.tool), shownArg(task.error ?? task.status)));
          return;
        }
        await options.openResult(task);
      }),
      vscode.commands.registerCommand(CommandIds.clearEndedTasks, () => {
        tasks.clearEnded();
        received.clearEnded();
      }),
    ],
  };
}
