// Every name search (tools, prompts, resources, servers) puts an exact name or title match first.
// While filtering, VS Code's quick pick (extensions cannot turn its sorting off: `sortByLabel` is a
// proposed API) shows label matches first, best label first, and keeps the given order for items that
// match only in their description. So typing `read_text_file` could run `read_file`, whose description
// mentions the other name. Here an exact match comes first in the list and carries the matched name as
// its label (its usual label moves into the description), which VS Code's ranking puts above every other.
import * as vscode from 'vscode';
import { createPicker, ShownPickItem, ShownQuickPick } from './shownUi';
import { shownLine, TextCaps, type ShownText } from './serverText';
import { withIcon } from './shownL10n';

/** The name among `names` that is exactly what was typed (ignoring case and outer spaces). */
export function exactMatch(query: string, names: readonly (string | undefined)[]): string | undefined {
  const wanted = query.trim().toLowerCase();
  return wanted === '' ? undefined : names.find((name) => name?.trim().toLowerCase() === wanted);
}

/** What this module keeps about each picker it orders. */
interface PickerState {
  namesOf: (item: ShownPickItem) => readonly (string | undefined)[];
  /** The items and exact names last given, so a keystroke that changes neither leaves the rows alone. */
  given?: readonly ShownPickItem[];
  exactNames?: string;
  /** Item updates sent without an active row: each brings back one active-row event that no one made by hand. */
  echoes: number;
  /** The user moved the active row off the exact match since the last keystroke. */
  movedByHand: boolean;
}

const states = new WeakMap<ShownQuickPick<ShownPickItem>, PickerState>();

function stateOf<T extends ShownPickItem>(picker: ShownQuickPick<T>, namesOf: (item: T) => readonly (string | undefined)[]): PickerState {
  const key = picker as unknown as ShownQuickPick<ShownPickItem>;
  let state = states.get(key);
  if (!state) {
    const created: PickerState = { namesOf: namesOf as PickerState['namesOf'], echoes: 0, movedByHand: false };
    picker.onDidChangeValue(() => (created.movedByHand = false));
    picker.onDidChangeActive(([item]) => {
      if (created.echoes > 0) created.echoes--;
      else created.movedByHand = !item || exactMatch(picker.value, namesOfItem(created, item)) === undefined;
    });
    states.set(key, (state = created));
  }
  return state;
}

function namesOfItem(state: PickerState, item: ShownPickItem): readonly (string | undefined)[] {
  return item.kind === vscode.QuickPickItemKind.Separator ? [] : state.namesOf(item);
}

/**
 * Sets `picker.items` to `items` for the current filter text, exact matches (by `namesOf`) first and
 * labelled with the matched name. Returns whether there was one (it is then the active item).
 */
export function showExactMatchesFirst<T extends ShownPickItem>(picker: ShownQuickPick<T>, items: readonly T[], namesOf: (item: T) => readonly (string | undefined)[]): boolean {
  const state = stateOf(picker, namesOf);
  const exact: T[] = [];
  const rest: T[] = [];
  for (const item of items) {
    const name = exactMatch(picker.value, namesOfItem(state, item));
    if (name === undefined) rest.push(item);
    else exact.push(relabel(item, name));
  }
  // Every items update renumbers the rows, and the workbench names rows by number: an update that changes
  // nothing would only make a quick Enter's row name another item.
  const exactNames = exact.map((i) => i.label).join('\n');
  if (state.given !== items || state.exactNames !== exactNames) {
    state.given = items;
    state.exactNames = exactNames;
    picker.items = [...exact, ...rest];
    if (!exact.length) state.echoes++;
  }
  if (exact.length) picker.activeItems = [picker.items[0]!];
  return exact.length > 0;
}

/**
 * The item Enter chose. The workbench names the chosen row by its number in the items it shows, so an
 * Enter pressed within one round trip of the last key (before the reordered items arrived there) names
 * a row of the previous order: another item. When the filter text is exactly one item's name or title,
 * that item is meant, unless the user moved the active row away from it by hand after the last key.
 */
export function acceptedItem<T extends ShownPickItem>(picker: ShownQuickPick<T>): T | undefined {
  const state = states.get(picker as unknown as ShownQuickPick<ShownPickItem>);
  const exact = state && !state.movedByHand ? picker.items.filter((i) => exactMatch(picker.value, namesOfItem(state, i)) !== undefined) : [];
  return exact.length === 1 ? exact[0] : (picker.selectedItems[0] ?? picker.activeItems[0]);
}

function relabel<T extends ShownPickItem>(item: T, name: string): T {
  const icon = /^\$\(([\w~-]+)\)\s*/.exec(item.label);
  const label = item.label.slice(icon?.[0].length ?? 0);
  if (label === name) return item;
  // The matched name is the server's: cleaned like any label; our own icon stays in front.
  const shown = shownLine(name);
  return { ...item, label: icon ? withIcon(icon[1]!, shown) : shown, description: shownLine([label, item.description].filter(Boolean).join(' · '), TextCaps.rowDescription) };
}

/** A one-shot pick (showQuickPick's replacement) whose filter puts exact name matches first. */
export function pickExactFirst<T extends ShownPickItem>(
  items: readonly T[],
  namesOf: (item: T) => readonly (string | undefined)[],
  options: { title?: ShownText; placeHolder?: ShownText; matchOnDescription?: boolean; matchOnDetail?: boolean } = {},
): Promise<T | undefined> {
  const picker = createPicker<T>();
  picker.title = options.title;
  picker.placeholder = options.placeHolder;
  picker.matchOnDescription = options.matchOnDescription ?? false;
  picker.matchOnDetail = options.matchOnDetail ?? false;
  return new Promise<T | undefined>((resolve) => {
    picker.onDidChangeValue(() => showExactMatchesFirst(picker, items, namesOf));
    picker.onDidAccept(() => {
      resolve(acceptedItem(picker));
      picker.hide();
    });
    picker.onDidHide(() => {
      resolve(undefined);
      picker.dispose();
    });
    showExactMatchesFirst(picker, items, namesOf);
    picker.show();
  });
}
