// Calling a tool its server runs as a task, with the user watching: the task goes into the Tasks view
// (where it stays, and survives the notification being hidden or the window reloading), and a progress
// notification follows it here: the server's progress and status message, Cancel sending tasks/cancel.
// Input the task asks for is answered through the elicitation UI while this waits.
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { describeError } from '../mcp/errors';
import type { McpSession } from '../mcp/session';
import type { ToolTasks } from '../mcp/tasks/toolTasks';

export async function callAsTask(
  tasks: ToolTasks,
  session: McpSession,
  tool: Tool,
  args: Record<string, unknown>,
): Promise<{ result?: CallToolResult; cancelled?: boolean; error?: string }> {
  let started;
  try {
    started = await tasks.start(session, tool, args);
  } catch (error) {
    return { error: describeError(error) };
  }
  if ('result' in started) return { result: started.result };
  const { task } = started;
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('MCP task: {0} ({1})', tool.name, session.name), cancellable: true },
    async (progress, token) => {
      let reported = 0;
      const report = () => {
        const p = task.progress;
        const percent = p?.total ? Math.min(100, (p.progress / p.total) * 100) : undefined;
        const increment = percent === undefined ? undefined : Math.max(0, percent - reported);
        if (percent !== undefined) reported = percent;
        progress.report({ message: task.statusMessage ?? p?.message, increment });
      };
      const changes = tasks.onDidChange((changed) => changed === task && report());
      const cancel = token.onCancellationRequested(() => void tasks.cancel(task).catch(() => undefined));
      try {
        const ended = await tasks.whenEnded(task);
        if (ended.status === 'completed') return { result: ended.result ?? { content: [] } };
        if (ended.status === 'cancelled') return { cancelled: true };
        return { error: ended.error ?? vscode.l10n.t('The task failed.') };
      } finally {
        changes.dispose();
        cancel.dispose();
      }
    },
  );
}
