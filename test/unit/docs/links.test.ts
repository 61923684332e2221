// The docs say nothing that leads nowhere (issue 29): every relative link and anchor in the README, the
// CHANGELOG and docs/ resolves, every image they name exists, and every image the README shows goes into
// the .vsix (the Marketplace page is the README, rendered from the package). Links are read with the same
// Markdown parser the extension uses (markdown-it), anchors made as GitHub makes them.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

const root = resolve(__dirname, '..', '..', '..', '..');
const md = new MarkdownIt({ html: true });

const pages = (): string[] => ['README.md', 'CHANGELOG.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
export function anchorsOf(markdown: string): Set<string> {
  const tokens = md.parse(markdown, {});
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const text = (tokens[i + 1]?.children ?? []).filter((c) => c.type === 'text' || c.type === 'code_inline').map((c) => c.content).join('');
    const base = text.toLowerCase().trim().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  });
  return anchors;
}

interface Target {
  page: string;
  kind: 'link' | 'image';
  href: string;
}

function targetsOf(page: string): Target[] {
  const found: Target[] = [];
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === 'link_open') found.push({ page, kind: 'link', href: t.attrGet('href') ?? '' });
      if (t.type === 'image') found.push({ page, kind: 'image', href: t.attrGet('src') ?? '' });
      if (t.type === 'html_inline' || t.type === 'html_block') for (const m of t.content.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)) found.push({ page, kind: 'image', href: m[1]! });
      if (t.children) walk(t.children);
    }
  };
  walk(md.parse(readFileSync(join(root, page), 'utf8'), {}));
  return found;
}

const external = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href);

/** What is wrong with one link, or undefined when it resolves. */
function problemOf({ page, kind, href }: Target): string | undefined {
  if (external(href)) return kind === 'image' && !href.startsWith('https:') ? `${page}: image ${href} is not https` : undefined;
  const [path, anchor] = href.split('#') as [string, string | undefined];
  const file = path ? resolve(root, dirname(page), decodeURIComponent(path)) : join(root, page);
  if (!existsSync(file)) return `${page}: ${kind} ${href}: ${relative(root, file)} does not exist`;
  if (anchor === undefined || statSync(file).isDirectory() || !file.endsWith('.md')) return undefined;
  return anchorsOf(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor)) ? undefined : `${page}: link ${href}: no heading #${anchor} in ${relative(root, file)}`;
}

describe('docs: links, anchors and images', () => {
  it('makes anchors as GitHub does', () => {
    assert.deepEqual([...anchorsOf('# Two commands\n## The `@mcp` chat participant\n## Remote servers: inputs, sign-in and import\n## Two commands\n')], [
      'two-commands',
      'the-mcp-chat-participant',
      'remote-servers-inputs-sign-in-and-import',
      'two-commands-1',
    ]);
  });

  it('finds a broken link, a missing anchor and a missing image (the check can fail)', () => {
    const targets = [
      { page: 'README.md', kind: 'link' as const, href: 'docs/no-such-page.md' },
      { page: 'README.md', kind: 'link' as const, href: '#no-such-heading' },
      { page: 'README.md', kind: 'image' as const, href: 'docs/images/no-such.png' },
      { page: 'README.md', kind: 'image' as const, href: 'http://example.com/a.png' },
    ];
    assert.equal(targets.map(problemOf).filter(Boolean).length, 4);
  });

  it('resolves every relative link, anchor and image in the README, the CHANGELOG and docs/', () => {
    const problems = pages().flatMap(targetsOf).map(problemOf).filter(Boolean);
    assert.deepEqual(problems, []);
  });

  it('packs every image the README shows into the .vsix (its Marketplace page), and nothing else of docs/', () => {
    const included = readFileSync(join(root, '.vscodeignore'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('!'))
      .map((l) => l.slice(1).trim());
    const images = targetsOf('README.md').filter((t) => t.kind === 'image' && !external(t.href)).map((t) => t.href);
    assert.ok(images.length > 0, 'the README shows at least one picture');
    assert.deepEqual(images.filter((i) => !included.includes(i)), [], 'README images missing from .vscodeignore\'s list of what the .vsix holds');
    assert.deepEqual(included.filter((i) => i.startsWith('docs/') && !images.includes(i)), [], 'docs/ files in the .vsix that the README does not show');
  });
});
