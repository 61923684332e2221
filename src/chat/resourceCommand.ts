// `@mcp /resource <server> <resource-uri> [question]`: reads the resource through its server and
// asks the selected model the question with the resource's content as context (text, or images as
// image data). The Resources view opens the chat with exactly this syntax (resourceChatQuery in src/common/chatInvocation.ts).
import * as vscode from 'vscode';
import { describeError } from '../mcp/errors';
import { SessionState } from '../mcp/sessionState';
import { RESOURCE_SCHEME, resourceUriParts } from '../resources/resourceUri';
import { closestMatch } from '../common/closestMatch';
import { leadingWords, quoteIfNeeded } from '../common/chatInvocation';
import { escapeMarkdownInline } from '../common/markdownSafety';
import type { PromptServices } from '../prompts/promptFlow';
import { resourceParts, type ChatTurn } from './chatContent';
import { streamModelReply, toLanguageModelMessages, type ChatOutput } from './lmMessages';
import type { McpChatResult } from './promptCommand';

const usage = () => vscode.l10n.t('Usage: {0} (quote a name or URI that contains spaces).', '`@mcp /resource <server> <resource-uri> your question`');
/** Asked of the model when the user typed no question (model-facing, so not localized). */
export const DEFAULT_QUESTION = 'Explain what this resource contains.';

/** The chat input that asks about a resource; the user types the question after it. */
export async function handleResourceCommand(
  services: PromptServices,
  request: Pick<vscode.ChatRequest, 'prompt' | 'model'>,
  out: ChatOutput,
  token: vscode.CancellationToken,
): Promise<McpChatResult> {
  const parsed = leadingWords(request.prompt, 2);
  if ('error' in parsed) return say(out, `${escapeMarkdownInline(parsed.error)}\n\n${usage()}`);
  const [server, uri] = parsed.words;
  if (!server || !uri) return say(out, usage());
  const names = services.sessions.entries().map((e) => e.name);
  if (!names.includes(server)) {
    const close = closestMatch(server, names);
    const message = close ? vscode.l10n.t("There is no MCP server named '{0}'. Did you mean '{1}'?", server, close) : vscode.l10n.t("There is no MCP server named '{0}'.", server);
    return say(out, escapeMarkdownInline(message),
      close ? [{ prompt: `${quoteIfNeeded(close)} ${quoteIfNeeded(uri)} ${parsed.rest}`.trim(), command: 'resource', label: vscode.l10n.t('Ask {0}', close) }] : []);
  }
  out.progress(vscode.l10n.t('Reading {0} from {1}…', uri, server));
  await services.catalog.startStopped((name) => services.startServer(name), server);
  const session = services.sessions.get(server);
  if (!session || !SessionState.isRunning(session.state)) {
    const failure = session && SessionState.failure(session.state);
    const message = failure ? vscode.l10n.t("The MCP server '{0}' is not running: {1}.", server, failure) : vscode.l10n.t("The MCP server '{0}' is not running.", server);
    return { errorDetails: { message }, metadata: { command: 'resource' } };
  }
  const abort = new AbortController();
  const cancel = token.onCancellationRequested(() => abort.abort());
  let contents;
  try {
    contents = (await session.readResource(uri, { signal: abort.signal })).contents;
  } catch (error) {
    if (token.isCancellationRequested) return {};
    const cause = (error as { cause?: unknown }).cause ?? error;
    return { errorDetails: { message: vscode.l10n.t("Reading {0} from MCP server '{1}' failed: {2}", uri, server, describeError(cause)) }, metadata: { command: 'resource' } };
  } finally {
    cancel.dispose();
  }
  out.reference(vscode.Uri.from({ scheme: RESOURCE_SCHEME, ...resourceUriParts({ server, uri }) }));
  if (contents.length === 0) return say(out, vscode.l10n.t('The resource {0} is empty.', escapeMarkdownInline(uri)));
  const turns: ChatTurn[] = [
    { role: 'user', parts: contents.flatMap((c) => resourceParts(c)) },
    { role: 'user', parts: [{ kind: 'text', text: parsed.rest || DEFAULT_QUESTION }] },
  ];
  const reply = await streamModelReply(request.model, toLanguageModelMessages(turns), out, token);
  return { ...reply, metadata: { command: 'resource' } };
}

function say(out: ChatOutput, markdown: string, followups: vscode.ChatFollowup[] = []): McpChatResult {
  out.markdown(markdown);
  return { metadata: { command: 'resource', followups } };
}
