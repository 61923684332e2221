// Notifications in the extension's own voice: each starts "MCP Client: " (so the user knows who speaks),
// and that prefix comes from here, localized like the rest. Callers pass ShownText (serverText.ts): their
// own words through shownL10n's l10n.t, server text (errors, names) as an argument of it, cleaned, never
// as its format. The architecture test keeps the raw vscode.window.show…Message calls in this file and
// in shownUi.ts.
import * as vscode from 'vscode';
import type { ShownText } from './serverText';

/** `message` as the extension says it: "MCP Client: <message>". */
export function ownVoice(message: ShownText): string {
  return vscode.l10n.t('MCP Client: {0}', message);
}

export type Severity = 'error' | 'warning' | 'info';

type Observer = (severity: Severity, message: string) => void;
/**
 * Sees every notification as it is shown (set only by the test hooks, which count them). Kept on the
 * global object: this module is in both bundles (activation and contributions), and the notifications of
 * the activation bundle (a server's failure) must be seen too.
 */
const OBSERVER = Symbol.for('mcpClient.notificationObserver');
const observers = globalThis as { [OBSERVER]?: Observer };
export function observeNotifications(listener: Observer | undefined): void {
  observers[OBSERVER] = listener;
}

function told(severity: Severity, message: ShownText): string {
  const text = ownVoice(message);
  observers[OBSERVER]?.(severity, text);
  return text;
}

export function showError<T extends ShownText>(message: ShownText, ...actions: T[]): Thenable<T | undefined> {
  return vscode.window.showErrorMessage(told('error', message), ...actions);
}

export function showWarning<T extends ShownText>(message: ShownText, ...actions: T[]): Thenable<T | undefined> {
  return vscode.window.showWarningMessage(told('warning', message), ...actions);
}

export function showInfo<T extends ShownText>(message: ShownText, ...actions: T[]): Thenable<T | undefined> {
  return vscode.window.showInformationMessage(told('info', message), ...actions);
}
