// Which lines of server Markdown carry a link or image to somewhere not allowed, found on the parsed
// Markdown (markdown-it's tokens), not with patterns: a parser sees what VS Code's renderer will see
// (a link split across lines, entities such as `command&#58;`, reference definitions inside a blockquote
// or list item, autolinks). Allowed: http(s), in-document anchors, and the schemes the caller names
// (the extension's own). safeMarkdown (markdownSafety.ts) shows the offending blocks as literal text.
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

// Every link is recognized (no scheme filtered by the parser itself), so that every one is checked here.
const parser = new MarkdownIt({ html: true, linkify: false });
parser.validateLink = () => true;

/** True when `href` may be a link in server Markdown. */
export function isAllowedLink(href: string, ownSchemes: readonly string[] = []): boolean {
  const trimmed = href.trim();
  if (trimmed.startsWith('#')) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (!scheme) return false;
  return scheme === 'http' || scheme === 'https' || ownSchemes.includes(scheme);
}

/** The source line ranges [start, end) of the blocks holding a link or image that is not allowed. */
export function blocksWithForbiddenLinks(markdown: string, ownSchemes: readonly string[] = []): [number, number][] {
  const ranges: [number, number][] = [];
  let block: [number, number] | undefined;
  for (const token of parser.parse(markdown, {})) {
    if (token.map && token.nesting === 1) block = token.map as [number, number];
    if (token.type === 'inline' && token.map) block = token.map as [number, number];
    if (token.type !== 'inline' || !block) continue;
    if ((token.children ?? []).some((child) => forbidden(child, ownSchemes))) ranges.push(block);
  }
  return ranges;
}

function forbidden(token: Token, ownSchemes: readonly string[]): boolean {
  // An image is turned into a link by safeMarkdown (never loaded: a tracking pixel), so its source is a link too.
  if (token.type === 'image') return !isAllowedLink(token.attrGet('src') ?? '', ownSchemes);
  if (token.type !== 'link_open') return false;
  return !isAllowedLink(token.attrGet('href') ?? '', ownSchemes);
}

/** Container blocks: their source lines hold other blocks (and may hold reference definitions). */
const CONTAINERS = new Set(['blockquote_open', 'bullet_list_open', 'ordered_list_open', 'list_item_open']);

/**
 * The source lines that are link reference definitions (`[x]: target`). They make no token of their own,
 * and in a document of several server blocks a definition in one block would turn `[text][x]` in another
 * into a live link that neither block's own check saw: safeMarkdown shows them as literal text.
 */
export function referenceDefinitionLines(markdown: string): number[] {
  const env: { references?: Record<string, unknown> } = {};
  const tokens = parser.parse(markdown, env);
  if (!env.references || Object.keys(env.references).length === 0) return [];
  const covered = new Set<number>();
  for (const token of tokens) {
    if (!token.map || CONTAINERS.has(token.type) || token.nesting === -1) continue;
    for (let line = token.map[0]; line < token.map[1]; line++) covered.add(line);
  }
  const lines = markdown.split('\n');
  // Not covered by any block and not blank (nor a bare quote or list marker): a definition, or a line of one.
  return lines.flatMap((line, index) => (!covered.has(index) && !/^[\s>*+\-\d.)]*$/.test(line) ? [index] : []));
}
