// Every name search (tools, prompts, resources, servers) puts an exact name or title match first.
// While filtering, VS Code's quick pick (extensions cannot turn its sorting off: `sortByLabel` is a
// proposed API) shows label matches first, best label first, and keeps the given order for items that
// match only in their description. So typing `read_text_file` could run `read_file`, whose description
// mentions the other name. Here an exact match comes first in the list and carries the matched name as
// its label (its usual label moves into the description), which VS Code's ranking puts above every other.
import * as vscode from 'vscode';

/** The name among `names` that is exactly what was typed (ignoring case and outer spaces). */
export function exactMatch(query: string, names: readonly (string | undefined)[]): string | undefined {
  const wanted = query.trim().toLowerCase();
  return wanted === '' ? undefined : names.find((name) => name?.trim().toLowerCase() === wanted);
}

/**
 * Sets `picker.items` to `items` for the current filter text, exact matches (by `namesOf`) first and
 * labelled with the matched name. Returns whether there was one (it is then the active item).
 */
export function showExactMatchesFirst<T extends vscode.QuickPickItem>(picker: vscode.QuickPick<T>, items: readonly T[], namesOf: (item: T) => readonly (string | undefined)[]): boolean {
  const exact: T[] = [];
  const rest: T[] = [];
  for (const item of items) {
    const name = item.kind === vscode.QuickPickItemKind.Separator ? undefined : exactMatch(picker.value, namesOf(item));
    if (name === undefined) rest.push(item);
    else exact.push(relabel(item, name));
  }
  picker.items = [...exact, ...rest];
  if (exact.length) picker.activeItems = [exact[0]!];
  return exact.length > 0;
}

function relabel<T extends vscode.QuickPickItem>(item: T, name: string): T {
  const icon = /^\$\([\w~-]+\)\s*/.exec(item.label)?.[0] ?? '';
  const label = item.label.slice(icon.length);
  if (label === name) return item;
  return { ...item, label: `${icon}${name}`, description: [label, item.description].filter(Boolean).join(' · ') };
}

/** A one-shot pick (showQuickPick's replacement) whose filter puts exact name matches first. */
export function pickExactFirst<T extends vscode.QuickPickItem>(
  items: readonly T[],
  namesOf: (item: T) => readonly (string | undefined)[],
  options: { title?: string; placeHolder?: string; matchOnDescription?: boolean; matchOnDetail?: boolean } = {},
): Promise<T | undefined> {
  const picker = vscode.window.createQuickPick<T>();
  picker.title = options.title;
  picker.placeholder = options.placeHolder;
  picker.matchOnDescription = options.matchOnDescription ?? false;
  picker.matchOnDetail = options.matchOnDetail ?? false;
  return new Promise<T | undefined>((resolve) => {
    picker.onDidChangeValue(() => showExactMatchesFirst(picker, items, namesOf));
    picker.onDidAccept(() => {
      resolve(picker.selectedItems[0] ?? picker.activeItems[0]);
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
