// The extension's own words, localized, as ShownText (serverText.ts): `l10n.t` is `vscode.l10n.t` whose
// format must be a literal (a server's string is not one, so it cannot be passed as a message) and whose
// arguments must be ShownText already (cleaned by serverText.ts) or numbers. Called as `l10n.t('…')`:
// `@vscode/l10n-dev export` extracts every `l10n.t(…)` call of a file that imports 'vscode' (its query
// matches any identifier `l10n`), which almost every UI file does; a file that imports nothing of vscode
// (toolConfirmation, browsePicker, findResource, samplingDialogs) is skipped by the extractor.
import * as vscode from 'vscode';
import { ownWordsFromShownL10n, type ShownText } from './serverText';

/** A string type that only a literal (or a union of literals) has: `string` itself is refused. */
type Literal<F extends string> = string extends F ? never : F;

export type ShownArg = ShownText | number | boolean;

function t<F extends string>(message: Literal<F>, ...args: ShownArg[]): ShownText {
  return ownWordsFromShownL10n(vscode.l10n.t(message, ...args));
}

/** A number as the user's locale writes it ("12,345"). */
function count(value: number): ShownText {
  return ownWordsFromShownL10n(value.toLocaleString());
}

/** Own words joined by `separator` (a literal): ShownText parts stay ShownText. */
function join<S extends string>(parts: readonly (ShownText | undefined | false)[], separator: Literal<S>): ShownText {
  return ownWordsFromShownL10n(parts.filter((p): p is ShownText => typeof p === 'string' && p.length > 0).join(separator));
}

export const l10n = { t, count, join };

/** `$(icon) text`: a theme icon of ours (a codicon name, never server text) before shown text. */
export function withIcon(codicon: string, text: ShownText): ShownText {
  if (!/^[a-z0-9-]+(~spin)?$/.test(codicon)) return text;
  return ownWordsFromShownL10n(`$(${codicon}) ${text}`);
}
