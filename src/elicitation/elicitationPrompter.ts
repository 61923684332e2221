// Asking the user what a server wants to know. Every dialog says which server asks (in the title, in
// our words) and shows the server's message as plain text, so a server cannot pass its question off
// as one of VS Code's. Form mode: Respond / Decline first (Escape cancels), then one step per field
// with validation; URL mode: the full host and address, opened in the browser only after the user
// agrees. Every answer goes through UserAnswers so the host tests can give it.
import type { ElicitRequestFormParams, ElicitRequestURLParams, ElicitResult } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { askUntilValid } from '../common/askUntilValid';
import { openInBrowser } from '../common/browserHandOff';
import { checkHandOff, WEB_PAGE } from '../common/handOffRules';
import { showInfo } from '../common/userMessages';
import type { UserAnswers } from '../common/userAnswers';
import type { ElicitationPrompter } from './elicitationCapability';
import { formFields, parseAnswer, type FormField } from './formSchema';
import { l10n } from '../common/shownL10n';
import { showFullText } from '../common/fullTextDocuments';
import { isCut, shownArg, shownLine, shownLines, shownText, TextCaps, type ShownText } from '../common/serverText';
import { askModal, askText, createPicker, pickMany, type ShownPickItem } from '../common/shownUi';

type Start = 'respond' | 'decline' | 'cancel';

export class VscodeElicitationPrompter implements ElicitationPrompter {
  private readonly pendingUrls = new Map<string, string>();

  constructor(private readonly answers: UserAnswers) {}

  async form(server: string, params: ElicitRequestFormParams, signal: AbortSignal): Promise<ElicitResult> {
    // A request the server withdraws (its task cancelled, the request cancelled) closes the open dialog.
    const closing = new vscode.CancellationTokenSource();
    const close = () => closing.cancel();
    signal.addEventListener('abort', close);
    try {
      return await this.askForm(server, params, signal, closing.token);
    } finally {
      signal.removeEventListener('abort', close);
      closing.dispose();
    }
  }

  private async askForm(server: string, params: ElicitRequestFormParams, signal: AbortSignal, closing: vscode.CancellationToken): Promise<ElicitResult> {
    const fields = formFields(params.requestedSchema as never);
    const title = l10n.t("MCP server '{0}' asks", shownLine(server));
    const start = await this.answers.decide<Start>({ kind: 'elicitation.start', server, message: params.message, fields: fields.map((f) => f.name) }, async () => {
      const items = [
        { label: l10n.t('$(edit) {0}', l10n.t('Respond…')), detail: fields.length === 1 ? l10n.t('Answer 1 question') : l10n.t('Answer {0} questions', fields.length), value: 'respond' as const },
        { label: l10n.t('$(close) {0}', l10n.t('Decline')), detail: l10n.t("Tell '{0}' you do not want to answer", shownLine(server)), value: 'decline' as const },
        // A question longer than the dialog shows (it is cut, visibly): a row opens it whole, read-only.
        ...(isCut(params.message, TextCaps.description)
          ? [{ label: l10n.t('$(book) {0}', l10n.t('Read the Whole Message…')), detail: l10n.t('{0} characters, shown read-only', l10n.count(params.message.length)), value: 'read' as const }]
          : []),
      ];
      // The whole question, wrapped, above the rows (issue 25, defect 7: as the placeholder it was cut
      // off after a line, "…Please cl"); the placeholder only says what to do.
      for (;;) {
        const picked = await pickWithActive(items, undefined, { title, placeholder: l10n.t('Respond, or decline to answer'), prompt: question(params.message) }, closing);
        if (picked?.value !== 'read') return picked?.value ?? 'cancel';
        await showFullText(server, 'message', params.message);
      }
    });
    if (start !== 'respond' || signal.aborted) return { action: start === 'decline' ? 'decline' : 'cancel' };
    const content: Record<string, unknown> = {};
    for (const [index, field] of fields.entries()) {
      const parsed = await askUntilValid(
        (problem) =>
          signal.aborted
            ? Promise.resolve(undefined)
            : this.answers.decide<string | string[] | undefined>({ kind: 'elicitation.field', server, field: field.name, problem }, () =>
                askField(field, l10n.t('{0} · {1} · {2}/{3}', title, field.required ? shownLine(field.title) : l10n.t('{0} (optional)', shownLine(field.title)), index + 1, fields.length), params.message, closing),
              ),
        (answer) => parseAnswer(field, answer),
      );
      if (!parsed) return { action: 'cancel' };
      if (parsed.value !== undefined) content[field.name] = parsed.value;
    }
    return { action: 'accept', content: content as ElicitResult['content'] };
  }

  async url(server: string, params: ElicitRequestURLParams, signal: AbortSignal): Promise<ElicitResult> {
    // Only web pages on the internet: a server must not make us open file:, command: or custom-scheme links,
    // nor make the browser call this computer or the user's network (common/handOffRules.ts).
    const checked = checkHandOff(params.url, WEB_PAGE);
    if (!checked.ok) return { action: 'decline' };
    const target = checked.url;
    // What the dialog says is part of the recorded question, so the host tests see what the user would read.
    const detail = urlDetail(target, params.message);
    const choice = await this.answers.decide<Start | 'open'>({ kind: 'elicitation.url', server, host: target.host, url: target.href, message: params.message, detail }, async () => {
      const open = l10n.t('Open {0}', shownLine(target.host));
      const decline = l10n.t('Decline');
      const picked = await askModal('warning', l10n.t("MCP server '{0}' asks you to open a page on {1}", shownLine(server), shownLine(target.host)), detail, open, decline);
      return picked === open ? 'open' : picked === decline ? 'decline' : 'cancel';
    });
    if (choice !== 'open' || signal.aborted) return { action: choice === 'decline' ? 'decline' : 'cancel' };
    this.pendingUrls.set(`${server}\n${params.elicitationId}`, target.host);
    await openInBrowser(target.href, WEB_PAGE);
    return { action: 'accept' };
  }

  completed(server: string, elicitationId: string): void {
    const host = this.pendingUrls.get(`${server}\n${elicitationId}`);
    if (!host) return;
    this.pendingUrls.delete(`${server}\n${elicitationId}`);
    void showInfo(l10n.t("'{0}' received what you did on {1}.", shownArg(server), shownArg(host)));
  }
}

async function askField(field: FormField, title: ShownText, message: string, closing: vscode.CancellationToken): Promise<string | string[] | undefined> {
  const initial = field.default === undefined ? undefined : field.default;
  if (field.kind === 'boolean' || field.kind === 'enum') {
    // Choices are the server's words: cleaned, codicons escaped, capped (a `$(check)` choice shows as written).
    const choices = field.kind === 'boolean' ? [{ value: 'true', title: l10n.t('Yes') }, { value: 'false', title: l10n.t('No') }] : (field.choices ?? []).map((c) => ({ value: c.value, title: shownLine(c.title) }));
    const items: (ShownPickItem & { value: string })[] = choices.map((c) => ({ label: c.title, description: c.value === String(initial) ? l10n.t('default') : undefined, value: c.value }));
    // A required field offers no "Leave empty"; an optional one offers it last. Enter takes the default.
    if (!field.required) items.push({ label: l10n.t('Leave empty'), description: undefined, value: '' });
    const picked = await pickWithActive(items, items.find((i) => i.description !== undefined), { title, placeholder: placeholderOf(field, message), prompt: question(message) }, closing);
    return picked?.value;
  }
  if (field.kind === 'multi') {
    const defaults = Array.isArray(initial) ? initial.map(String) : [];
    const items = (field.choices ?? []).map((c) => ({ label: shownLine(c.title), value: c.value, picked: defaults.includes(c.value) }));
    const picked = await pickMany(items, { title, placeHolder: placeholderOf(field, message), canPickMany: true, ignoreFocusOut: true }, closing);
    return picked?.map((p) => p.value);
  }
  return askText({
    title,
    // The field's own words when it has them, with the server's question: the whole of it, wrapped.
    prompt: question(field.description ? `${field.description} · ${message}` : message),
    value: initial === undefined ? '' : String(initial),
    placeHolder: field.format === undefined ? undefined : shownLine(field.format),
    ignoreFocusOut: true,
    validateInput: (text) => {
      const error = parseAnswer(field, text).error;
      return error === undefined ? undefined : shownLine(error, TextCaps.message);
    },
  }, closing);
}

/**
 * showQuickPick, with `active` (when given) as the row Enter takes instead of the first; `closing` hides it.
 * `prompt` shows under the filter box, wrapped (a quick pick's `prompt`, which VS Code 1.139 shows; older versions
 * ignore it, and the input boxes of the fields show it too).
 */
function pickWithActive<T extends ShownPickItem>(items: T[], active: T | undefined, options: { title: ShownText; placeholder: ShownText; prompt?: ShownText }, closing: vscode.CancellationToken): Promise<T | undefined> {
  const picker = createPicker<T>();
  Object.assign(picker, options, { items, ignoreFocusOut: true });
  if (active) picker.activeItems = [active];
  const closed = closing.onCancellationRequested(() => picker.hide());
  return new Promise((resolve) => {
    picker.onDidAccept(() => {
      resolve(picker.selectedItems[0] ?? picker.activeItems[0]);
      picker.hide();
    });
    picker.onDidHide(() => {
      closed.dispose();
      resolve(undefined);
      picker.dispose();
    });
    if (!closing.isCancellationRequested) return picker.show();
    closed.dispose();
    picker.dispose();
    resolve(undefined);
  });
}

/**
 * The real address first, in our words, then the server's message quoted line by line ("│ "), cleaned and
 * capped with blank lines collapsed: the message cannot push the address out of view or pass its own
 * lines off as the dialog's.
 */
function urlDetail(target: URL, message: string): ShownText {
  const quoted = shownLines(shownText(message, TextCaps.message)).map((line) => l10n.t('│ {0}', line));
  return l10n.t('Address: {0}\n\nOpen it only if you trust {1}.\n\nThe server says:\n{2}', shownLine(target.href, TextCaps.message), shownLine(target.host), l10n.join(quoted, '\n'));
}

/** What a field's step shows under the input: the field's own description, else the server's message, on one line. */
function placeholderOf(field: FormField, message: string): ShownText {
  return shownLine(field.description ?? message, TextCaps.rowDescription);
}

/** The server's question as one paragraph, cleaned and capped far beyond any real question (the dialog wraps it). */
function question(text: string): ShownText {
  return shownLine(text, TextCaps.description);
}
