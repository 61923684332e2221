// Calling a tool with the user watching: a progress notification fed by notifications/progress, with
// a Cancel button that aborts the request (the session sends notifications/cancelled), then the result
// as a read-only document. Shared by the command and anything else that calls a tool by hand.
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { reportHandCall } from '../common/handCalls';
import { beginUserCall } from '../common/userCalls';
import { showError, showInfo, showWarning } from '../common/userMessages';
import { describeError } from '../mcp/errors';
import type { McpSession } from '../mcp/session';
import { RESOURCE_SCHEME, resourceUriParts } from '../resources/resourceUri';
import { checkStructuredContent, renderToolResultMarkdown } from './toolResult';
import type { ToolApps } from '../apps/toolApps';
import type { ToolResultDocuments } from './toolResultDocuments';
import type { ToolTasks } from '../mcp/tasks/toolTasks';
import { callAsTask } from './taskCall';

export interface ToolCallOutcome {
  document?: string;
  isError?: boolean;
  outputProblem?: string;
  cancelled?: boolean;
  error?: string;
  markdown?: string;
  /** The app launch of a tool with a UI (shown beside the result). */
  app?: string;
}

/** Runs the call under a cancellable progress notification (as a task when the server runs it so); never throws. */
export async function callWithProgress(
  session: McpSession,
  tool: Tool,
  args: Record<string, unknown>,
  tasks?: ToolTasks,
): Promise<{ result?: CallToolResult; cancelled?: boolean; error?: string }> {
  if (tasks?.runsAsTask(session, tool)) return callAsTask(tasks, session, tool, args);
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('MCP: {0} ({1})', tool.name, session.name), cancellable: true },
    async (progress, token) => {
      const abort = new AbortController();
      const cancel = token.onCancellationRequested(() => abort.abort());
      let reported = 0;
      try {
        const result = await session.callTool(
          { name: tool.name, arguments: args },
          {
            signal: abort.signal,
            tool,
            onprogress: ({ progress: done, total, message }) => {
              // withProgress wants increments; a server reports totals so far.
              const percent = total ? Math.min(100, (done / total) * 100) : undefined;
              const increment = percent === undefined ? undefined : Math.max(0, percent - reported);
              if (percent !== undefined) reported = percent;
              progress.report({ message: message ?? (total ? `${done}/${total}` : String(done)), increment });
            },
          },
        );
        return { result };
      } catch (error) {
        if (abort.signal.aborted) return { cancelled: true };
        return { error: describeError(error) };
      } finally {
        cancel.dispose();
      }
    },
  );
}

/** Calls, then opens the result; tells the user about errors and schema mismatches. */
export async function runToolAndShow(
  session: McpSession,
  tool: Tool,
  args: Record<string, unknown>,
  documents: ToolResultDocuments,
  apps?: ToolApps,
  tasks?: ToolTasks,
): Promise<ToolCallOutcome> {
  // A tool with a UI: its app opens at once, with the input, and hears how the call ends.
  const app = apps?.begin(session.name, tool, args, { show: true });
  // A request of the server's that fails during the call (sampling without a model) is told in this
  // call's one notification (common/userCalls.ts).
  const call = beginUserCall(session.name);
  const startedAt = Date.now();
  const { result, cancelled, error } = await callWithProgress(session, tool, args, tasks).finally(() => call.end());
  // The call history (src/workbench/history/) keeps it; a result also names the document it opens below.
  const report = (document?: string) =>
    reportHandCall({ kind: 'tool', server: session.name, name: tool.name, arguments: args, startedAt, durationMs: Date.now() - startedAt, outcome: result ? { result, isError: !!result.isError } : cancelled ? { cancelled: true } : { error: error ?? '' }, document });
  const because = call.reasons.join(' ');
  app?.end(result ? { result } : cancelled ? { cancelled: vscode.l10n.t('The user cancelled the call.') } : { error: error ?? '' });
  if (!result) report();
  if (cancelled) {
    void showInfo(vscode.l10n.t("the call of '{0}' was cancelled.", tool.name));
    return { cancelled: true, app: app?.launchId };
  }
  if (!result) {
    void showError(because ? vscode.l10n.t('{0} ({1})', error ?? '', because) : (error ?? ''));
    return { error, app: app?.launchId };
  }
  const { uri, markdown, outputProblem } = await showToolResult(documents, session.name, tool, args, result);
  report(uri.toString());
  const server = session.name;
  if (result.isError && because) void showError(vscode.l10n.t("the tool '{0}' of '{1}' failed: {2} (See the result.)", tool.name, server, because));
  else if (result.isError) void showError(vscode.l10n.t("the tool '{0}' of '{1}' reported an error (see the result).", tool.name, server));
  else if (outputProblem || because) void showWarning(vscode.l10n.t("'{0}' of '{1}': {2}", tool.name, server, [outputProblem, because].filter(Boolean).join(' ')));
  return { document: uri.toString(), isError: !!result.isError, outputProblem, markdown, app: app?.launchId };
}

/** Opens a tool's result as a read-only document (also for a task's result, from the Tasks view). */
export async function showToolResult(documents: ToolResultDocuments, server: string, tool: Tool, args: Record<string, unknown>, result: CallToolResult) {
  const outputProblem = checkStructuredContent(tool, result);
  const markdown = renderToolResultMarkdown({
    server,
    tool,
    args,
    result,
    outputProblem,
    resourceHref: (uri) => vscode.Uri.from({ scheme: RESOURCE_SCHEME, ...resourceUriParts({ server, uri }) }).toString(),
  });
  const uri = await documents.show(markdown, server, tool.name);
  return { uri, markdown, outputProblem };
}
