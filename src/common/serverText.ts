// The one way from a server's (or registry's, or app's) text to anything a person reads: dialogs, pickers,
// trees, tooltips, notifications, documents. What the user reads must be what the server sent, neither
// more (fake lines, theme icons, a dialog's own words) nor disguised (bidi overrides that reorder text,
// invisible characters that a model reads and a person does not: Unicode tags, variation selectors, soft
// hyphens, fillers), and never so long that it buries the question. Cuts are visible: "… (N more
// characters)". The result is a `ShownText`: the project's UI wrappers (shownUi.ts, userMessages.ts) take
// only that type where text is shown, so the compiler refuses raw server text there. The extension's own
// words become ShownText through `l10n.t` in shownL10n.ts (a literal format, ShownText arguments).
// No `vscode` import.

declare const shownBrand: unique symbol;
/** Text that may be shown: cleaned and capped here, or the extension's own localized words. */
export type ShownText = string & { readonly [shownBrand]: true };

/**
 * Everything a person does not see, or that changes how the rest is seen: control characters (but tab and
 * newline), every format character (\p{Cf}: bidi embeddings, overrides, isolates and marks, zero-width
 * characters, Unicode tags U+E0000–E007F, the soft hyphen …), the other default-ignorable code points
 * (variation selectors, combining grapheme joiner U+034F, Hangul fillers U+115F/U+1160/U+3164/U+FFA0,
 * Mongolian free variation selectors and vowel separator U+180B–U+180F, Khmer inherent vowels, musical
 * formatting U+1D173–U+1D17A, the rest of the tag block), and the line and paragraph separators.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u3164\uFE00-\uFE0F\uFFA0\uFFF0-\uFFF8\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{E0000}-\u{E0FFF}]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'gu');
/** Kept in multi-line text: tab and newline (the caller chooses multi-line on purpose). */
const KEPT = new Set(['\t', '\n']);

/** Caps used across the views and dialogs. */
export const TextCaps = {
  /** A name or title in a row or dialog title. */
  name: 120,
  /** A description in a tree row or quick pick row. */
  rowDescription: 300,
  /** A description in a dialog's detail or a tooltip. */
  description: 2_000,
  /** One line of server instructions. */
  instructionLine: 500,
  /** Lines of server instructions shown. */
  instructionLines: 20,
  /** A message in a dialog (an elicitation's, an error's). */
  message: 1_000,
  /** Tool-call arguments in the confirmation dialog. */
  arguments: 2_000,
} as const;

/** `text` on one line, invisible characters dropped, `$(icon)` escaped, cut at `max` with the cut said. */
export function shownLine(text: unknown, max: number = TextCaps.name): ShownText {
  return shownText(asString(text).replace(/[\r\n\u2028\u2029\u0085]+/g, ' ').replace(/[ \t]{2,}/g, ' ').trim(), max);
}

/** shownLine keeping line breaks (at most two in a row: blank lines cannot push what follows out of view). */
export function shownText(text: unknown, max: number = TextCaps.description): ShownText {
  const clean = asString(text)
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(INVISIBLE_ALL, (c) => (KEPT.has(c) ? c : ''))
    .replace(/[ \t]*\n[ \t]*(\n[ \t]*)+/g, '\n\n');
  return escapeIcons(truncateVisibly(clean, max)) as ShownText;
}

/**
 * `text` with every invisible character written out as an escape (`\u202E`, `\u{E0041}`), not dropped:
 * for what the user must see exactly (the arguments of a tool call, a command line), where hiding a
 * character would hide a difference. Newlines are written `\n` too, so one value stays on one line.
 */
export function withVisibleEscapes(text: string, { keepLineBreaks = false } = {}): string {
  return text.replace(INVISIBLE_ALL, (c) => {
    if (keepLineBreaks && KEPT.has(c)) return c;
    if (c === '\n') return '\\n';
    if (c === '\t') return '\\t';
    const code = c.codePointAt(0)!;
    return code > 0xffff ? `\\u{${code.toString(16).toUpperCase()}}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  });
}

/** Whether `text` holds a character that withVisibleEscapes would write out. */
export function hasInvisible(text: string): boolean {
  return INVISIBLE.test(text);
}

/** Escapes `$(name)` so that VS Code shows it as written instead of as a theme icon. */
export function escapeIcons(text: string): string {
  return text.replace(/(\\)?\$\(/g, (match, escaped: string | undefined) => (escaped ? match : '\\$('));
}

/** `text` cut at `max` characters (never inside a surrogate pair), ending "… (N more characters)" when cut. */
export function truncateVisibly(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}… (${(text.length - end).toLocaleString('en-US')} more characters)`;
}

/** Cleaned but not cut: the whole text, for a "Show Full Text" document. */
export function fullText(text: unknown): string {
  return asString(text).replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n').replace(INVISIBLE_ALL, (c) => (KEPT.has(c) ? c : withVisibleEscapes(c)));
}

/** Whether shownText/shownLine would cut `text` at `max` (so a dialog offers the whole). */
export function isCut(text: unknown, max: number): boolean {
  return asString(text).length > max;
}

/** A value put into the extension's own sentence (l10n.t's `{0}`): one line, capped generously. */
export function shownArg(text: unknown): ShownText {
  return shownLine(text, TextCaps.message);
}

/**
 * Text too long for a dialog, shown as its start and its end (what matters may come last: a command
 * after 20,000 harmless characters), with how much lies between; undefined when it fits in `max`.
 * Invisible characters must have been made visible or dropped before.
 */
export function excerpt(text: string, max: number): { head: ShownText; hidden: number; tail: ShownText; total: number } | undefined {
  if (text.length <= max) return undefined;
  const headLength = Math.floor(max * 0.7);
  const tailLength = max - headLength;
  return {
    head: shownText(text.slice(0, headLength), Infinity),
    hidden: text.length - headLength - tailLength,
    tail: shownText(text.slice(text.length - tailLength), Infinity),
    total: text.length,
  };
}

/** The lines of a ShownText, each still ShownText (splitting adds nothing to show). */
export function shownLines(text: ShownText): ShownText[] {
  return text.split('\n') as ShownText[];
}

/** Earlier names, kept for callers that build Markdown from the result. */
export const cleanServerText = (text: string, max: number): ShownText => shownText(text, max);
export const cleanServerLine = (text: string, max: number): ShownText => shownLine(text, max);

/**
 * For shownL10n.ts alone (the architecture test holds that): the extension's own localized words, whose
 * format is a literal and whose arguments are ShownText already.
 */
export function ownWordsFromShownL10n(text: string): ShownText {
  return text as ShownText;
}

function asString(text: unknown): string {
  if (text === undefined || text === null) return '';
  return typeof text === 'string' ? text : String(text);
}
