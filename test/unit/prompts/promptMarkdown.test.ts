// A prompt result as a Markdown document and as clipboard text, from the real fixture server (the
// rules that keep its text harmless: test/unit/common/markdownSafety.test.ts).
import * as assert from 'node:assert/strict';
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/client';
import { renderPromptMarkdown } from '../../../src/prompts/promptMarkdown';
import { promptResultText } from '../../../src/prompts/promptText';
import { definition, sessionForSuite, stdio } from '../helpers';

const href = (uri: string) => `mcp-resource:/prompts/${encodeURIComponent(uri)}`;

describe('prompt results as Markdown and text', function () {
  this.timeout(30_000);
  const session = sessionForSuite(definition('prompts', stdio('promptsFixture')));

  const render = (prompt: Prompt, result: GetPromptResult, args: Record<string, string> = {}) =>
    renderPromptMarkdown({ server: 'prompts', prompt, args, result, resourceHref: href });

  it('renders every content type under its role', async () => {
    const prompt: Prompt = { name: 'everything', title: 'Every content type' };
    const md = render(prompt, await session().getPrompt({ name: 'everything' }));
    const sections = md.split(/^## /m);
    assert.match(sections[0]!, /^# Every content type\n\n\*Prompt `everything` of MCP server `prompts`\*\n\n> Every kind of content a prompt message can hold\n/);
    assert.deepEqual(sections.slice(1).map((s) => s.split('\n')[0]), ['1. User', '2. User', '3. User', '4. User', '5. User', '6. User', '7. Assistant']);
    // Text: its Markdown formatting stays; a paragraph with a command link is shown as literal text (no link, no HTML).
    assert.ok(
      sections[1]!.includes('# Heading\n\nSome \\*\\*bold\\*\\* text, &lt;b&gt;raw HTML&lt;/b&gt;, a \\[command link\\]\\(command&#58;workbench\\.action\\.quit\\) and \\`&lt;code&gt;\\`\\.'),
      sections[1],
    );
    assert.match(sections[2]!, /^!\[Image \(image\/png, 159 B\)\]\(data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/=]+\)$/m);
    assert.match(sections[3]!, /Audio \(audio\/wav, 124 B\)\n\n<audio controls src="data:audio\/wav;base64,UklGR[A-Za-z0-9+/=]+"><\/audio>/);
    assert.ok(sections[4]!.includes('**Embedded resource** [`fixture://data/config.json`](<mcp-resource:/prompts/fixture%3A%2F%2Fdata%2Fconfig.json>) · application/json\n\n```json\n{ "debug": true }\n```'));
    assert.match(sections[5]!, /Embedded resource.*image\/png\n\n!\[Image \(image\/png, 159 B\)\]\(data:image\/png;base64,/);
    assert.ok(sections[6]!.includes('**Linked resource** [readme](<mcp-resource:/prompts/fixture%3A%2F%2Fdocs%2Freadme.md>) `fixture://docs/readme.md` · text/markdown\n\n> The read\\-me'));
    assert.match(sections[7]!, /^7\. Assistant\n\nUnderstood\.\n$/);
  });

  it('fences embedded code in its language, lists the arguments, and links resources with spaces', async () => {
    const prompt: Prompt = { name: 'review_code', title: 'Review code' };
    const code = 'def f():\n    return "```"';
    const md = render(prompt, await session().getPrompt({ name: 'review_code', arguments: { code, language: 'python' } }), { code, language: 'python' });
    assert.ok(md.includes('*Prompt `review_code` of MCP server `prompts` · code: def f\\(\\): return "\\`\\`\\`" · language: python*'), 'arguments escaped');
    assert.ok(md.includes('\n````python\ndef f():\n    return "```"\n````\n'), 'a fence longer than the backticks inside');
    assert.ok(md.includes('[Style guide](<mcp-resource:/prompts/fixture%3A%2F%2Fdocs%2Fstyle%20guide.md>)'));
  });

  it('copies a single user message as its text, and a conversation with roles', async () => {
    assert.equal(promptResultText(await session().getPrompt({ name: 'greet', arguments: { name: 'Ada' } })), 'Hello, Ada!');
    assert.equal(promptResultText(await session().getPrompt({ name: 'conversation' })), 'User:\nLet us plan a trip.\n\nAssistant:\nGladly. Where to?\n\nUser:\nSomewhere warm.');
    const review = promptResultText(await session().getPrompt({ name: 'review_code', arguments: { code: 'print(1)' } }));
    assert.equal(review, 'Please review this code.\n\nfile:///project/snippet.py:\n```python\nprint(1)\n```\n\n[resource: Style guide <fixture://docs/style guide.md>]');
  });
});
