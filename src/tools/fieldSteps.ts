// One step of Call Tool… for one flat-schema property (inputSchema.ts): a quick pick for booleans and
// enums, with the schema's default as the row Enter takes (issue 25, defect 12: `true` was preselected
// whatever the default); an input box for strings and numbers, with the type in the placeholder (a
// number step said nothing about what it wanted). Every step has an "Edit as JSON" button: an input box
// holds one line, so a long or multi-line value goes into the arguments document instead (defect 3).
import * as vscode from 'vscode';
import { parseField, type SimpleField } from './inputSchema';

/** What a step gives back: the text typed or picked, the switch to the JSON document, or undefined (cancelled). */
export type StepAnswer = string | { json: string } | undefined;

const EDIT_AS_JSON: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('json'), tooltip: vscode.l10n.t('Edit the arguments as JSON (for long or multi-line values)') };

/** The schema's default as the step shows it; undefined when there is none. */
export function defaultText(field: SimpleField): string | undefined {
  return field.default === undefined ? undefined : String(field.default);
}

/** "a number", "a whole number from 1 to 10", "text": what the step expects, for its placeholder. */
export function typeHint(field: SimpleField): string {
  const range = (min: unknown, max: unknown) =>
    typeof min === 'number' && typeof max === 'number'
      ? vscode.l10n.t(' from {0} to {1}', min, max)
      : typeof min === 'number'
        ? vscode.l10n.t(' of at least {0}', min)
        : typeof max === 'number'
          ? vscode.l10n.t(' of at most {0}', max)
          : '';
  switch (field.kind) {
    case 'number':
      return vscode.l10n.t('A number{0}, e.g. 2.5', range(field.minimum, field.maximum));
    case 'integer':
      return vscode.l10n.t('A whole number{0}, e.g. 3', range(field.minimum, field.maximum));
    case 'string':
      return vscode.l10n.t('Text (one line; the JSON button edits longer values)');
    default:
      return '';
  }
}

/** Shows the step; what the user typed in it comes along when they switch to the JSON document. */
export function askFieldStep(field: SimpleField, title: string): Promise<StepAnswer> {
  return field.kind === 'boolean' || field.kind === 'enum' ? pickStep(field, title) : inputStep(field, title);
}

function pickStep(field: SimpleField, title: string): Promise<StepAnswer> {
  const initial = defaultText(field);
  const values = field.kind === 'boolean' ? ['true', 'false'] : (field.values ?? []).map(String);
  type Item = vscode.QuickPickItem & { value: string };
  const items: Item[] = values.map((value) => ({ label: value, value, description: value === initial ? vscode.l10n.t('default') : undefined }));
  if (!field.required) items.push({ label: '', value: '', description: vscode.l10n.t('leave out') });
  const picker = vscode.window.createQuickPick<Item>();
  Object.assign(picker, { title, placeholder: field.description, items, ignoreFocusOut: true, buttons: [EDIT_AS_JSON] });
  // Enter takes the schema's default, not whichever row comes first.
  const preselected = items.find((i) => initial !== undefined && i.value === initial);
  if (preselected) picker.activeItems = [preselected];
  return new Promise((resolve) => {
    let done = false;
    const finish = (answer: StepAnswer) => {
      if (done) return;
      done = true;
      resolve(answer);
      picker.dispose();
    };
    picker.onDidAccept(() => finish((picker.selectedItems[0] ?? picker.activeItems[0])?.value));
    picker.onDidTriggerButton(() => finish({ json: (picker.activeItems[0] ?? preselected)?.value ?? '' }));
    picker.onDidHide(() => finish(undefined));
    picker.show();
  });
}

function inputStep(field: SimpleField, title: string): Promise<StepAnswer> {
  const box = vscode.window.createInputBox();
  Object.assign(box, { title, prompt: field.description, placeholder: typeHint(field), value: defaultText(field) ?? '', ignoreFocusOut: true, buttons: [EDIT_AS_JSON] });
  return new Promise((resolve) => {
    let done = false;
    const finish = (answer: StepAnswer) => {
      if (done) return;
      done = true;
      resolve(answer);
      box.dispose();
    };
    box.onDidChangeValue((text) => (box.validationMessage = parseField(field, text).error));
    box.onDidAccept(() => {
      const problem = parseField(field, box.value).error;
      if (problem) box.validationMessage = problem;
      else finish(box.value);
    });
    box.onDidTriggerButton(() => finish({ json: box.value }));
    box.onDidHide(() => finish(undefined));
    box.show();
  });
}
