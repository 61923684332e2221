// `@mcp /prompt`: with nothing after it, the prompt picker and argument steps; with
// `server/prompt name=value … text`, that prompt directly (missing required arguments are asked for).
// The prompt's messages, plus the user's own text, become the conversation sent to the model the
// user selected; its answer streams back, the prompt's resources are shown as references, and the
// follow-ups offer the server's other prompts.
import * as vscode from 'vscode';
import { getDisplayName } from '../mcp/displayName';
import { RESOURCE_SCHEME, resourceUriParts } from '../resources/resourceUri';
import { formatInvocation, parseInvocation } from '../common/chatInvocation';
import { escapeMarkdownInline } from '../common/markdownSafety';
import { choosePrompt, completeArguments, type ChosenPrompt, type PromptServices } from '../prompts/promptFlow';
import { getPromptResult, locatePrompt } from '../prompts/promptRunner';
import { checkArgumentNames } from '../prompts/resolvePrompt';
import { promptConversation } from './chatContent';
import { streamModelReply, toLanguageModelMessages, type ChatOutput } from './lmMessages';

export interface McpChatMetadata {
  command?: string;
  followups?: vscode.ChatFollowup[];
}
export type McpChatResult = vscode.ChatResult & { metadata?: McpChatMetadata };

const usage = () => vscode.l10n.t('Usage: {0}, or just {1} to pick one.', '`@mcp /prompt server/prompt name=value other="quoted value" your own text`', '`@mcp /prompt`');
const MAX_FOLLOWUPS = 3;

export async function handlePromptCommand(
  services: PromptServices,
  request: Pick<vscode.ChatRequest, 'prompt' | 'model'>,
  out: ChatOutput,
  token: vscode.CancellationToken,
): Promise<McpChatResult> {
  const parsed = parseInvocation(request.prompt);
  if (!parsed.ok) return say(out, `${escapeMarkdownInline(parsed.error)}\n\n${usage()}`);
  let chosen: ChosenPrompt | undefined;
  if (parsed.ref === undefined) {
    if (Object.keys(parsed.args).length > 0) return say(out, `${vscode.l10n.t('Name the prompt before its arguments.')} ${usage()}`);
    out.progress(vscode.l10n.t('Choose a prompt…'));
    chosen = await choosePrompt(services);
    if (!chosen) return say(out, vscode.l10n.t('No prompt was chosen.'));
  } else {
    out.progress(vscode.l10n.t('Looking up {0}…', parsed.ref));
    const found = await locatePrompt(services, parsed.ref);
    if (token.isCancellationRequested) return {};
    if (!found.ok) {
      const fix = found.suggestion && formatInvocation(found.suggestion.server, found.suggestion.prompt, parsed.args, parsed.rest);
      return say(out, escapeMarkdownInline(found.message), fix ? [{ prompt: fix, command: 'prompt', label: vscode.l10n.t('Run {0}', `${found.suggestion!.server}/${found.suggestion!.prompt}`) }] : []);
    }
    const unknown = checkArgumentNames(found.server, found.prompt, parsed.args);
    if (unknown) return say(out, `${escapeMarkdownInline(unknown)}\n\n${usage()}`);
    chosen = await completeArguments(services, found.server, found.prompt, parsed.args);
    if (!chosen) return say(out, vscode.l10n.t("Cancelled: '{0}' needs its required arguments.", escapeMarkdownInline(found.prompt.name)));
  }
  return runChosen(services, chosen, parsed.rest, request.model, out, token);
}

async function runChosen(
  services: PromptServices,
  chosen: ChosenPrompt,
  userText: string,
  model: vscode.LanguageModelChat,
  out: ChatOutput,
  token: vscode.CancellationToken,
): Promise<McpChatResult> {
  const { server, prompt, args } = chosen;
  const label = getDisplayName(prompt);
  out.progress(vscode.l10n.t("Getting '{0}' from {1}…", label, server));
  const abort = new AbortController();
  const cancel = token.onCancellationRequested(() => abort.abort());
  let result;
  try {
    result = await getPromptResult(services, chosen, abort.signal);
  } catch (error) {
    if (token.isCancellationRequested) return {};
    return { errorDetails: { message: (error as Error).message }, metadata: { command: 'prompt' } };
  } finally {
    cancel.dispose();
  }
  const conversation = promptConversation(result, userText);
  for (const uri of conversation.resources) out.reference(vscode.Uri.from({ scheme: RESOURCE_SCHEME, ...resourceUriParts({ server, uri }) }));
  const shownArgs = Object.entries(args).map(([n, v]) => `${escapeMarkdownInline(n)}=${escapeMarkdownInline(v.length > 40 ? `${v.slice(0, 39)}…` : v)}`);
  const count = conversation.turns.length;
  const sent = count === 1 ? vscode.l10n.t('1 message sent to {0}', escapeMarkdownInline(model.name)) : vscode.l10n.t('{0} messages sent to {1}', count, escapeMarkdownInline(model.name));
  out.markdown(`*${escapeMarkdownInline(label)} · ${escapeMarkdownInline(server)}${shownArgs.length ? ` · ${shownArgs.join(', ')}` : ''} · ${sent}*\n\n`);
  const reply = await streamModelReply(model, toLanguageModelMessages(conversation.turns), out, token);
  return { ...reply, metadata: { command: 'prompt', followups: relatedPrompts(services, server, prompt.name) } };
}

/** The server's other prompts, the recently used ones first: what the user may want next. */
function relatedPrompts(services: PromptServices, server: string, current: string): vscode.ChatFollowup[] {
  const prompts = services.catalog.server(server)?.items ?? [];
  const recent = services.recents.list().filter((k) => k.server === server).map((k) => k.prompt);
  const rank = (name: string) => (recent.includes(name) ? recent.indexOf(name) : recent.length);
  return prompts
    .filter((p) => p.name !== current)
    .sort((a, b) => rank(a.name) - rank(b.name))
    .slice(0, MAX_FOLLOWUPS)
    .map((p) => ({ prompt: formatInvocation(server, p.name, {}), command: 'prompt', label: vscode.l10n.t('Run {0}', getDisplayName(p)) }));
}

function say(out: ChatOutput, markdown: string, followups: vscode.ChatFollowup[] = []): McpChatResult {
  out.markdown(markdown);
  return { metadata: { command: 'prompt', followups } };
}
