// The rules that keep server text harmless in Markdown: no HTML, no remote images, no command links,
// fences that the text cannot close, and the language of a code block from its MIME type.
import * as assert from 'node:assert/strict';
import { languageFor } from '../../../src/common/languageForMime';
import { escapeMarkdownInline, fenceFor, safeMarkdown } from '../../../src/common/markdownSafety';

describe('Markdown safety for server text', () => {
  it('escapes HTML and remote images outside code, and leaves code alone', () => {
    assert.equal(safeMarkdown('<img src=x onerror=alert(1)> ![t](https://tracker/p.png) `<b>` ok'), '&lt;img src=x onerror=alert(1)> \\![t](https://tracker/p.png) `<b>` ok');
    assert.equal(safeMarkdown('```html\n<script>x</script>\n```\n<i>'), '```html\n<script>x</script>\n```\n&lt;i>');
  });

  it('defangs command links, inline and as references', () => {
    assert.equal(safeMarkdown('[x](command:a) [y]( <command:b>)'), '[x](#command:a) [y](#command:b>)');
    assert.equal(safeMarkdown('[r]: command:evil'), '[r]: #command:evil');
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
