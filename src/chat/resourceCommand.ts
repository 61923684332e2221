// `@mcp /resource <server> <resource-uri> [question]`: reads the resource through its server and
// asks the selected model the question with the resource's content as context (text, or images as
// image data). The Resources view opens the chat with exactly this syntax (resourceChatQuery in src/common/chatInvocation.ts).
import * as vscode from 'vscode';
import { describeError } from '../mcp/errors';
import { RESOURCE_SCHEME, resourcePath } from '../resources/resourceUri';
import { closestMatch } from '../common/closestMatch';
import { leadingWords, quoteIfNeeded } from '../common/chatInvocation';
import { escapeMarkdownInline } from '../common/markdownSafety';
import type { PromptServices } from '../prompts/promptFlow';
import { resourceParts, type ChatTurn } from './chatContent';
import { streamModelReply, toLanguageModelMessages, type ChatOutput } from './lmMessages';
import type { McpChatResult } from './promptCommand';

const USAGE = 'Usage: `@mcp /resource <server> <resource-uri> your question` (quote a name or URI that contains spaces).';
export const DEFAULT_QUESTION = 'Explain what this resource contains.';

/** The chat input that asks about a resource; the user types the question after it. */
export async function handleResourceCommand(
  services: PromptServices,
  request: Pick<vscode.ChatRequest, 'prompt' | 'model'>,
  out: ChatOutput,
  token: vscode.CancellationToken,
): Promise<McpChatResult> {
  const parsed = leadingWords(request.prompt, 2);
  if ('error' in parsed) return say(out, `${escapeMarkdownInline(parsed.error)}\n\n${USAGE}`);
  const [server, uri] = parsed.words;
  if (!server || !uri) return say(out, USAGE);
  const names = services.sessions.entries().map((e) => e.name);
  if (!names.includes(server)) {
    const close = closestMatch(server, names);
    return say(out, escapeMarkdownInline(`There is no MCP server named '${server}'.${close ? ` Did you mean '${close}'?` : ''}`),
      close ? [{ prompt: `${quoteIfNeeded(close)} ${quoteIfNeeded(uri)} ${parsed.rest}`.trim(), command: 'resource', label: `Ask ${close}` }] : []);
  }
  out.progress(`Reading ${uri} from ${server}…`);
  await services.catalog.startStopped((name) => services.startServer(name), server);
  const session = services.sessions.get(server);
  if (!session || session.state.kind !== 'running') {
    const reason = session?.state.kind === 'error' ? `: ${session.state.message}` : '';
    return { errorDetails: { message: `The MCP server '${server}' is not running${reason}.` }, metadata: { command: 'resource' } };
  }
  const abort = new AbortController();
  const cancel = token.onCancellationRequested(() => abort.abort());
  let contents;
  try {
    contents = (await session.readResource(uri, { signal: abort.signal })).contents;
  } catch (error) {
    if (token.isCancellationRequested) return {};
    const cause = (error as { cause?: unknown }).cause ?? error;
    return { errorDetails: { message: `Reading ${uri} from MCP server '${server}' failed: ${describeError(cause)}` }, metadata: { command: 'resource' } };
  } finally {
    cancel.dispose();
  }
  out.reference(vscode.Uri.from({ scheme: RESOURCE_SCHEME, path: resourcePath({ server, uri }) }));
  if (contents.length === 0) return say(out, `The resource ${escapeMarkdownInline(uri)} is empty.`);
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
