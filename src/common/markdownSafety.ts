// Server text is untrusted. When it is shown as Markdown (the prompt document, chat messages) it may
// format, but it must not inject HTML, load remote images (a tracking pixel) or carry `command:`
// links, and it must not swallow the Markdown we write after it (an unclosed code fence).
// Code blocks and code spans are left exactly as they are: there, nothing is interpreted anyway.
import { blocksWithForbiddenLinks, referenceDefinitionLines } from './markdownLinks';
import { withVisibleEscapes } from './serverText';
import { inertMarkdownFromSafety, mdCode, mdText, type ShownMarkdown } from './shownMarkdown';

/**
 * Server text as Markdown that renders its formatting and nothing else. Blocks with a link the parser
 * finds to a place not allowed (markdownLinks.ts) are shown as literal text; `ownSchemes` are the
 * extension's own URI schemes, which may be linked.
 */
export function safeMarkdown(text: string, ownSchemes: readonly string[] = []): ShownMarkdown {
  const out: string[] = [];
  let fence: string | undefined;
  // Invisible characters (bidi overrides, Unicode tags a model reads and a person does not) are written out.
  const lines = withVisibleEscapes(text.replace(/\r\n?|[\u2028\u2029]/g, '\n'), { keepLineBreaks: true }).split('\n');
  for (const [start, end] of blocksWithForbiddenLinks(lines.join('\n'), ownSchemes)) {
    for (let i = start; i < end; i++) lines[i] = literalLine(lines[i]!);
  }
  // A reference definition would be shared with every other block of the document: shown as text instead.
  for (const index of referenceDefinitionLines(lines.join('\n'))) lines[index] = literalLine(lines[index]!);
  for (const line of lines) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      out.push(line);
    } else if (marker && !(marker[0] === '`' && line.slice(line.indexOf(marker) + marker.length).includes('`'))) {
      fence = marker;
      out.push(line);
    } else {
      out.push(neutralizeOutsideCodeSpans(line));
    }
  }
  if (fence) out.push(fence);
  return inertMarkdownFromSafety(out.join('\n'));
}

/** A line shown as written: every Markdown character escaped, its indentation kept. */
function literalLine(line: string): string {
  const indent = /^\s*/.exec(line)![0];
  return indent.replace(/\t/g, '    ').replace(/ {4,}/, '   ') + escapeMarkdownInline(line.slice(indent.length)).replace(/:/g, '&#58;');
}

/** Plain text for inline places (headings, labels): every Markdown character escaped, one line (shownMarkdown.mdText). */
export function escapeMarkdownInline(text: string): ShownMarkdown {
  return mdText(text, Number.MAX_SAFE_INTEGER);
}

/** Server text as a one-line inline code span (shownMarkdown.mdCode). */
export const inlineCode = mdCode;

/** A code fence longer than any backtick run inside `text`, so the text cannot close it. */
export function fenceFor(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  return '`'.repeat(Math.max(3, longest + 1));
}

function neutralizeOutsideCodeSpans(line: string): string {
  let result = '';
  let i = 0;
  while (i < line.length) {
    const open = line.indexOf('`', i);
    if (open < 0) break;
    const run = /^`+/.exec(line.slice(open))![0];
    const close = findRun(line, open + run.length, run.length);
    if (close < 0) {
      // A backtick run without a partner is literal text.
      result += neutralize(line.slice(i, open + run.length));
      i = open + run.length;
      continue;
    }
    result += neutralize(line.slice(i, open)) + line.slice(open, close + run.length);
    i = close + run.length;
  }
  return result + neutralize(line.slice(i));
}

function findRun(line: string, from: number, length: number): number {
  const pattern = new RegExp(`(?<!\`)\`{${length}}(?!\`)`, 'g');
  pattern.lastIndex = from;
  return pattern.exec(line)?.index ?? -1;
}

function neutralize(text: string): string {
  return text
    .replace(/\]\(\s*<?\s*command:/gi, '](#command:')
    .replace(/^(\s*\[[^\]]*\]:\s*<?\s*)command:/i, '$1#command:')
    .replace(/</g, '&lt;')
    .replace(/!\[/g, '\\![');
}
