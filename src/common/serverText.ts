// Server-provided strings shown in dialogs, tooltips and tree items: what the user reads must be what
// the server sent, neither more (fake lines, icons) nor disguised (bidi overrides that reorder text,
// zero-width characters that hide a difference), and never so long that it buries the question or
// makes a view sluggish. Cuts are visible: "… (N more characters)". No `vscode` import.

/** C0/C1 controls except tab and newline, bidi embeddings/overrides/isolates and marks, zero-width characters. */
const INVISIBLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

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
} as const;

/** `text` without invisible or reordering characters, cut at `max` characters with the cut said. */
export function cleanServerText(text: string, max: number): string {
  const clean = text.replace(/\r\n?/g, '\n').replace(INVISIBLE, '');
  return truncateVisibly(clean, max);
}

/** cleanServerText on one line: newlines become spaces (a description cannot fake a dialog's next line). */
export function cleanServerLine(text: string, max: number): string {
  return cleanServerText(text.replace(/\s*[\r\n]+\s*/g, ' '), max);
}

/** `text` cut at `max` characters, ending "… (N more characters)" when cut. */
export function truncateVisibly(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${(text.length - max).toLocaleString('en-US')} more characters)`;
}
