// Notifications in the extension's own voice: each starts "MCP Client: " (so the user knows who speaks),
// and that prefix comes from here, localized like the rest. Callers pass text already localized with
// vscode.l10n.t; server text (errors, names) goes in as an argument of their message, never as its format.
import * as vscode from 'vscode';

/** `message` as the extension says it: "MCP Client: <message>". */
export function ownVoice(message: string): string {
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

function told(severity: Severity, message: string): string {
  const text = ownVoice(message);
  observers[OBSERVER]?.(severity, text);
  return text;
}

export function showError<T extends string>(message: string, ...actions: T[]): Thenable<T | undefined> {
  return vscode.window.showErrorMessage(told('error', message), ...actions);
}

export function showWarning<T extends string>(message: string, ...actions: T[]): Thenable<T | undefined> {
  return vscode.window.showWarningMessage(told('warning', message), ...actions);
}

export function showInfo<T extends string>(message: string, ...actions: T[]): Thenable<T | undefined> {
  return vscode.window.showInformationMessage(told('info', message), ...actions);
}
