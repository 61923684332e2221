// Server text in Markdown that a person reads (tooltips, the @mcp answer): the Markdown twin of ShownText
// (serverText.ts). `ShownMarkdown` is made only here, by the escapes that turn any text into literal
// Markdown (`mdText`, `mdCode`), by the `md` template tag whose literal parts are the extension's own
// Markdown and whose values must be ShownMarkdown already, and by markdownSafety.safeMarkdown (a server's
// Markdown, kept inert). The wrappers that show Markdown (shownUi.shownTooltip) take only this type, so a
// server's string cannot be appended to a tooltip as Markdown by mistake. Light (no markdown-it): the
// Servers view's tooltip uses it at activation. No `vscode` import.
import { TextCaps, withVisibleEscapes } from './serverText';

declare const markdownBrand: unique symbol;
export type ShownMarkdown = string & { readonly [markdownBrand]: true };

/** A string type that only a literal has (the separator of mdJoin). */
type Literal<S extends string> = string extends S ? never : S;

/**
 * Any text as literal inline Markdown: one line, invisible characters written out (`\u202E`), every
 * Markdown character escaped (so no link, emphasis, HTML or `$(icon)`), cut at `max` with the cut said.
 */
export function mdText(text: unknown, max: number = TextCaps.description): ShownMarkdown {
  const line = withVisibleEscapes(String(text ?? '').replace(/[\s\u2028\u2029\u0085]+/g, ' ').trim());
  const cut = line.length > max ? `${line.slice(0, max)}… (${(line.length - max).toLocaleString('en-US')} more characters)` : line;
  return cut
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_{}[\]()#+\-.!|~$])/g, '\\$1') as ShownMarkdown;
}

/**
 * Text as an inline code span: on one line (a blank line in a name cannot end the span and start Markdown
 * of its own), invisible characters written out, backticks unable to close it, capped.
 */
export function mdCode(text: unknown, max: number = TextCaps.name): ShownMarkdown {
  const line = withVisibleEscapes(String(text ?? '').replace(/[\s\u2028\u2029\u0085]+/g, ' ').trim()).replace(/`/g, 'ˋ');
  return `\`${line.length > max ? `${line.slice(0, max)}…` : line}\`` as ShownMarkdown;
}

/** The extension's own Markdown around shown values: md`**${mdText(name)}** · ${mdCode(id)}`. */
export function md(strings: TemplateStringsArray, ...values: ShownMarkdown[]): ShownMarkdown {
  return strings.reduce((out, part, i) => out + part + (i < values.length ? values[i]! : ''), '') as ShownMarkdown;
}

/** Shown Markdown parts joined by a literal separator; empty parts left out. */
export function mdJoin<S extends string>(parts: readonly (ShownMarkdown | undefined | false)[], separator: Literal<S>): ShownMarkdown {
  return parts.filter((p): p is ShownMarkdown => typeof p === 'string' && p.length > 0).join(separator) as ShownMarkdown;
}

/** For markdownSafety.safeMarkdown alone (the architecture test holds that): a server's Markdown made inert there. */
export function inertMarkdownFromSafety(markdown: string): ShownMarkdown {
  return markdown as ShownMarkdown;
}
