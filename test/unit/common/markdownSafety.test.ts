// The rules that keep server text harmless in Markdown: no HTML, no remote images, no command links,
// fences that the text cannot close, and the language of a code block from its MIME type.
import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { languageFor } from '../../../src/common/languageForMime';
import type { Tool } from '@modelcontextprotocol/client';
import { escapeMarkdownInline, fenceFor, safeMarkdown } from '../../../src/common/markdownSafety';
import { renderToolResultMarkdown } from '../../../src/tools/toolResult';
import { md, mdCode, mdText } from '../../../src/common/shownMarkdown';

/** Every link and image the Markdown preview would make of `markdown`. */
function targets(markdown: string): string[] {
  const found: string[] = [];
  const walk = (tokens: ReturnType<MarkdownIt['parse']>) => {
    for (const t of tokens) {
      if (t.type === 'link_open') found.push(t.attrGet('href') ?? '');
      if (t.type === 'image') found.push(`image:${t.attrGet('src') ?? ''}`);
      if (t.children) walk(t.children);
    }
  };
  walk(new MarkdownIt().parse(markdown, {}));
  return found;
}

const tool = (name: string): Tool => ({ name, inputSchema: { type: 'object' } });

describe('Markdown safety for server text', () => {
  it('escapes HTML and remote images outside code, and leaves code alone', () => {
    assert.equal(safeMarkdown('<img src=x onerror=alert(1)> ![t](https://tracker/p.png) `<b>` ok'), '&lt;img src=x onerror=alert(1)> \\![t](https://tracker/p.png) `<b>` ok');
    assert.equal(safeMarkdown('```html\n<script>x</script>\n```\n<i>'), '```html\n<script>x</script>\n```\n&lt;i>');
  });

  it('shows a block with command links as literal text, inline and as references', () => {
    assert.equal(safeMarkdown('[x](command:a) [y]( <command:b>)'), '\\[x\\]\\(command&#58;a\\) \\[y\\]\\( &lt;command&#58;b&gt;\\)');
    assert.equal(safeMarkdown('[r]: command:evil\n\n[r]'), '\\[r\\]&#58; command&#58;evil\n\n\\[r\\]');
  });

  it('closes a code fence the server left open, so what follows stays ours', () => {
    assert.equal(safeMarkdown('~~~\nunclosed'), '~~~\nunclosed\n~~~');
    assert.equal(safeMarkdown('``` not a fence ``` <b>'), '``` not a fence ``` &lt;b>');
  });

  it('escapes everything in inline places', () => {
    assert.equal(escapeMarkdownInline('# *x* [l](u) <b> a\nb'), '\\# \\*x\\* \\[l\\]\\(u\\) &lt;b&gt; a b');
    assert.equal(fenceFor('a ```` b'), '`````');
    assert.equal(fenceFor('plain'), '```');
  });

  it('picks the fence language from the MIME type, else the file extension', () => {
    assert.equal(languageFor('application/json', 'x://a'), 'json');
    assert.equal(languageFor('application/vnd.api+json', undefined), 'json');
    assert.equal(languageFor('text/x-python; charset=utf-8', undefined), 'python');
    assert.equal(languageFor('text/plain', 'file:///src/main.rs'), 'rust');
    assert.equal(languageFor(undefined, 'file:///a/b.ts?x=1'), 'typescript');
    assert.equal(languageFor('text/plain', 'file:///notes'), '');
  });
});

// Issue 19.8: the filter works on the parsed Markdown, so the forms a regex misses are caught.
describe('safeMarkdown link filtering on parsed Markdown', () => {
  const renderer = new MarkdownIt({ html: false });
  renderer.validateLink = () => true;
  /** Every href VS Code's renderer would produce from the output. */
  const hrefs = (markdown: string) => [...renderer.render(markdown).matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

  const bypasses: [string, string][] = [
    ['a link split across a newline', '[click](\ncommand:workbench.action.terminal.new)'],
    ['an entity in the scheme', '[click](command&#58;workbench.action.terminal.new)'],
    ['a reference definition inside a blockquote', '[click][x]\n\n> [x]: command:workbench.action.terminal.new'],
    ['a reference definition inside a list item', '- [click][x]\n- [x]: command:workbench.action.terminal.new'],
    ['an autolink', '<command:workbench.action.terminal.new>'],
    ['a javascript link', '[x](javascript:alert(1))'],
    ['a file link', '[x](file:///etc/passwd)'],
  ];
  for (const [what, markdown] of bypasses) {
    it(`leaves no link for ${what}`, () => {
      assert.deepEqual(hrefs(safeMarkdown(markdown)), [], safeMarkdown(markdown));
    });
  }

  it('keeps http(s) links, in-document anchors and the extension’s own scheme', () => {
    const markdown = '[site](https://example.com) and [top](#top) and [res](mcp-client-resource://demo/x)';
    assert.deepEqual(hrefs(safeMarkdown(markdown, ['mcp-client-resource'])), ['https://example.com', '#top', 'mcp-client-resource://demo/x']);
  });

  it('keeps a reference definition in one content block from making a link in another', () => {
    const markdown = renderToolResultMarkdown({
      server: 's',
      tool: tool('t'),
      args: {},
      result: { content: [{ type: 'text', text: 'Harmless.\n\n[x]: https://evil.example/steal\n[y]: command:workbench.action.terminal.new' }, { type: 'text', text: 'Please [click here][x] or [here][y].' }] },
      resourceHref: (uri) => uri,
    });
    assert.deepEqual(targets(markdown), []);
  });

  it('keeps a tool name with blank lines from adding Markdown (a link, a remote image) to the result document', () => {
    const markdown = renderToolResultMarkdown({
      server: 'srv\n\n[s](https://evil.example/s)',
      tool: tool('t\n\n![pixel](https://evil.example/p.png)\n\n[click](https://evil.example/c)\n\n'),
      args: {},
      result: { content: [] },
      resourceHref: (uri) => uri,
    });
    assert.deepEqual(targets(markdown), []);
  });

  it('writes out invisible characters in server Markdown and inline text instead of keeping them hidden', () => {
    const hidden = 'a\u202Eb\u{E0041}\u{E0042}c\u200Bd\u00ADe\uFE0Ff\u3164g\u2028h';
    assert.equal(safeMarkdown(hidden), 'a\\u202Eb\\u{E0041}\\u{E0042}c\\u200Bd\\u00ADe\\uFE0Ff\\u3164g\nh');
    assert.equal(escapeMarkdownInline('x\u202Ey'), 'x\\\\u202Ey');
  });

  it('keeps server text in a tooltip literal and capped with the cut said (shownMarkdown)', () => {
    const hostile = '[click](command:workbench.action.terminal.new) ![x](https://evil.example/p.png) <img src=x> $(warning) \u{E0041}';
    const tooltip = md`**${mdText(hostile)}** · ${mdCode('evil\n\n[a](https://evil.example)')}`;
    assert.deepEqual(targets(tooltip), []);
    assert.ok(!tooltip.includes('<img'), tooltip);
    assert.ok(tooltip.includes('\\$\\(warning\\)') && tooltip.includes('\\\\u\\{E0041\\}'), tooltip);
    const long = mdText('a'.repeat(2_500), 2_000);
    assert.ok(long.startsWith('a'.repeat(2_000)) && long.endsWith('… \\(500 more characters\\)'), long.slice(-40));
  });
});
