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

/**
 * Why a configured server does not run (on purpose), as a kind; undefined when nothing holds it back. No
 * words: the menus' context words need only the kind, for every row at every refresh of the view.
 */
export function heldBackKind(entry: ServerEntry): HeldBackKind | undefined {
  const definition = entry.session?.definition;
  const state = entry.session?.state;
  if (!definition || !state) return undefined;
  if (definition.refusedBy) return 'refusedByPolicy';
  if (definition.disabled) return 'disabledInSettings';
  switch (definition.turnedOff) {
    case 'workspace':
      return 'offHere';
    case 'everywhere':
      return 'offEverywhere';
    case 'new':
      return 'offNew';
  }
  if (definition.leftToVscode) return 'leftToVscode';
  if (!SessionState.isHeldBack(state)) return undefined;
  switch (state.reason) {
    case UNTRUSTED_REASON:
      return 'untrusted';
    case DENIED_REASON:
      return 'declined';
    case DISMISSED_REASON:
    case CHANGED_REASON:
      return 'waitingForConsent';
  }
  return undefined;
}

/** Why a configured server does not run (on purpose), in words, or undefined when nothing holds it back. */
export function heldBackOf(entry: ServerEntry): HeldBack | undefined {
  const kind = heldBackKind(entry);
  return kind && { kind, ...heldBackWords(kind) };
}

function heldBackWords(kind: HeldBackKind): Omit<HeldBack, 'kind'> {
  switch (kind) {
    case 'refusedByPolicy':
      return { short: vscode.l10n.t('refused by policy'), action: vscode.l10n.t('Ask your administrator, or Open Settings to see the rule') };
    case 'disabledInSettings':
      return { short: vscode.l10n.t('disabled in settings'), action: vscode.l10n.t('Open Settings and remove "disabled": true') };
    case 'offHere':
      return { short: vscode.l10n.t('off in this workspace'), action: vscode.l10n.t('Turn On in This Workspace') };
    case 'offEverywhere':
      return { short: vscode.l10n.t('off everywhere'), action: vscode.l10n.t('Turn On Everywhere') };
    case 'offNew':
      return { short: vscode.l10n.t('new · off until turned on'), action: vscode.l10n.t('Turn On Everywhere') };
    case 'leftToVscode':
      return { short: vscode.l10n.t('left to VS Code'), action: vscode.l10n.t('Choose Who Runs the Servers of .vscode/mcp.json…') };
    case 'untrusted':
      return { short: vscode.l10n.t('untrusted workspace'), action: vscode.l10n.t('Manage Workspace Trust') };
    case 'declined':
      return { short: vscode.l10n.t('declined'), action: vscode.l10n.t('Start Server (asks again)') };
    case 'waitingForConsent':
      return { short: vscode.l10n.t('waiting for approval'), action: vscode.l10n.t('Start Server (asks)') };
  }
}

/** The context word of each kind, which the menus match on (package.json). */
export function heldBackWord(held: HeldBack | undefined): string | undefined {
  return held?.kind;
}
