// Asking the user what a server wants to know. Every dialog says which server asks (in the title, in
// our words) and shows the server's message as plain text, so a server cannot pass its question off
// as one of VS Code's. Form mode: Respond / Decline first (Escape cancels), then one step per field
// with validation; URL mode: the full host and address, opened in the browser only after the user
// agrees. Every answer goes through UserAnswers so the host tests can give it.
import type { ElicitRequestFormParams, ElicitRequestURLParams, ElicitResult } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { askUntilValid } from '../common/askUntilValid';
import { showInfo } from '../common/userMessages';
import type { UserAnswers } from '../common/userAnswers';
import type { ElicitationPrompter } from './elicitationCapability';
import { formFields, parseAnswer, type FormField } from './formSchema';

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
    const title = vscode.l10n.t("MCP server '{0}' asks", server);
    const start = await this.answers.decide<Start>({ kind: 'elicitation.start', server, message: params.message, fields: fields.map((f) => f.name) }, async () => {
      const items = [
        { label: `$(edit) ${vscode.l10n.t('Respond…')}`, detail: fields.length === 1 ? vscode.l10n.t('Answer 1 question') : vscode.l10n.t('Answer {0} questions', fields.length), value: 'respond' as const },
        { label: `$(close) ${vscode.l10n.t('Decline')}`, detail: vscode.l10n.t("Tell '{0}' you do not want to answer", server), value: 'decline' as const },
      ];
      // The whole question, wrapped, above the rows (issue 25, defect 7: as the placeholder it was cut
      // off after a line, "…Please cl"); the placeholder only says what to do.
      const picked = await pickWithActive(items, undefined, { title, placeholder: vscode.l10n.t('Respond, or decline to answer'), prompt: question(params.message) }, closing);
      return picked?.value ?? 'cancel';
    });
    if (start !== 'respond' || signal.aborted) return { action: start === 'decline' ? 'decline' : 'cancel' };
    const content: Record<string, unknown> = {};
    for (const [index, field] of fields.entries()) {
      const parsed = await askUntilValid(
        (problem) =>
          signal.aborted
            ? Promise.resolve(undefined)
            : this.answers.decide<string | string[] | undefined>({ kind: 'elicitation.field', server, field: field.name, problem }, () =>
                askField(field, `${title} · ${field.required ? field.title : vscode.l10n.t('{0} (optional)', field.title)} · ${index + 1}/${fields.length}`, question(params.message), closing),
              ),
        (answer) => parseAnswer(field, answer),
      );
      if (!parsed) return { action: 'cancel' };
      if (parsed.value !== undefined) content[field.name] = parsed.value;
    }
    return { action: 'accept', content: content as ElicitResult['content'] };
  }

  async url(server: string, params: ElicitRequestURLParams, signal: AbortSignal): Promise<ElicitResult> {
    let target: URL;
    try {
      target = new URL(params.url);
    } catch {
      return { action: 'decline' };
    }
    // Only web pages: a server must not make us open file:, command: or custom-scheme links.
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return { action: 'decline' };
    const choice = await this.answers.decide<Start | 'open'>({ kind: 'elicitation.url', server, host: target.host, url: target.href, message: params.message }, async () => {
      const open = vscode.l10n.t('Open {0}', target.host);
      const decline = vscode.l10n.t('Decline');
      const detail = [params.message, vscode.l10n.t('Full address: {0}', target.href), vscode.l10n.t('Open it only if you trust {0}.', target.host)].join('\n\n');
      const picked = await vscode.window.showWarningMessage(vscode.l10n.t("MCP server '{0}' asks you to open a page on {1}", server, target.host), { modal: true, detail }, open, decline);
      return picked === open ? 'open' : picked === decline ? 'decline' : 'cancel';
    });
    if (choice !== 'open' || signal.aborted) return { action: choice === 'decline' ? 'decline' : 'cancel' };
    this.pendingUrls.set(`${server}\n${params.elicitationId}`, target.host);
    await vscode.env.openExternal(vscode.Uri.parse(target.href, true));
    return { action: 'accept' };
  }

  completed(server: string, elicitationId: string): void {
    const host = this.pendingUrls.get(`${server}\n${elicitationId}`);
    if (!host) return;
    this.pendingUrls.delete(`${server}\n${elicitationId}`);
    void showInfo(vscode.l10n.t("'{0}' received what you did on {1}.", server, host));
  }
}

async function askField(field: FormField, title: string, message: string, closing: vscode.CancellationToken): Promise<string | string[] | undefined> {
  const initial = field.default === undefined ? undefined : field.default;
  if (field.kind === 'boolean' || field.kind === 'enum') {
    const choices = field.kind === 'boolean' ? [{ value: 'true', title: vscode.l10n.t('Yes') }, { value: 'false', title: vscode.l10n.t('No') }] : (field.choices ?? []);
    const items = choices.map((c) => ({ label: c.title, description: c.value === String(initial) ? vscode.l10n.t('default') : undefined, value: c.value }));
    // A required field offers no "Leave empty"; an optional one offers it last. Enter takes the default.
    if (!field.required) items.push({ label: vscode.l10n.t('Leave empty'), description: undefined, value: '' });
    const picked = await pickWithActive(items, items.find((i) => i.description !== undefined), { title, placeholder: field.description ?? oneLine(message), prompt: message }, closing);
    return picked?.value;
  }
  if (field.kind === 'multi') {
    const defaults = Array.isArray(initial) ? initial.map(String) : [];
    const items = (field.choices ?? []).map((c) => ({ label: c.title, value: c.value, picked: defaults.includes(c.value) }));
    const picked = await vscode.window.showQuickPick(items, { title, placeHolder: field.description ?? oneLine(message), canPickMany: true, ignoreFocusOut: true }, closing);
    return picked?.map((p) => p.value);
  }
  return vscode.window.showInputBox({
    title,
    // The field's own words when it has them, with the server's question: the whole of it, wrapped.
    prompt: field.description ? `${field.description} · ${message}` : message,
    value: initial === undefined ? '' : String(initial),
    placeHolder: field.format,
    ignoreFocusOut: true,
    validateInput: (text) => parseAnswer(field, text).error,
  }, closing);
}

/**
 * showQuickPick, with `active` (when given) as the row Enter takes instead of the first; `closing` hides it.
 * `prompt` shows under the filter box, wrapped (a quick pick's `prompt`, which VS Code 1.139 shows; older versions
 * ignore it, and the input boxes of the fields show it too).
 */
function pickWithActive<T extends vscode.QuickPickItem>(items: T[], active: T | undefined, options: { title: string; placeholder: string; prompt?: string }, closing: vscode.CancellationToken): Promise<T | undefined> {
  const picker: vscode.QuickPick<T> & { prompt?: string } = vscode.window.createQuickPick<T>();
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

/** The server's question as one paragraph, capped far beyond any real question (the dialog wraps it). */
function question(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 2000 ? `${line.slice(0, 1999)}…` : line;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
