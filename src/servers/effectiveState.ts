// Why a server is in the state it is, in the user's words, and the one action that changes it (issue 27,
// part 1): turned off here or everywhere, a new server not turned on yet, disabled in its settings, waiting for
// approval, declined, an untrusted workspace, left to VS Code, refused by an administrator's policy. The
// Servers view's description, tooltip and menus (context words) all read it from here.
import * as vscode from 'vscode';
import type { ServerEntry } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import { DENIED_REASON, DISMISSED_REASON, CHANGED_REASON, UNTRUSTED_REASON } from '../trust/consentPolicy';

export type HeldBackKind = 'offHere' | 'offEverywhere' | 'offNew' | 'disabledInSettings' | 'waitingForConsent' | 'declined' | 'untrusted' | 'leftToVscode' | 'refusedByPolicy';

export interface HeldBack {
  kind: HeldBackKind;
  /** A few words for the description: "off in this workspace". */
  short: string;
  /** The one action that changes it, as its menu item is titled. */
  action: string;
}

/** Why a configured server does not run (on purpose), or undefined when nothing holds it back. */
export function heldBackOf(entry: ServerEntry): HeldBack | undefined {
  const definition = entry.session?.definition;
  const state = entry.session?.state;
  if (!definition || !state) return undefined;
  if (definition.refusedBy) return { kind: 'refusedByPolicy', short: vscode.l10n.t('refused by policy'), action: vscode.l10n.t('Ask your administrator, or Open Settings to see the rule') };
  if (definition.disabled) return { kind: 'disabledInSettings', short: vscode.l10n.t('disabled in settings'), action: vscode.l10n.t('Open Settings and remove "disabled": true') };
  switch (definition.turnedOff) {
    case 'workspace':
      return { kind: 'offHere', short: vscode.l10n.t('off in this workspace'), action: vscode.l10n.t('Turn On in This Workspace') };
    case 'everywhere':
      return { kind: 'offEverywhere', short: vscode.l10n.t('off everywhere'), action: vscode.l10n.t('Turn On Everywhere') };
    case 'new':
      return { kind: 'offNew', short: vscode.l10n.t('new · off until turned on'), action: vscode.l10n.t('Turn On Everywhere') };
  }
  if (definition.leftToVscode) return { kind: 'leftToVscode', short: vscode.l10n.t('left to VS Code'), action: vscode.l10n.t('Choose Who Runs the Servers of .vscode/mcp.json…') };
  if (!SessionState.isHeldBack(state)) return undefined;
  switch (state.reason) {
    case UNTRUSTED_REASON:
      return { kind: 'untrusted', short: vscode.l10n.t('untrusted workspace'), action: vscode.l10n.t('Manage Workspace Trust') };
    case DENIED_REASON:
      return { kind: 'declined', short: vscode.l10n.t('declined'), action: vscode.l10n.t('Start Server (asks again)') };
    case DISMISSED_REASON:
    case CHANGED_REASON:
      return { kind: 'waitingForConsent', short: vscode.l10n.t('waiting for approval'), action: vscode.l10n.t('Start Server (asks)') };
  }
  return undefined;
}

/** The context word of each kind, which the menus match on (package.json). */
export function heldBackWord(held: HeldBack | undefined): string | undefined {
  return held?.kind;
}
