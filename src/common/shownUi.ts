// VS Code's pickers, input boxes, modal dialogs and tree items, typed so that every text they show is
// ShownText (serverText.ts): a server's name, description or message cannot reach them uncleaned or
// uncapped, because the compiler refuses a plain string there. These are the only places that call the
// raw APIs (with userMessages.ts for notifications): the architecture test holds that. The objects are
// VS Code's own; only their types are narrowed, so they behave exactly as before.
import * as vscode from 'vscode';
import type { ShownText } from './serverText';
import type { ShownMarkdown } from './shownMarkdown';

/** A quick pick row whose every text is ShownText. */
export interface ShownPickItem extends vscode.QuickPickItem {
  label: ShownText;
  description?: ShownText;
  detail?: ShownText;
}

type ShownTexts<T, K extends keyof T> = Omit<T, K> & { [P in K]?: ShownText };

export type ShownPickOptions = ShownTexts<vscode.QuickPickOptions, 'title' | 'placeHolder'>;
export type ShownInputOptions = ShownTexts<vscode.InputBoxOptions, 'title' | 'placeHolder' | 'prompt'> & {
  validateInput?(value: string): ShownText | undefined | null | Thenable<ShownText | undefined | null>;
};

/** A created quick pick whose title and placeholder take ShownText. */
export type ShownQuickPick<T extends ShownPickItem> = Omit<vscode.QuickPick<T>, 'title' | 'placeholder'> & {
  title: ShownText | undefined;
  placeholder: ShownText | undefined;
};

/** A created input box whose title, placeholder, prompt and validation message take ShownText. */
export type ShownInputBox = Omit<vscode.InputBox, 'title' | 'placeholder' | 'prompt' | 'validationMessage'> & {
  title: ShownText | undefined;
  placeholder: ShownText | undefined;
  prompt: ShownText | undefined;
  validationMessage: ShownText | undefined;
};

export function pickOne<T extends ShownPickItem>(items: readonly T[] | Thenable<readonly T[]>, options?: ShownPickOptions & { canPickMany?: false }, token?: vscode.CancellationToken): Thenable<T | undefined> {
  return vscode.window.showQuickPick(items, options, token);
}

export function pickMany<T extends ShownPickItem>(items: readonly T[] | Thenable<readonly T[]>, options: ShownPickOptions & { canPickMany: true }, token?: vscode.CancellationToken): Thenable<T[] | undefined> {
  return vscode.window.showQuickPick(items, options, token);
}

export function createPicker<T extends ShownPickItem>(): ShownQuickPick<T> {
  return vscode.window.createQuickPick<T>() as ShownQuickPick<T>;
}

export function askText(options: ShownInputOptions, token?: vscode.CancellationToken): Thenable<string | undefined> {
  return vscode.window.showInputBox(options, token);
}

export function createAsker(): ShownInputBox {
  return vscode.window.createInputBox() as ShownInputBox;
}

/**
 * A modal question (the user must answer before going on): the title and detail in plain text, the
 * buttons; resolves with the button chosen, undefined when dismissed.
 */
export function askModal<T extends ShownText>(severity: 'warning' | 'info', message: ShownText, detail: ShownText | undefined, ...buttons: T[]): Thenable<T | undefined> {
  const show = severity === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  return show(message, { modal: true, detail }, ...buttons);
}

/** A notification without the "MCP Client:" prefix, for messages that name their server first. */
export function notifyPlain<T extends ShownText>(severity: 'error' | 'warning' | 'info', message: ShownText, ...actions: T[]): Thenable<T | undefined> {
  const show = severity === 'error' ? vscode.window.showErrorMessage : severity === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  return show(message, ...actions);
}

/**
 * A Markdown tooltip (or read-only notice) of shown Markdown (shownMarkdown.ts): never trusted (no command
 * links), no HTML, no theme icons. The only way the extension makes a MarkdownString (architecture test).
 */
export function shownTooltip(markdown: ShownMarkdown): vscode.MarkdownString {
  const tooltip = new vscode.MarkdownString(markdown, false);
  tooltip.isTrusted = false;
  tooltip.supportHtml = false;
  return tooltip;
}

/** A tree item whose label, description and plain tooltip are ShownText (a Markdown tooltip is built escaped). */
export class ShownTreeItem extends vscode.TreeItem {
  declare label: ShownText | undefined;
  declare description: ShownText | boolean | undefined;
  declare tooltip: ShownText | vscode.MarkdownString | undefined;

  constructor(label: ShownText, collapsibleState?: vscode.TreeItemCollapsibleState) {
    super(label, collapsibleState);
  }
}
