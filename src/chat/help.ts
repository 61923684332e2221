// `@mcp /help` (or `@mcp` alone): what it can do, and every available prompt as a button. A prompt that
// takes arguments puts `@mcp /prompt server/prompt ` into the chat input to be completed; one
// without arguments runs at once.
import * as vscode from 'vscode';
import { getDisplayName } from '../mcp/displayName';
import { promptChatQuery } from '../common/chatInvocation';
import { CommandIds, VscodeCommandIds } from '../common/commandIds';
import { escapeMarkdownInline } from '../common/markdownSafety';
import type { PromptServices } from '../prompts/promptFlow';
import type { ChatOutput } from './lmMessages';
import type { McpChatResult } from './promptCommand';

const MAX_BUTTONS = 40;

const intro = () =>
  [
    vscode.l10n.t('I bring the tools, prompts and resources of your MCP servers into this chat:'),
    '',
    `- ${vscode.l10n.t('Ask anything: the model selected below may use the tools of your running servers. I ask you before every tool call (you can edit the arguments, or allow a tool for the session).')}`,
    `- ${vscode.l10n.t('{0} shows every prompt to pick from, then asks for its arguments.', '`/prompt`')}`,
    `- ${vscode.l10n.t('{0} runs a prompt directly; text after the arguments is added as your own message. When only one server has the prompt, {1} can be left out.', '`/prompt server/prompt name=value other="quoted value"`', '`server/`')}`,
    `- ${vscode.l10n.t('{0} answers a question about a resource.', '`/resource server resource-uri your question`')}`,
    '',
    vscode.l10n.t("The prompt's messages go to the model selected below, and its answer appears here."),
    '',
  ].join('\n');

export async function handleHelp(services: PromptServices, out: ChatOutput, token: vscode.CancellationToken): Promise<McpChatResult> {
  out.markdown(intro());
  out.progress(vscode.l10n.t('Loading the prompts of your servers…'));
  await services.catalog.startStopped((name) => services.startServer(name));
  await services.catalog.load();
  if (token.isCancellationRequested) return {};
  const servers = services.catalog.servers().filter((s) => s.items.length > 0);
  if (servers.length === 0) {
    out.markdown(services.sessions.entries().length === 0 ? vscode.l10n.t('No MCP server is configured yet.') : vscode.l10n.t('None of your running MCP servers offers prompts right now.'));
    out.button({ command: CommandIds.showServers, title: vscode.l10n.t('Show Servers') });
    return { metadata: { command: 'help' } };
  }
  out.markdown(`**${vscode.l10n.t('Available prompts')}**\n\n`);
  let shown = 0;
  for (const { server, items: prompts } of servers) {
    if (shown >= MAX_BUTTONS) break;
    out.markdown(`\n\n${escapeMarkdownInline(server)}:\n\n`);
    for (const prompt of prompts.slice(0, MAX_BUTTONS - shown)) {
      shown++;
      const needsInput = (prompt.arguments ?? []).some((a) => a.required);
      out.button({
        command: VscodeCommandIds.openChat,
        title: getDisplayName(prompt),
        tooltip: prompt.description,
        arguments: [{ query: `${promptChatQuery(server, prompt.name, {})}${needsInput ? ' ' : ''}`, isPartialQuery: needsInput }],
      });
    }
  }
  const total = servers.reduce((n, s) => n + s.items.length, 0);
  if (total > MAX_BUTTONS) out.markdown(`\n\n${vscode.l10n.t('…and {0} more: type {1} to search them all.', total - MAX_BUTTONS, '`@mcp /prompt`')}`);
  return { metadata: { command: 'help' } };
}
