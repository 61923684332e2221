// `@mcp /skill <server> <skill-uri> [question]`: loads the skill through its server (SKILL.md checked
// against the entry, then its other files, each checked) and asks the selected model the question with
// the skill's checked files as context. A file that failed its check is left out, and the answer says so.
import * as vscode from 'vscode';
import { leadingWords } from '../common/chatInvocation';
import { escapeMarkdownInline } from '../common/markdownSafety';
import { describeError } from '../mcp/errors';
import { SessionState } from '../mcp/sessionState';
import type { PromptServices } from '../prompts/promptFlow';
import type { ChatTurn } from './chatContent';
import { streamModelReply, toLanguageModelMessages, type ChatOutput } from './lmMessages';
import type { McpChatResult } from './promptCommand';
import { shownFile } from '../skills/skillsTree';

/** Asked of the model when the user typed no question (model-facing, so not localized). */
const DEFAULT_QUESTION = 'Explain what this skill does and when to use it.';

export async function handleSkillCommand(
  services: PromptServices,
  request: Pick<vscode.ChatRequest, 'prompt' | 'model'>,
  out: ChatOutput,
  token: vscode.CancellationToken,
): Promise<McpChatResult> {
  const parsed = leadingWords(request.prompt, 2);
  const usage = vscode.l10n.t('Usage: {0} (quote a name or URI that contains spaces).', '`@mcp /skill <server> <skill-uri> your question`');
  if ('error' in parsed || !parsed.words[0] || !parsed.words[1]) return say(out, usage);
  const [server, uri] = parsed.words as [string, string];
  const session = services.sessions.get(server);
  if (!session || !SessionState.isRunning(session.state)) {
    return { errorDetails: { message: vscode.l10n.t("The MCP server '{0}' is not running.", server) }, metadata: { command: 'skill' } };
  }
  out.progress(vscode.l10n.t('Loading the skill {0} from {1}…', uri, server));
  let loaded;
  try {
    const { skills } = await session.listSkills();
    const skill = skills.find((s) => s.uri === uri);
    if (!skill) return say(out, escapeMarkdownInline(vscode.l10n.t("The MCP server '{0}' lists no skill {1}.", server, uri)));
    loaded = await session.loadSkill(skill);
  } catch (error) {
    const reason = (error as { reason?: string }).reason ?? describeError(error);
    return { errorDetails: { message: vscode.l10n.t("Loading the skill {0} from MCP server '{1}' failed: {2}", uri, server, reason) }, metadata: { command: 'skill' } };
  }
  const refused = loaded.files.filter((f) => f.refused);
  if (refused.length) out.markdown(`${escapeMarkdownInline(vscode.l10n.t('Left out (failed their check): {0}', refused.map((f) => f.uri).join(', ')))}\n\n`);
  // A "dynamic" skill's files are not verified (its entry lists no digest): said, and cut like in the Skills view.
  if (!loaded.manifest.verified) out.markdown(`${escapeMarkdownInline(vscode.l10n.t('Not verified: {0} is a "dynamic" skill, whose entry lists no size or digest; its files are used as the server served them.', uri))}\n\n`);
  const files = [{ uri, text: shownFile(loaded.manifest) }, ...loaded.files.flatMap((f) => (f.file ? [{ uri: f.uri, text: shownFile(f.file) }] : []))];
  const turns: ChatTurn[] = [
    { role: 'user', parts: files.map((f) => ({ kind: 'text' as const, text: `Skill file ${f.uri} (from MCP server '${server}'):\n\n${f.text}` })) },
    { role: 'user', parts: [{ kind: 'text', text: parsed.rest || DEFAULT_QUESTION }] },
  ];
  const reply = await streamModelReply(request.model, toLanguageModelMessages(turns), out, token);
  return { ...reply, metadata: { command: 'skill' } };
}

function say(out: ChatOutput, markdown: string): McpChatResult {
  out.markdown(markdown);
  return { metadata: { command: 'skill' } };
}
