// How rows from the catalog store (what a server listed in an earlier window, not yet confirmed by it)
// are marked in the pickers and views: "(cached)" in the description, a history icon on the server, and
// a tooltip that says when the server listed them. One wording for prompts, tools and resources.
import * as vscode from 'vscode';

/** The description with the cached mark appended (unchanged for live rows). */
export function withCachedMark(description: string, cached: boolean | undefined): string {
  return cached ? [description, vscode.l10n.t('(cached)')].filter(Boolean).join(' · ') : description;
}

/** A cached server's description by its state. */
export function cachedDescription(state: string | undefined): string {
  return state === 'starting' ? vscode.l10n.t('cached · starting…') : vscode.l10n.t('cached · not running');
}

/** Says where the rows come from: the server's answer in an earlier window, shown until it answers. */
export function cachedTooltip(savedAt: number | undefined): string {
  return savedAt
    ? vscode.l10n.t('Listed by the server on {0}; shown until the server answers.', new Date(savedAt).toLocaleString())
    : vscode.l10n.t('Listed by the server in an earlier window; shown until the server answers.');
}

/** The codicon of a server whose rows are cached. */
export const CACHED_ICON = 'history';
