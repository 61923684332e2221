// One argument step as a quick pick: what the user types is the value (first row), the server's
// suggestions follow (completion/complete while typing), and where the server suggests nothing, the
// selected text and the active file's path are offered instead. Required arguments cannot be accepted
// empty; optional ones can be skipped. Back and Escape as in every VS Code wizard.
// The clipboard is not offered (issue 25, defect 6): reading it is a browser permission in VS Code for
// the Web ("Unable to read from the browser's clipboard…" at every such step), and pasting into the
// box (Ctrl+V) already does the same with the user's own gesture.
import * as vscode from 'vscode';
import { getDisplayName } from '../mcp/displayName';
import { argumentLabel, type ArgumentAnswer, type ArgumentInput, type ArgumentQuestion, type Suggestions } from './steps';
import { SuggestionFeed } from './suggestions';

export interface QuickChoice {
  label: string;
  value: string;
}

type Item = vscode.QuickPickItem & { answer?: ArgumentAnswer };

/** The selection and the active file, captured when the command starts (later, the quick pick has the focus). */
export function captureQuickChoices(): () => Promise<QuickChoice[]> {
  const now: QuickChoice[] = [];
  const editor = vscode.window.activeTextEditor;
  const selected = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : '';
  if (selected) now.push({ label: `$(selection) ${vscode.l10n.t('Selected text')}`, value: selected });
  const uri = editor?.document.uri;
  if (uri && uri.scheme !== 'untitled') now.push({ label: `$(file) ${vscode.l10n.t("Active file's path")}`, value: uri.scheme === 'file' ? uri.fsPath : uri.toString() });
  return () => Promise.resolve(now);
}

export class QuickPickArgumentInput implements ArgumentInput {
  constructor(private readonly quickChoices: () => Promise<QuickChoice[]>) {}

  ask(question: ArgumentQuestion): Promise<ArgumentAnswer> {
    const { argument, position } = question;
    const qp = vscode.window.createQuickPick<Item>();
    const name = argumentLabel(argument);
    // The description stays visible in the title; the placeholder disappears once the user types.
    const about = argument.description ? `: ${argument.description.replace(/\s+/g, ' ').trim()}` : '';
    qp.title = `${getDisplayName(question.prompt)} (${question.server}) · ${argument.required ? name : vscode.l10n.t('{0} (optional)', name)}${about}`;
    qp.step = position.step;
    qp.totalSteps = position.totalSteps;
    qp.placeholder = argument.description ? `${name}: ${argument.description}` : vscode.l10n.t('Value for {0}', name);
    qp.value = question.value;
    qp.buttons = position.canGoBack ? [vscode.QuickInputButtons.Back] : [];
    qp.ignoreFocusOut = true;

    let suggestions: Suggestions | undefined;
    let suggestedFor = '';
    let validation = question.validationMessage;
    let choices: QuickChoice[] | undefined;
    let done = false;
    const render = () => {
      qp.items = argumentItems(qp.value, argument.required === true, validation, suggestions, choices ?? [], question.server, suggestedFor !== qp.value);
    };
    const feed = new SuggestionFeed(
      question.suggest,
      (value, result) => {
        if (value !== qp.value) return;
        suggestions = result;
        suggestedFor = value;
        render();
        // Only now, when the server has nothing to suggest, are the quick choices needed.
        if (result.values.length === 0 && !choices) {
          choices = [];
          void this.quickChoices().then((c) => {
            choices = c;
            if (!done) render();
          });
        }
      },
      (busy) => (qp.busy = busy),
    );

    return new Promise<ArgumentAnswer>((resolve) => {
      const finish = (answer: ArgumentAnswer) => {
        if (done) return;
        done = true;
        feed.dispose();
        resolve(answer);
        qp.dispose();
      };
      qp.onDidChangeValue((value) => {
        validation = undefined;
        render();
        feed.update(value);
      });
      qp.onDidTriggerButton((button) => {
        if (button === vscode.QuickInputButtons.Back) finish({ kind: 'back' });
      });
      qp.onDidAccept(() => {
        const item = qp.selectedItems[0] ?? qp.activeItems[0];
        if (item?.answer) return finish(item.answer);
        if (qp.value !== '') return finish({ kind: 'value', value: qp.value });
        if (!argument.required) return finish({ kind: 'skip' });
        validation = vscode.l10n.t('{0} is required: type a value or choose one.', name);
        render();
      });
      qp.onDidHide(() => finish({ kind: 'cancel' }));
      render();
      qp.show();
      feed.update(qp.value, true);
    });
  }
}

/** The rows of an argument step (exported for the host tests, which check them against the fixture). */
export function argumentItems(
  value: string,
  required: boolean,
  validation: string | undefined,
  suggestions: Suggestions | undefined,
  choices: readonly QuickChoice[],
  server: string,
  /** The suggestions are for an earlier value: let VS Code's filter hide those that no longer match. */
  stale = false,
): Item[] {
  const items: Item[] = [];
  if (validation) items.push({ label: `$(warning) ${validation}`, alwaysShow: true });
  if (value !== '') items.push({ label: value, description: vscode.l10n.t('Use this value'), alwaysShow: true, answer: { kind: 'value', value } });
  else if (!required) items.push({ label: `$(debug-step-over) ${vscode.l10n.t('Skip')}`, description: vscode.l10n.t('leave this argument unset'), alwaysShow: true, answer: { kind: 'skip' } });

  const values = (suggestions?.values ?? []).filter((v) => v !== value);
  if (values.length > 0) {
    items.push({ kind: vscode.QuickPickItemKind.Separator, label: vscode.l10n.t('suggestions from {0}', server) });
    // The server already matched them against the value: show them even where VS Code's fuzzy filter would not.
    for (const v of values) items.push({ label: v, alwaysShow: !stale, answer: { kind: 'value', value: v } });
    // A row, not a separator label: VS Code hides separator labels while the user types.
    if (suggestions!.hasMore) {
      const { total } = suggestions!;
      const shown = suggestions!.values.length;
      const more =
        total !== undefined && total > shown
          ? vscode.l10n.t('More available ({0} of {1} shown): keep typing to narrow down', shown, total)
          : vscode.l10n.t('More available ({0} shown): keep typing to narrow down', shown);
      items.push({ label: `$(ellipsis) ${more}`, alwaysShow: true });
    }
  } else if (suggestions && choices.length > 0) {
    items.push({ kind: vscode.QuickPickItemKind.Separator, label: suggestions.supported ? vscode.l10n.t('no suggestions from {0}', server) : vscode.l10n.t('insert') });
    for (const c of choices) items.push({ label: c.label, description: preview(c.value), alwaysShow: true, answer: { kind: 'value', value: c.value } });
  }
  return items;
}

function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
