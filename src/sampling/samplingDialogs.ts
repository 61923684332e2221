// The two sampling dialogs: approve a request (who asks, system prompt, messages, token limit, the
// model that would answer) and, when mcpClient.sampling.reviewResponses is on, review or edit the
// answer before it goes back. Modal, with the server named in our words.
import { dialogSections, fullRequestMarkdown, type SamplingQuestion } from './samplingDetail';
import { askModal, askText } from '../common/shownUi';
import { l10n } from '../common/shownL10n';
import { shownArg, shownText } from '../common/serverText';

export type Approval = 'once' | 'always' | 'deny';

/** Asks until the user decides; "Show Full Request…" opens the whole request and asks again. */
export async function askApproval(q: SamplingQuestion, showFull: (markdown: string) => Promise<unknown>): Promise<Approval> {
  const once = l10n.t('Allow Once');
  const always = l10n.t("Always Allow for '{0}'", shownArg(q.server));
  const full = l10n.t('Show Full Request…');
  const shown = dialogSections(q);
  const detail = [
    shown.systemPrompt !== undefined ? `${l10n.t('System prompt:')}\n${shown.systemPrompt}` : l10n.t('No system prompt.'),
    `${l10n.t('Messages:')}\n${shown.messages}`,
    shown.cut
      ? l10n.t('Shortened here: the model receives all {0} characters. Use Show Full Request… to read them.', shownArg(shown.total.toLocaleString()))
      : l10n.t('{0} characters in all.', shownArg(shown.total.toLocaleString())),
    l10n.t('Up to {0} tokens, answered by {1}.', q.maxTokens, shownArg(q.model)),
  ].join('\n\n');
  for (;;) {
    const choice = await askModal('warning', l10n.t("MCP server '{0}' asks to use a language model", shownArg(q.server)), shownText(detail, Infinity), once, always, full, l10n.t('Deny'));
    if (choice === full) {
      await showFull(fullRequestMarkdown(q));
      continue;
    }
    return choice === once ? 'once' : choice === always ? 'always' : 'deny';
  }
}

export async function askReview(server: string, text: string): Promise<string | undefined> {
  const send = l10n.t('Send');
  const edit = l10n.t('Edit…');
  const choice = await askModal('info', l10n.t("Send this answer back to MCP server '{0}'?", shownArg(server)), shownText(text, 4000), send, edit);
  if (choice === send) return text;
  if (choice !== edit) return undefined;
  return askText({ title: l10n.t("The answer for '{0}'", shownArg(server)), value: text, ignoreFocusOut: true });
}
