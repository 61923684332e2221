// Prompts in the real extension host, against the `prompts` fixture server that scripts/test.mjs
// configures (test/fixtures/servers/promptsFixture.ts: three prompts per page, completions).
// The quick picks cannot be driven from here; the test hooks (helpers.ts) return what they show, built
// by the same code. The command runs for real with its keybinding arguments.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { RESOURCE_SCHEME, resourceUriParts } from '../../../src/resources/resourceUri';
import { PNG } from '../../fixtures/servers/promptsFixtureData';
import { until } from '../../shared/until';
import { api, hooks } from '../helpers';

interface RenderedItem {
  separator: boolean;
  label: string;
  description?: string;
  detail?: string;
}

const ALL_PROMPTS = ['Greeting', 'Review code', 'Describe an image', 'Every content type', 'conversation', 'Pick a city', 'Many items', 'Always fails'];

const promptDocuments = () => vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'mcp-client-prompt');
const items = (server: string, prompt: string, argument: string, value: string, filled: Record<string, string> = {}) =>
  vscode.commands.executeCommand<RenderedItem[]>(hooks.argumentItems, server, prompt, argument, value, filled);

describe('Prompts in the extension host', () => {
  before(async () => {
    await api();
  });

  it('opens a prompt with its keybinding arguments as a read-only Markdown document in the preview', async () => {
    const before = promptDocuments().length;
    await vscode.commands.executeCommand('mcpClient.runPrompt', { server: 'prompts', prompt: 'everything', action: 'document' });
    const doc = await until('the prompt document', () => promptDocuments()[before]);
    const text = doc.getText();
    assert.equal(doc.languageId, 'markdown');
    assert.match(text, /^# Every content type\n/);
    // The paragraph links to a command: it is shown as literal text (src/common/markdownLinks.ts), HTML escaped.
    assert.ok(text.includes('## 1. User\n\n# Heading\n\nSome \\*\\*bold\\*\\* text, &lt;b&gt;raw HTML&lt;/b&gt;'), 'text under its role, the paragraph literal, HTML escaped');
    assert.ok(text.includes(`](data:image/png;base64,${PNG})`), 'the image, inline');
    assert.ok(text.includes('```json\n{ "debug": true }\n```'), 'the embedded resource, fenced as JSON');
    const readme = vscode.Uri.from({ scheme: RESOURCE_SCHEME, ...resourceUriParts({ server: 'prompts', uri: 'fixture://docs/readme.md' }) });
    assert.ok(text.includes(`[readme](<${readme.toString()}>)`), 'a link to the linked resource');
    // In the Markdown preview editor, a tab of its own for this result (issue 25: not Markdown's one shared preview).
    const preview = await until('the Markdown preview tab', () =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .find((t) => t.input instanceof vscode.TabInputCustom && t.input.viewType === 'vscode.markdown.preview.editor' && t.input.uri.toString() === doc.uri.toString()),
    );
    assert.match(preview.label, /everything\.md/);
    assert.equal(vscode.workspace.fs.isWritableFileSystem(doc.uri.scheme), false, 'the document is read-only');
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(doc.uri, new Uint8Array([120]))), 'saving it is refused');
  });

  it('lists every prompt of the server in the picker, including the later pages, recently used first', async () => {
    await vscode.commands.executeCommand('mcpClient.runPrompt', { server: 'prompts', prompt: 'greet', arguments: { name: 'Ada' }, action: 'document' });
    await until('the greet document', () => promptDocuments().find((d) => d.getText().includes('Hello, Ada!')));
    const rows = await vscode.commands.executeCommand<RenderedItem[]>(hooks.promptPickerItems, 'prompts');
    assert.deepEqual(rows.slice(0, 2), [
      { separator: true, label: 'recently used' },
      { separator: false, label: 'Greeting', description: 'prompts/greet · name [style]', detail: 'Say hello to someone' },
    ]);
    const prompts = rows.filter((r) => !r.separator).map((r) => r.label);
    assert.deepEqual([...prompts].sort(), [...ALL_PROMPTS].sort(), 'all three pages, each prompt once');
    assert.deepEqual(rows.find((r) => r.label === 'Always fails'), { separator: false, label: 'Always fails', description: 'prompts/failing', detail: 'Fails with an internal error' });
    assert.ok(rows.some((r) => r.separator && r.label === 'prompts'), 'a section for the server');
  });

  it('suggests argument values from the server while typing', async () => {
    assert.deepEqual(await items('prompts', 'greet', 'name', 'A'), [
      { separator: false, label: 'A', description: 'Use this value' },
      { separator: true, label: 'suggestions from prompts' },
      { separator: false, label: 'Ada' },
      { separator: false, label: 'Alan' },
      { separator: false, label: 'Alice' },
    ]);
  });

  it('passes the arguments filled so far as context, and offers Skip for optional ones', async () => {
    assert.deepEqual((await items('prompts', 'pick_city', 'city', '', { country: 'Japan' })).map((i) => i.label), ['suggestions from prompts', 'Tokyo', 'Osaka']);
    assert.deepEqual((await items('prompts', 'greet', 'style', '')).map((i) => i.label), ['$(debug-step-over) Skip', 'suggestions from prompts', 'casual', 'formal', 'pirate']);
  });

  it('shows at most 100 suggestions and says more are available', async () => {
    const rows = await items('prompts', 'many_items', 'item', '');
    assert.equal(rows.filter((r) => /^item-\d{3}$/.test(r.label)).length, 100);
    assert.equal(rows.at(-1)!.label, '$(ellipsis) More available (100 of 150 shown): keep typing to narrow down');
  });
});
