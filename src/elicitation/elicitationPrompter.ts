// Asking the user what a server wants to know. Every dialog says which server asks (in the title, in
// our words) and shows the server's message as plain text, so a server cannot pass its question off
// as one of VS Code's. Form mode: Respond / Decline first (Escape cancels), then one step per field
// with validation; URL mode: the full host and address, opened in the browser only after the user
// agrees. Every answer goes through UserAnswers so the host tests can give it.
import type { ElicitRequestFormParams, ElicitRequestURLParams, ElicitResult } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { askUntilValid } from '../common/askUntilValid';
import type { UserAnswers } from '../common/userAnswers';
import type { ElicitationPrompter } from './elicitationCapability';
import { formFields, parseAnswer, type FormField } from './formSchema';

type Start = 'respond' | 'decline' | 'cancel';

export class VscodeElicitationPrompter implements ElicitationPrompter {
  private readonly pendingUrls = new Map<string, string>();

  constructor(private readonly answers: UserAnswers) {}

  async form(server: string, params: ElicitRequestFormParams, signal: AbortSignal): Promise<ElicitResult> {
    const fields = formFields(params.requestedSchema as never);
    const title = `MCP server '${server}' asks`;
    const start = await this.answers.decide<Start>({ kind: 'elicitation.start', server, message: params.message, fields: fields.map((f) => f.name) }, async () => {
      const picked = await vscode.window.showQuickPick(
        [
          { label: '$(edit) Respond…', detail: `Answer ${fields.length} question${fields.length === 1 ? '' : 's'}`, value: 'respond' as const },
          { label: '$(close) Decline', detail: `Tell '${server}' you do not want to answer`, value: 'decline' as const },
        ],
        { title, placeHolder: oneLine(params.message), ignoreFocusOut: true },
      );
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
                askField(field, `${title} · ${field.title}${field.required ? '' : ' (optional)'} · ${index + 1}/${fields.length}`, params.message),
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
      const open = `Open ${target.host}`;
      const picked = await vscode.window.showWarningMessage(
        `MCP server '${server}' asks you to open a page on ${target.host}`,
        { modal: true, detail: `${params.message}\n\nFull address: ${target.href}\n\nOpen it only if you trust ${target.host}.` },
        open,
        'Decline',
      );
      return picked === open ? 'open' : picked === 'Decline' ? 'decline' : 'cancel';
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
    void vscode.window.showInformationMessage(`MCP Client: '${server}' received what you did on ${host}.`);
  }
}

async function askField(field: FormField, title: string, message: string): Promise<string | string[] | undefined> {
  const initial = field.default === undefined ? undefined : field.default;
  if (field.kind === 'boolean' || field.kind === 'enum') {
    const choices = field.kind === 'boolean' ? [{ value: 'true', title: 'Yes' }, { value: 'false', title: 'No' }] : (field.choices ?? []);
    const items = choices.map((c) => ({ label: c.title, description: c.value === String(initial) ? 'default' : undefined, value: c.value }));
    if (!field.required) items.push({ label: 'Leave empty', description: undefined, value: '' });
    const picked = await vscode.window.showQuickPick(items, { title, placeHolder: field.description ?? oneLine(message), ignoreFocusOut: true });
    return picked?.value;
  }
  if (field.kind === 'multi') {
    const defaults = Array.isArray(initial) ? initial.map(String) : [];
    const items = (field.choices ?? []).map((c) => ({ label: c.title, value: c.value, picked: defaults.includes(c.value) }));
    const picked = await vscode.window.showQuickPick(items, { title, placeHolder: field.description ?? oneLine(message), canPickMany: true, ignoreFocusOut: true });
    return picked?.map((p) => p.value);
  }
  return vscode.window.showInputBox({
    title,
    prompt: field.description ?? oneLine(message),
    value: initial === undefined ? '' : String(initial),
    placeHolder: field.format,
    ignoreFocusOut: true,
    validateInput: (text) => parseAnswer(field, text).error,
  });
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
