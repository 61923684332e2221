// One install question as a step of a multi-step input: an input box (masked for secrets, the default
// filled in, checked as typed) or, for choices and switches, a quick pick. Back returns to the previous
// step; Escape cancels the whole install.
import * as vscode from 'vscode';
import type { Question } from './toSettingsEntry';
import { createAsker, createPicker, ShownPickItem } from '../common/shownUi';
import { shownArg, type ShownText } from '../common/serverText';
import { l10n } from '../common/shownL10n';
import { plain } from './browseRows';

export const BACK = Symbol('back');
export type StepAnswer = string | typeof BACK | undefined;

export interface Step {
  title: ShownText;
  step: number;
  totalSteps: number;
}

/** The answer: text (empty: an optional value left out), BACK, or undefined when cancelled. */
export function askQuestion(question: Question, step: Step): Promise<StepAnswer> {
  const choices = question.choices ?? (question.format === 'boolean' ? ['true', 'false'] : undefined);
  return choices ? pickChoice(question, choices, step) : typeValue(question, step);
}

function describe(question: Question): string {
  const text = question.description || question.title;
  const parts = [/[.!?:]$/.test(text) ? text : `${text}.`];
  if (question.secret) parts.push(vscode.l10n.t('Kept in VS Code’s secret storage, never in settings.'));
  if (!question.required) parts.push(vscode.l10n.t('Optional: leave empty to leave it out.'));
  return parts.join(' ');
}

function typeValue(question: Question, step: Step): Promise<StepAnswer> {
  const box = createAsker();
  Object.assign(box, step);
  box.prompt = shownArg(`${question.title}: ${describe(question)}`);
  box.placeholder = shownArg(question.placeholder ?? (question.format === 'filepath' ? vscode.l10n.t('An absolute path, or {0}', '${workspaceFolder}') : question.title));
  box.password = question.secret;
  box.value = question.secret ? '' : (question.default ?? '');
  box.ignoreFocusOut = true;
  box.buttons = step.step > 1 ? [vscode.QuickInputButtons.Back] : [];
  const problem = (value: string) => {
    if (question.required && !value.trim()) return vscode.l10n.t('A value is required.');
    if (question.format === 'number' && value.trim() && !Number.isFinite(Number(value))) return vscode.l10n.t('Enter a number.');
    return undefined;
  };
  return new Promise((resolve) => {
    const done = (answer: StepAnswer) => {
      resolve(answer);
      box.dispose();
    };
    box.onDidChangeValue((value) => (box.validationMessage = shownArg(problem(value))));
    box.onDidAccept(() => {
      box.validationMessage = shownArg(problem(box.value));
      if (!box.validationMessage) done(box.value.trim());
    });
    box.onDidTriggerButton(() => done(BACK));
    box.onDidHide(() => done(undefined));
    box.show();
  });
}

function pickChoice(question: Question, choices: string[], step: Step): Promise<StepAnswer> {
  type Item = ShownPickItem & { value: string };
  const picker = createPicker<Item>();
  Object.assign(picker, step);
  picker.placeholder = shownArg(`${question.title}: ${describe(question)}`);
  picker.ignoreFocusOut = true;
  picker.buttons = step.step > 1 ? [vscode.QuickInputButtons.Back] : [];
  // The default first, so that Enter takes it.
  const ordered = [...choices].sort((a, b) => Number(b === question.default) - Number(a === question.default));
  picker.items = [
    ...ordered.map((value) => ({ label: plain(value), description: value === question.default ? l10n.t('default') : undefined, value })),
    ...(question.required ? [] : [{ label: l10n.t('$(circle-slash) {0}', l10n.t('Leave out')), value: '' }]),
  ];
  return new Promise((resolve) => {
    const done = (answer: StepAnswer) => {
      resolve(answer);
      picker.dispose();
    };
    picker.onDidAccept(() => done(picker.selectedItems[0]?.value));
    picker.onDidTriggerButton(() => done(BACK));
    picker.onDidHide(() => done(undefined));
    picker.show();
  });
}
