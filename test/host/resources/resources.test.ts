// The Resources view and `mcp-client-resource:` documents inside a real VS Code. scripts/test.mjs configures
// `resources`: test/fixtures/servers/resourcesFixture.ts (2026-07-28) with 10,000 generated resources in
// pages of 100 after its special ones (Markdown, text, PNG, a live counter, two parts, a missing one,
// a 2 MB text), and a template `fixture://users/{user}/files/{file}` whose variables complete.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { answer, api, chatResponses, hooks, questions } from '../helpers';
import { ui } from '../uiDriver';
import { resourceUriParts } from '../../../src/resources/resourceUri';
import { testModel } from '../testModel';

interface Item {
  id: string;
  label: string;
  description?: string;
  contextValue: string;
  icon?: string;
  tooltip?: string;
  command?: string;
}
interface Picker {
  title?: string;
  value?: string;
  step?: number;
  items: string[];
  busy: boolean;
}

const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const SERVER = 'server:resources';

const children = (parent?: string) => vscode.commands.executeCommand<Item[] | undefined>(hooks.resources, { children: parent });
const picker = () => vscode.commands.executeCommand<Picker | undefined>(hooks.resources, { picker: true });

async function tool(name: string): Promise<string> {
  const result = await (await api()).getSession('resources')!.callTool({ name, arguments: {} });
  return (result.content as { text?: string }[]).map((c) => c.text ?? '').join('');
}
const listCalls = async () => (JSON.parse(await tool('stats')) as { listCalls: number }).listCalls;
const resourcesOf = (items: Item[]) => items.filter((i) => i.contextValue === 'mcpResource');
const open = (uri: string, mimeType?: string) => vscode.commands.executeCommand('mcpClient.resources.open', { server: 'resources', uri, mimeType });
const activeText = () => vscode.window.activeTextEditor?.document;

describe('Resources in the extension host', () => {
  before(async () => {
    await until('the resources server in the view', async () => (await children())?.some((i) => i.id === SERVER));
    await vscode.commands.executeCommand('mcpClient.resources.focus');
  });
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('shows the first page of 10,000 resources at once, and the next page on demand', async () => {
    let started = Date.now();
    const first = (await children(SERVER))!;
    const firstPageMs = Date.now() - started;
    assert.equal(first[0]!.label, 'Templates');
    assert.equal(first[0]!.description, '2');
    assert.equal(resourcesOf(first).length, 100);
    assert.deepEqual(first.at(-1), { id: 'loadMore:resources', label: 'Load more…', description: '100 loaded', contextValue: 'mcpResourceLoadMore', icon: 'ellipsis', tooltip: undefined, command: 'mcpClient.resources.loadMore' });
    assert.equal(await listCalls(), 1, 'only the first page was requested');

    // Sorted by priority, then name; MIME type and size; escaped tooltip with the annotations.
    const [readme, hello] = resourcesOf(first);
    const tooltip = readme!.tooltip!.replace(/&nbsp;/g, ' '); // appendText keeps spaces as &nbsp;
    assert.equal(readme!.label, 'Read me');
    assert.equal(readme!.description, 'text/markdown · 38 B');
    assert.equal(readme!.icon, 'markdown');
    assert.match(tooltip, /\*\*URI:\*\* fixture:\/\/docs\/readme\\?\.md/);
    assert.match(tooltip, /The \\\*Markdown\\\* document/);
    assert.match(tooltip, /\*\*Audience:\*\* user/);
    assert.match(tooltip, /\*\*Priority:\*\* 1/);
    assert.match(tooltip, /\*\*Last modified:\*\* /);
    assert.equal(hello!.label, 'hello');
    const byLabel = (label: string) => first.find((i) => i.label === label)!;
    // The server's data: icon, checked and written to global storage by the extension host (the renderer
    // gets a file, never the server's URI); until then the type's theme icon.
    const pixelIcon = await until('the Pixel icon to be loaded', async () => {
      const icon = (await children(SERVER))!.find((i) => i.label === 'Pixel')?.icon;
      return icon?.endsWith('.png') && icon;
    });
    assert.match(pixelIcon, /\/icons\/[0-9a-f]{32}\.png$/);
    assert.deepEqual(readFileSync(vscode.Uri.parse(pixelIcon).fsPath), Buffer.from(PIXEL_PNG, 'base64'), "the icon file holds the server's image");
    assert.equal(byLabel('missing').icon, 'file', 'an http icon is not used');
    assert.equal(byLabel('item 00000').description, 'text/plain · 11 B');

    started = Date.now();
    await vscode.commands.executeCommand('mcpClient.resources.loadMore', { kind: 'loadMore', server: 'resources' });
    const second = (await children(SERVER))!;
    const nextPageMs = Date.now() - started;
    assert.equal(resourcesOf(second).length, 200);
    // Issue 25: Load more… appends the next page; what was shown stays where it was (it re-sorted the whole list).
    assert.deepEqual(resourcesOf(second).slice(0, 100).map((r) => r.label), resourcesOf(first).map((r) => r.label));
    assert.equal(second.at(-1)!.description, '200 loaded');
    assert.equal(await listCalls(), 2);

    started = Date.now();
    const all = await (await api()).getSession('resources')!.listResources();
    console.log(`      first page ${firstPageMs} ms, next page ${nextPageMs} ms; the whole list (${all.length}) ${Date.now() - started} ms`);
  });

  it("shows a tool's icon in the Tools view and in Call Tool…'s picker (the checked file, not the server's URI)", async () => {
    type Row = { label: string; icon?: string; children: { label: string; icon?: string }[] };
    const bumpIcon = await until('the bump tool icon to be loaded', async () => {
      const tree = await vscode.commands.executeCommand<Row[]>(hooks.toolsTree);
      const icon = tree.find((s) => s.label === 'resources')?.children.find((c) => c.label === 'bump')?.icon;
      return icon?.endsWith('.png') && icon;
    });
    assert.match(bumpIcon, /\/icons\/[0-9a-f]{32}\.png$/);
    assert.deepEqual(readFileSync(vscode.Uri.parse(bumpIcon).fsPath), Buffer.from(PIXEL_PNG, 'base64'));
    await questions();
    await answer({ kind: 'tool.pick', answer: undefined });
    await vscode.commands.executeCommand('mcpClient.tools.call');
    const pick = (await questions()).find((q) => q.kind === 'tool.pick') as unknown as { tools: string[]; icons: string[] };
    const iconOf = (id: string) => pick.icons[pick.tools.indexOf(id)];
    assert.equal(iconOf('resources/bump'), vscode.Uri.parse(bumpIcon).path, 'the same checked file as the tree');
    assert.equal(iconOf('resources/stats'), 'tools', 'a tool without an icon keeps its theme icon');
  });

  it('opens text resources read-only, with the language from the MIME type', async () => {
    await open('fixture://docs/readme.md', 'text/markdown');
    const readme = await until('the Markdown document', () => activeText()?.uri.path.endsWith('/readme.md') && activeText());
    assert.equal(readme.uri.scheme, 'mcp-client-resource');
    assert.equal(readme.languageId, 'markdown');
    assert.equal(readme.getText(), '# Read me\n\nA *Markdown* resource.\n');
    await open('odd://a b/ü?x=1&y=a/b#frag', 'application/json');
    const odd = await until('the JSON document', () => activeText()?.languageId === 'json' && activeText());
    assert.equal(odd.getText(), '{ "odd": true }\n');
    assert.equal(vscode.workspace.fs.isWritableFileSystem('mcp-client-resource'), false);
  });

  // Issue 16, item 7: the breadcrumb read `resources › odd%3A%2F%2Fa%20b…`; the path is now for people,
  // and the exact resource URI (query and fragment included) rides in the URI's query.
  it('shows a readable breadcrumb for an opened resource, and still reads the exact resource URI', async () => {
    await open('odd://a b/ü?x=1&y=a/b#frag', 'application/json');
    const odd = await until('the JSON document', () => activeText()?.languageId === 'json' && activeText());
    assert.equal(odd.uri.path, '/resources/odd/a b/ü.json');
    assert.equal(new URLSearchParams(odd.uri.query).get('uri'), 'odd://a b/ü?x=1&y=a/b#frag');
    assert.equal(odd.getText(), '{ "odd": true }\n');
    const crumbs = await ui.text('div.monaco-breadcrumbs', { text: 'ü.json', wait: true });
    for (const segment of ['resources', 'odd', 'a b', 'ü.json']) assert.ok(crumbs?.includes(segment), `breadcrumb: ${crumbs}`);
    assert.doesNotMatch(crumbs ?? '', /%[0-9A-F]{2}/i, `breadcrumb: ${crumbs}`);
  });

  it('opens an image in the image preview, and reads its PNG bytes', async () => {
    await open('fixture://image/pixel.png', 'image/png');
    const tab = await until('the image preview', () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputCustom && input.viewType === 'imagePreview.previewEditor' && input;
    });
    assert.equal(tab.uri.scheme, 'mcp-client-resource');
    assert.deepEqual(Buffer.from(await vscode.workspace.fs.readFile(tab.uri)), Buffer.from(PIXEL_PNG, 'base64'));
  });

  it('updates an open document when the server reports a change', async () => {
    await open('fixture://live/counter', 'text/plain');
    const doc = await until('the counter', () => activeText()?.uri.path.endsWith('/counter.txt') && activeText());
    const before = Number(/count: (\d+)/.exec(doc.getText())![1]);
    const after = Number(await tool('bump'));
    assert.equal(after, before + 1);
    await until('the document to show the new count', () => doc.getText() === `count: ${after}\n`, 10_000);
  });

  it('fills a template with completions, then expands and opens it', async () => {
    const templates = (await children('templates:resources'))!;
    assert.deepEqual(templates.map((t) => [t.label, t.description]), [['item', 'fixture://item/{n}'], ['User file', 'fixture://users/{user}/files/{file}']]);
    const template = { uriTemplate: 'fixture://users/{user}/files/{file}', name: 'user-file', title: 'User file', mimeType: 'text/plain' };
    const done = vscode.commands.executeCommand('mcpClient.resources.openTemplate', { kind: 'template', server: 'resources', template });
    // Path variables need a value: no "Leave empty" row (that is only for {?query} variables).
    await until('suggestions for {user}', async () => (await picker())?.items.join() === 'alice,bob,carol');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    // The files depend on the user chosen: completion gets it as context.
    await until("suggestions for alice's {file}", async () => {
      const p = await picker();
      return p?.step === 2 && p.items.join() === 'notes.md,todo.txt';
    });
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await done;
    const doc = await until('the expanded resource', () => activeText()?.uri.path.endsWith('/notes.md') && activeText());
    assert.equal(doc.getText(), 'notes.md of alice\n');
    assert.equal(new URLSearchParams(doc.uri.query).get('uri'), 'fixture://users/alice/files/notes.md');
  });

  // Issue 16, item 7: "Leave empty" was preselected for a required template variable.
  it('neither offers nor accepts an empty value for a path variable', async () => {
    const template = { uriTemplate: 'fixture://item/{n}', name: 'item' };
    const done = vscode.commands.executeCommand('mcpClient.resources.openTemplate', { kind: 'template', server: 'resources', template });
    await until('the picker for {n}', async () => (await picker())?.title?.endsWith('fixture://item/{n}'));
    const focused = await ui.text('.quick-input-widget .monaco-list-row.focused:visible', { text: 'Type a value for {n}', wait: true });
    assert.match(focused ?? '', /it is part of the path/);
    assert.equal(await ui.text('.quick-input-widget .monaco-list-row:visible', { text: 'Leave empty' }), null);
    // Enter on nothing keeps the picker: the 7 typed next goes into the same step.
    await ui.press('Enter');
    await ui.type('7');
    await until('the value typed', async () => (await picker())?.value === '7');
    await ui.press('Enter');
    await done;
    const doc = await until('item 7', () => activeText()?.uri.path.endsWith('/7') && activeText());
    assert.equal(new URLSearchParams(doc.uri.query).get('uri'), 'fixture://item/7');
  });

  it('refreshes the server node when the resource list changes, keeping the pages shown', async () => {
    const added = await tool('add_resource');
    const items = await until('the added resource', async () => {
      const now = (await children(SERVER))!;
      return now.some((i) => i.label === 'added 0') && now;
    });
    assert.equal(added, 'fixture://added/0');
    assert.deepEqual(resourcesOf(items).slice(0, 3).map((i) => i.label), ['Read me', 'added 0', 'hello']);
    assert.equal(resourcesOf(items).length, 200, `both pages were loaded again (${items.at(-1)?.label} ${items.at(-1)?.description})`);
  });

  it('reports missing resources and the size limit as file errors naming server and URI', async () => {
    const uri = (resource: string) => vscode.Uri.from({ scheme: 'mcp-client-resource', ...resourceUriParts({ server: 'resources', uri: resource }) });
    await assert.rejects(Promise.resolve(vscode.workspace.fs.readFile(uri('fixture://missing'))), (error: vscode.FileSystemError) => {
      assert.equal(error.code, 'FileNotFound');
      assert.match(error.message, /MCP server 'resources' has no resource fixture:\/\/missing/);
      return true;
    });
    const config = vscode.workspace.getConfiguration('mcpClient.resources');
    await config.update('maxSizeMB', 1, vscode.ConfigurationTarget.Global);
    try {
      await assert.rejects(Promise.resolve(vscode.workspace.fs.readFile(uri('fixture://big.txt'))), /fixture:\/\/big\.txt from MCP server 'resources' is 1\.9 MB, above the 1\.0 MB limit/);
    } finally {
      await config.update('maxSizeMB', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.equal((await vscode.workspace.fs.readFile(uri('fixture://big.txt'))).byteLength, 2_000_000);
  });

  it('shows a read with several contents as a folder of its parts', async () => {
    const folder = vscode.Uri.from({ scheme: 'mcp-client-resource', path: '/resources/fixture/multi', query: new URLSearchParams({ server: 'resources', uri: 'fixture://multi' }).toString() });
    assert.equal((await vscode.workspace.fs.stat(folder)).type, vscode.FileType.Directory);
    assert.deepEqual(await vscode.workspace.fs.readDirectory(folder), [['part.md', vscode.FileType.File], ['data.json', vscode.FileType.File]]);
    const part = await vscode.workspace.fs.readFile(folder.with({ path: `${folder.path}/part.md` }));
    assert.equal(Buffer.from(part).toString('utf8'), '# Part one\n');
  });

  it('finds resources across servers, loading pages only as needed', async () => {
    const before = await listCalls();
    const done = vscode.commands.executeCommand('mcpClient.resources.find');
    const shown = await until('the Find picker', async () => {
      const p = await picker();
      return p && !p.busy && p.items.includes('fixture://docs/readme.md') && p;
    });
    const pages = (await listCalls()) - before;
    assert.ok(pages >= 1 && pages <= 5, `${pages} pages of 'resources' for an empty filter, not all 101`);
    assert.equal(shown.items.at(-1), 'load-more');
    // "Load more…" (the last row: Up from the first wraps around) loads the next page and keeps the picker open.
    await vscode.commands.executeCommand('workbench.action.quickOpenSelectPrevious');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await until('one more page', async () => (await listCalls()) === before + pages + 1 && !(await picker())?.busy);
    assert.ok(await picker(), 'still open');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await done, undefined);
  });

  it('"Ask about this resource" types @mcp /resource with it into the chat, and sending that asks the model about its content', async () => {
    const model = await testModel();
    // The chat answers with the test model (a fresh window resolves none until one is asked for).
    await vscode.lm.selectChatModels({ vendor: 'mcp-test' });
    await vscode.commands.executeCommand('workbench.action.chat.open', { modelSelector: { vendor: 'mcp-test' } });
    const asked = model.requests.length;
    await vscode.commands.executeCommand('mcpClient.resources.ask', { kind: 'resource', server: 'resources', resource: { uri: 'fixture://text/hello.txt', name: 'hello' } });
    // Typed in, not sent: the user adds a question. Sending it as it is asks what the resource contains.
    assert.equal(model.requests.length, asked, 'nothing is sent before the user sends it');
    await vscode.commands.executeCommand('workbench.action.chat.submit');
    const request = await until('the model to be asked', () => model.requests[asked]);
    const response = (await chatResponses()).at(-1)!;
    assert.equal(response.command, 'resource');
    assert.equal(response.prompt.trim(), 'resources fixture://text/hello.txt');
    assert.deepEqual(request.messages, [
      { role: 'user', parts: [{ text: 'Resource fixture://text/hello.txt (text/plain):\n```\nHello from the fixture.\n\n```' }] },
      { role: 'user', parts: [{ text: 'Explain what this resource contains.' }] },
    ]);
    await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
  });
});
