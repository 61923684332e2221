// Which links in server Markdown are allowed, and which source lines safeMarkdown turns into literal
// text because of one that is not: the whole block holding it, over all its lines, and nothing else.
import * as assert from 'node:assert/strict';
import { blocksWithForbiddenLinks, isAllowedLink } from '../../../src/common/markdownLinks';
import { safeMarkdown } from '../../../src/common/markdownSafety';

describe('server Markdown links', () => {
  it('allows http and https, in any case, and in-document anchors', () => {
    for (const href of ['http://example.com', 'https://example.com/a?b#c', 'HTTP://EXAMPLE.COM', ' https://example.com', '#section', '  #top']) {
      assert.equal(isAllowedLink(href), true, href);
    }
  });

  it('refuses every other scheme, and links without one', () => {
    for (const href of ['command:workbench.action.terminal.new', 'javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x', 'vscode://x', 'mailto:a@b.c', 'docs/readme.md', '//evil.example/x', '', 'http//missing-colon', '1http://x']) {
      assert.equal(isAllowedLink(href), false, href);
    }
  });

  it("allows the extension's own schemes only when named, in any case", () => {
    assert.equal(isAllowedLink('mcp-client-resource://demo/x'), false);
    assert.equal(isAllowedLink('mcp-client-resource://demo/x', ['mcp-client-resource']), true);
    assert.equal(isAllowedLink('MCP-Client-Resource://demo/x', ['mcp-client-resource']), true);
    assert.equal(isAllowedLink('mcp.client+x-1://demo', ['mcp.client+x-1']), true, 'dots, pluses and dashes belong to a scheme');
  });

  it('finds an image whose source has a forbidden scheme, and leaves an https image alone', () => {
    assert.deepEqual(blocksWithForbiddenLinks('![pixel](javascript:alert(1))'), [[0, 1]]);
    assert.deepEqual(blocksWithForbiddenLinks('![pixel](file:///etc/passwd)'), [[0, 1]]);
    assert.deepEqual(blocksWithForbiddenLinks('![chart](https://example.com/c.png)'), []);
    assert.deepEqual(blocksWithForbiddenLinks('[ok](https://example.com) plain text'), []);
  });

  it('marks the whole block over all its lines, and only the blocks with a forbidden link', () => {
    const markdown = ['intro', '', 'one', '[x](command:y) two', 'three', '', 'after [ok](https://a.example)', '', '- item', '- [bad](file:///x)', '  more', '', '> quoted', '> [bad](vscode://x)'].join('\n');
    assert.deepEqual(blocksWithForbiddenLinks(markdown), [
      [2, 5],
      [9, 11],
      [12, 14],
    ]);
  });

  it('shows every line of such a block as literal text, and the other blocks as Markdown', () => {
    const out = safeMarkdown(['**bold**', '', 'line *one*', '[x](command:y)', '', '*kept*'].join('\n')).split('\n');
    assert.deepEqual(out, ['**bold**', '', 'line \\*one\\*', '\\[x\\]\\(command&#58;y\\)', '', '*kept*']);
  });

  it('checks links inside headings and table cells too', () => {
    assert.deepEqual(blocksWithForbiddenLinks('# [h](command:x)'), [[0, 1]]);
    assert.deepEqual(blocksWithForbiddenLinks('| a |\n|---|\n| [c](command:x) |'), [[2, 3]]);
  });
});
