// One step of Call Tool… for one flat-schema property (inputSchema.ts): a quick pick for booleans and
// enums, with the schema's default as the row Enter takes (issue 25, defect 12: `true` was preselected
// whatever the default); an input box for strings and numbers, with the type in the placeholder (a
// number step said nothing about what it wanted). Every step has an "Edit as JSON" button: an input box
// holds one line, so a long or multi-line value goes into the arguments document instead (defect 3).
import * as vscode from 'vscode';
import { parseField, type SimpleField } from './inputSchema';
import { createAsker, createPicker, type ShownPickItem } from '../common/shownUi';
import { l10n } from '../common/shownL10n';
import { shownLine, TextCaps, type ShownText } from '../common/serverText';

/** What a step gives back: the text typed or picked, the switch to the JSON document, or undefined (cancelled). */
export type StepAnswer = string | { json: string } | undefined;

const EDIT_AS_JSON: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('json'), tooltip: vscode.l10n.t('Edit the arguments as JSON (for long or multi-line values)') };

/** The schema's default as the step shows it; undefined when there is none. */
export function defaultText(field: SimpleField): string | undefined {
  return field.default === undefined ? undefined : String(field.default);
}

/** "a number", "a whole number from 1 to 10", "text": what the step expects, for its placeholder. */
export function typeHint(field: SimpleField): ShownText | undefined {
  const range = (min: unknown, max: unknown) =>
    typeof min === 'number' && typeof max === 'number'
      ? l10n.t(' from {0} to {1}', min, max)
      : typeof min === 'number'
        ? l10n.t(' of at least {0}', min)
        : typeof max === 'number'
          ? l10n.t(' of at most {0}', max)
          : l10n.join([], '');
  switch (field.kind) {
    case 'number':
      return l10n.t('A number{0}, e.g. 2.5', range(field.minimum, field.maximum));
    case 'integer':
      return l10n.t('A whole number{0}, e.g. 3', range(field.minimum, field.maximum));
    case 'string':
      return l10n.t('Text (one line; the JSON button edits longer values)');
    default:
      return undefined;
  }
}

/** Shows the step; what the user typed in it comes along when they switch to the JSON document. */
export function askFieldStep(field: SimpleField, title: ShownText): Promise<StepAnswer> {
  return field.kind === 'boolean' || field.kind === 'enum' ? pickStep(field, title) : inputStep(field, title);
}

function pickStep(field: SimpleField, title: ShownText): Promise<StepAnswer> {
  const initial = defaultText(field);
  const values = field.kind === 'boolean' ? ['true', 'false'] : (field.values ?? []).map(String);
  type Item = ShownPickItem & { value: string };
  // The values are the schema's (the server's): cleaned and capped in the row, the real value answered.
  const items: Item[] = values.map((value) => ({ label: shownLine(value), value, description: value === initial ? l10n.t('default') : undefined }));
  if (!field.required) items.push({ label: shownLine(''), value: '', description: l10n.t('leave out') });
  const picker = createPicker<Item>();
  picker.title = title;
  picker.placeholder = shownLine(field.description, TextCaps.rowDescription);
  picker.items = items;
  picker.ignoreFocusOut = true;
  picker.buttons = [EDIT_AS_JSON];
  // Enter takes the schema's default, not whichever row comes first.
  const preselected = items.find((i) => initial !== undefined && i.value === initial);
  if (preselected) picker.activeItems = [preselected];
  return new Promise((resolve) => {
    const finish = finishOnce(resolve, picker);
    picker.onDidAccept(() => finish((picker.selectedItems[0] ?? picker.activeItems[0])?.value));
    picker.onDidTriggerButton(() => finish({ json: (picker.activeItems[0] ?? preselected)?.value ?? '' }));
    picker.onDidHide(() => finish(undefined));
    picker.show();
  });
}

function inputStep(field: SimpleField, title: ShownText): Promise<StepAnswer> {
  const box = createAsker();
  box.title = title;
  box.prompt = field.description === undefined ? undefined : shownLine(field.description, TextCaps.rowDescription);
  box.placeholder = typeHint(field);
  box.value = defaultText(field) ?? '';
  box.ignoreFocusOut = true;
  box.buttons = [EDIT_AS_JSON];
  const problemOf = (text: string) => {
    const error = parseField(field, text).error;
    return error === undefined ? undefined : shownLine(error, TextCaps.message);
  };
  return new Promise((resolve) => {
    const finish = finishOnce(resolve, box);
    box.onDidChangeValue((text) => (box.validationMessage = problemOf(text)));
    box.onDidAccept(() => {
      const problem = problemOf(box.value);
      if (problem) box.validationMessage = problem;
      else finish(box.value);
    });
    box.onDidTriggerButton(() => finish({ json: box.value }));
    box.onDidHide(() => finish(undefined));
    box.show();
  });
}

/** The step's one answer: the first of accept, button or hide wins, and the widget goes with it. */
function finishOnce(resolve: (answer: StepAnswer) => void, widget: { dispose(): void }): (answer: StepAnswer) => void {
  let done = false;
  return (answer) => {
    if (done) return;
    done = true;
    resolve(answer);
    widget.dispose();
  };
}
