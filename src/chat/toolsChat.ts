// `@mcp <free text>`: the user's request goes to the selected model together with the tools of the
// running servers; each tool call the model makes is confirmed by the user (toolConfirmation.ts),
// run, and its result (or the denial) fed back, until the model answers without calling a tool or
// the round cap (mcpClient.chat.maxToolRounds) is reached.
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { SettingKeys } from '../common/settingKeys';
import { describeError } from '../mcp/errors';
import type { SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import type { McpSession } from '../mcp/session';
import type { ToolTasks } from '../mcp/tasks/toolTasks';
import type { Apps } from '../apps/registerApps';
import type { ToolCatalog } from '../tools/toolCatalog';
import { checkStructuredContent } from '../tools/toolResult';
import type { UserAnswers } from '../common/userAnswers';
import type { ChatOutput } from './lmMessages';
import type { ToolApprovals } from './toolApprovals';
import { confirmToolCall } from './toolConfirmation';
import { modelContextMessage } from './appModelContext';
import { toolResultParts } from './toolResultParts';
import { READ_RESULT_TOOL, readLimits, ResultPager } from './largeResults';
import { costTools, fitBudget, formatCost, readBudget, SEARCH_TOOL, ToolSearch, totalCost } from './toolBudget';
import { CommandIds } from '../common/commandIds';
import { modelToolNames, type NamedTool } from './toolNames';
import { selectTools } from './toolSelection';
import type { ToolSwitches } from '../tools/toolSwitches';
import { historyMessages } from './toolsHistory';
import { escapeMarkdownInline, inlineCode } from '../common/markdownSafety';
import { shownLine } from '../common/serverText';

export interface ToolChatServices {
  sessions: Pick<SessionManager, 'get' | 'startDeferred'>;
  tools: ToolCatalog;
  answers: UserAnswers;
  approvals: ToolApprovals;
  /** The Tools view's checkboxes: a tool turned off is never offered to the model. */
  switches: Pick<ToolSwitches, 'isOn'>;
  /** MCP Apps: an "Open App" button for calls of tools with a UI, and what apps want the model to know. */
  apps?: Apps;
  /** Tool calls that their server runs as a task: followed in the Tasks view. */
  tasks?: ToolTasks;
}

export async function handleToolsChat(
  services: ToolChatServices,
  request: Pick<vscode.ChatRequest, 'prompt' | 'model'>,
  history: vscode.ChatContext['history'],
  out: ChatOutput,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  // A tool request is the first use of the servers that wait for one.
  await services.sessions.startDeferred();
  await services.tools.load();
  // A model that says it cannot call tools gets none (sending them would fail the request).
  const canCallTools = (request.model as { capabilities?: { supportsToolCalling?: boolean } }).capabilities?.supportsToolCalling !== false;
  const selection = selectTools(services.tools, services.switches, request.prompt, canCallTools);
  const offered = selection.offered;
  for (const note of selection.notes) out.markdown(`*${note}*\n\n`);
  if (!canCallTools) {
    out.markdown(`*${vscode.l10n.t('{0} cannot call tools; it answers without the MCP tools.', request.model.name)}*\n\n`);
  } else if (offered.length === 0 && selection.notes.length === 0) {
    out.markdown('*No running MCP server offers tools; the model answers on its own.*\n\n');
  }
  // What the tools cost in the model's context; over the budget, the most related that fit, or tool search.
  const budget = readBudget();
  const costs = await costTools(request.model, offered, token);
  const total = totalCost(offered, costs);
  const overBudget = budget.tokens > 0 && total.tokens > budget.tokens;
  const searching = offered.length > 0 && (budget.search === 'always' || (overBudget && budget.search === 'overBudget'));
  let sent = offered;
  if (overBudget && !searching) {
    sent = fitBudget(offered, costs, selection.prompt, budget.tokens);
    out.markdown(`*${vscode.l10n.t('The {0} tools take {1}, over the budget of {2} tokens ({3}): the {4} most related to your request that fit are offered.', offered.length, formatCost(total), budget.tokens.toLocaleString(), `\`${SettingKeys.chatToolTokenBudget}\``, sent.length)}*\n\n`);
  }
  if (searching) out.markdown(`*${vscode.l10n.t('Tool search: the model gets a search tool and loads the tools it asks for ({0} tools, {1} if all were sent).', offered.length, formatCost(total))}*\n\n`);
  const byName = modelToolNames<Tool>(sent);
  const definitions = new Map<string, vscode.LanguageModelChatTool>(
    [...byName].map(([name, t]) => [name, { name, description: `${t.value.description ?? getTitle(t.value)} (MCP server '${t.server}', tool '${t.name}')`, inputSchema: t.value.inputSchema }]),
  );
  const search = searching ? new ToolSearch(byName) : undefined;
  const toolsNow = () => (search ? [search.searchTool(), ...search.loadedNames().map((n) => definitions.get(n)!)] : [...definitions.values()]);
  /** The MCP tools the model was sent in any step, for the answer's last line. */
  const everSent = new Set<string>();
  const maxRounds = vscode.workspace.getConfiguration().get<number>(SettingKeys.chatMaxToolRounds, 10);
  // Results over the size limit: the model gets their start and a tool to read on (largeResults.ts).
  const pager = new ResultPager(readLimits());
  // What open apps asked to tell the model goes with this request, once, and the answer says so.
  const appContext = modelContextMessage(services.apps?.takeModelContext() ?? [], out);
  const messages = [...historyMessages(history), ...appContext, vscode.LanguageModelChatMessage.User(selection.prompt)];
  // "Open App" buttons go after the model's answer: VS Code folds what comes before it into its
  // "Completed N steps" summary, where a button would be out of sight.
  const appButtons: vscode.Command[] = [];
  const steps: ChatOutput = {
    markdown: (value) => out.markdown(value),
    progress: (value) => out.progress(value),
    reference: (value, iconPath) => out.reference(value, iconPath),
    button: (command) => void appButtons.push(command),
  };
  try {
    for (let round = 0; ; round++) {
      if (round < maxRounds) for (const t of toolsNow()) if (byName.has(t.name)) everSent.add(t.name);
      const calls: vscode.LanguageModelToolCallPart[] = [];
      const texts: vscode.LanguageModelTextPart[] = [];
      try {
        const response = await request.model.sendRequest(
          messages,
          { tools: round < maxRounds ? [...toolsNow(), ...(pager.holdsAny ? [pager.readTool()] : [])] : [], justification: vscode.l10n.t('MCP Client offers the tools of your MCP servers to the model.') },
          token,
        );
        for await (const part of response.stream) {
          if (token.isCancellationRequested) return {};
          if (part instanceof vscode.LanguageModelTextPart) {
            texts.push(part);
            out.markdown(part.value);
          } else if (part instanceof vscode.LanguageModelToolCallPart) {
            calls.push(part);
          }
        }
      } catch (error) {
        if (token.isCancellationRequested) return {};
        const reason = error instanceof vscode.LanguageModelError ? `${error.message} (${error.code})` : (error as Error).message;
        return { errorDetails: { message: vscode.l10n.t('The language model {0} could not answer: {1}', request.model.name, reason) } };
      }
      if (calls.length === 0) return { metadata: { command: undefined, toolRounds: round } };
      if (round >= maxRounds) {
        out.markdown(`\n\n*${vscode.l10n.t('Stopped after {0} rounds of tool calls (setting {1}).', maxRounds, `\`${SettingKeys.chatMaxToolRounds}\``)}*`);
        return { metadata: { toolRounds: round, capped: true } };
      }
      messages.push(vscode.LanguageModelChatMessage.Assistant([...texts, ...calls]));
      const results: vscode.LanguageModelToolResultPart[] = [];
      for (const call of calls) {
        if (token.isCancellationRequested) return {};
        const parts =
          call.name === SEARCH_TOOL && search
            ? [new vscode.LanguageModelTextPart(search.search(call.input))]
            : call.name === READ_RESULT_TOOL && pager.holdsAny
              ? pager.read(call.input)
              : await runCall(services, byName.get(call.name), call, steps, token, pager);
        results.push(new vscode.LanguageModelToolResultPart(call.callId, parts));
      }
      messages.push(vscode.LanguageModelChatMessage.User(results));
    }
  } finally {
    if (vscode.workspace.getConfiguration().get<boolean>(SettingKeys.chatShowToolsSent) && everSent.size) {
      const names = [...everSent];
      const cost = totalCost(names.map((n) => byName.get(n)!), costs);
      out.markdown(`\n\n*${vscode.l10n.t('Sent {0} tools ({1}): {2}', names.length, formatCost(cost), names.join(', '))}*`);
    }
    for (const command of appButtons) out.button(command);
  }
}

async function runCall(
  services: ToolChatServices,
  target: NamedTool<Tool> | undefined,
  call: vscode.LanguageModelToolCallPart,
  out: ChatOutput,
  token: vscode.CancellationToken,
  pager: ResultPager,
): Promise<(vscode.LanguageModelTextPart | vscode.LanguageModelPromptTsxPart)[]> {
  const text = (value: string) => [new vscode.LanguageModelTextPart(value)];
  if (!target) return text(`There is no tool named '${call.name}'.`);
  const { server, value: tool } = target;
  const label = `${inlineCode(tool.name)} (${escapeMarkdownInline(server)})`;
  const configured = services.sessions.get(server);
  if (!configured) return text(`The MCP server '${server}' is not configured.`);
  const confirmation = await confirmToolCall(services.answers, services.approvals, configured.definition, tool, call.input as Record<string, unknown>);
  if (!confirmation.allowed) {
    out.markdown(`\n\n*${vscode.l10n.t('You denied the call of {0}.', label)}*\n\n`);
    return text(`The user denied this call of the tool '${tool.name}'. Do not call it again with the same arguments unless the user asks.`);
  }
  const session = services.sessions.get(server);
  if (!session || !SessionState.isRunning(session.state)) return text(`The MCP server '${server}' is not running.`);
  // A tool with a UI: a chat answer cannot hold a webview, so it offers the app as a button (the app then
  // gets the input, and the result or the failure).
  const app = services.apps?.begin(server, tool, confirmation.args, { show: false });
  out.progress(vscode.l10n.t('Calling {0} ({1})…', shownLine(tool.name), shownLine(server)));
  const abort = new AbortController();
  const cancel = token.onCancellationRequested(() => abort.abort());
  try {
    const result: CallToolResult = services.tasks?.runsAsTask(session, tool)
      ? await callAsChatTask(services.tasks, session, tool, confirmation.args, out, abort.signal)
      : await session.callTool({ name: tool.name, arguments: confirmation.args }, { signal: abort.signal, tool });
    app?.end({ result });
    const problem = checkStructuredContent(tool, result);
    const called = result.isError ? `⚠ ${vscode.l10n.t('Called {0}: the tool reported an error', label)}` : vscode.l10n.t('Called {0}', label);
    out.markdown(`\n\n${called}${problem ? ` (${escapeMarkdownInline(problem)})` : ''}.\n\n`);
    if (app) out.button(app.command);
    const fitted = pager.fit(toolResultParts(result, problem));
    if (fitted.cut) {
      const held = fitted.cut.mediaHeld ? vscode.l10n.t(' and {0} image or audio over the byte limit', fitted.cut.mediaHeld) : '';
      out.markdown(`*${vscode.l10n.t('The result of {0} is ≈{1} tokens{2}, over the limit ({3}): the model got its start and reads the rest on demand.', label, fitted.cut.tokens.toLocaleString(), held, `\`${SettingKeys.chatMaxResultTokens}\``)}*\n\n`);
      out.button({ command: CommandIds.openWholeResult, title: vscode.l10n.t('Open Whole Result of {0}', tool.name), arguments: [server, tool, confirmation.args, result] });
    }
    return fitted.parts;
  } catch (error) {
    app?.end(abort.signal.aborted ? { cancelled: vscode.l10n.t('The chat request was stopped.') } : { error: describeError(error) });
    // The error is the server's text: escaped like any server text in Markdown.
    out.markdown(`\n\n⚠ ${vscode.l10n.t('The call of {0} failed: {1}', label, escapeMarkdownInline(describeError(error)))}\n\n`);
    if (app && !token.isCancellationRequested) out.button(app.command);
    return text(`The tool call failed: ${describeError(error)}`);
  } finally {
    cancel.dispose();
  }
}

/**
 * A call the server runs as a task: it shows in the Tasks view and the chat waits for its end. Stopping
 * the chat request does not cancel the task (the user cancels it in the view); the model is told it goes on.
 */
async function callAsChatTask(tasks: ToolTasks, session: McpSession, tool: Tool, args: Record<string, unknown>, out: ChatOutput, signal: AbortSignal): Promise<CallToolResult> {
  const started = await tasks.start(session, tool, args);
  if ('result' in started) return started.result;
  out.progress(vscode.l10n.t('{0} ({1}) runs as a task; it is in the Tasks view…', tool.name, session.name));
  const stopped = new Promise<undefined>((resolve) => signal.addEventListener('abort', () => resolve(undefined), { once: true }));
  const ended = await Promise.race([tasks.whenEnded(started.task), stopped]);
  if (!ended) return { content: [{ type: 'text', text: 'The chat request was stopped; the task goes on in the Tasks view.' }] };
  if (ended.status === 'completed') return ended.result ?? { content: [] };
  throw new Error(ended.status === 'cancelled' ? 'The task was cancelled.' : (ended.error ?? 'The task failed.'));
}

function getTitle(tool: Tool): string {
  return tool.title ?? tool.annotations?.title ?? tool.name;
}
