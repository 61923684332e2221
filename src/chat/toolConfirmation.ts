// Asking before a model's tool call runs: which server, which tool, the exact arguments (editable),
// and Allow once / for this session / always, or Deny. A modal dialog, so it cannot be missed or
// answered by a stray keystroke in the chat; the server's own text is shown as plain detail text.
import type { Tool } from '@modelcontextprotocol/client';
import { excerpt, shownArg, shownLine, shownLines, shownText, TextCaps, withVisibleEscapes, type ShownText } from '../common/serverText';
import { showFullText } from '../common/fullTextDocuments';
import type { ServerDefinition } from '../mcp/serverDefinition';
import { schemaErrors } from '../tools/schemaValidation';
import type { UserAnswers } from '../common/userAnswers';
import type { ToolApprovals } from './toolApprovals';
import { askModal, askText } from '../common/shownUi';
import { l10n } from '../common/shownL10n';

export type Confirmation = { allowed: true; args: Record<string, unknown> } | { allowed: false };
type Answer = 'once' | 'session' | 'always' | 'deny' | { arguments: Record<string, unknown> } | undefined;

export async function confirmToolCall(
  answers: UserAnswers,
  approvals: ToolApprovals,
  definition: ServerDefinition,
  tool: Tool,
  args: Record<string, unknown>,
): Promise<Confirmation> {
  const server = definition.name;
  if (approvals.isApproved(definition, tool.name)) return { allowed: true, args };
  for (let current = args; ; ) {
    // What the dialog says is part of the recorded question, so the host tests see what the user would read.
    const detail = confirmationDetail(JSON.stringify(current, null, 2), tool.description);
    const answer = await answers.decide<Answer>({ kind: 'tool.confirm', server, tool: tool.name, arguments: current, detail }, () => ask(server, tool, current));
    if (answer === 'once') return { allowed: true, args: current };
    if (answer === 'session') {
      approvals.allowForSession(definition, tool.name);
      return { allowed: true, args: current };
    }
    if (answer === 'always') {
      await approvals.allowAlways(definition, tool.name);
      return { allowed: true, args: current };
    }
    if (answer === undefined || answer === 'deny') return { allowed: false };
    // Edited arguments are confirmed again, as edited.
    current = answer.arguments;
  }
}

async function ask(server: string, tool: Tool, args: Record<string, unknown>): Promise<Answer> {
  const json = JSON.stringify(args, null, 2);
  const full = l10n.t('Show Full Arguments…');
  for (;;) {
    const choice = await askModal(
      'warning',
      l10n.t("Run the tool '{0}' of MCP server '{1}'?", shownLine(tool.name), shownLine(server)),
      confirmationDetail(json, tool.description),
      l10n.t('Allow Once'),
      l10n.t('Allow for This Session'),
      l10n.t('Always Allow'),
      l10n.t('Edit Arguments…'),
      ...(excerpt(withVisibleEscapes(json, { keepLineBreaks: true }), TextCaps.arguments) ? [full] : []),
      l10n.t('Deny'),
    );
    if (choice !== full) return answerFor(choice, server, tool, args);
    await showFullText(server, `${tool.name} arguments`, json);
  }
}

/**
 * The arguments exactly (invisible and bidi characters written as escapes, so each value reads as it is),
 * and when they are long their start and their end with the size between: what matters may be last.
 * Then the server's description, its own text, cleaned and capped.
 */
export function confirmationDetail(json: string, description: string | undefined): ShownText {
  const visible = withVisibleEscapes(json, { keepLineBreaks: true });
  const cut = excerpt(visible, TextCaps.arguments);
  const shownArgs = cut
    ? l10n.t('{0}\n… {1} characters not shown here …\n{2}\n({3} characters in all: Show Full Arguments… opens them whole.)', cut.head, l10n.count(cut.hidden), cut.tail, l10n.count(cut.total))
    : shownText(visible, Infinity);
  const described = description ? shownText(description, TextCaps.description) : undefined;
  return l10n.join([
    l10n.t('The model wants to call it with these arguments:'),
    shownArgs,
    described && l10n.t('The server describes it as:\n{0}', l10n.join(shownLines(described).map((line) => l10n.t('│ {0}', line)), '\n')),
  ], '\n\n');
}

async function answerFor(choice: ShownText | undefined, server: string, tool: Tool, args: Record<string, unknown>): Promise<Answer> {
  switch (choice) {
    case l10n.t('Allow Once'):
      return 'once';
    case l10n.t('Allow for This Session'):
      return 'session';
    case l10n.t('Always Allow'):
      return 'always';
    case l10n.t('Edit Arguments…'): {
      const edited = await askText({
        title: l10n.t("Arguments for '{0}' ({1})", shownArg(tool.name), shownArg(server)),
        value: JSON.stringify(args),
        ignoreFocusOut: true,
        validateInput: (text) => {
          try {
            const errors = schemaErrors(tool.inputSchema, JSON.parse(text));
            return errors === undefined ? undefined : shownText(errors, TextCaps.message);
          } catch (error) {
            return l10n.t('Not valid JSON: {0}', shownArg((error as Error).message));
          }
        },
      });
      return edited === undefined ? { arguments: args } : { arguments: JSON.parse(edited) as Record<string, unknown> };
    }
    default:
      return 'deny';
  }
}
