// What a hostile or huge server sends, as the views show it (issues 19.5, 19.7, 19.9): the Tools view
// lists a bounded number of tools and says how many more there are, names and descriptions are capped
// with the cut said, instructions lines are capped, the server tooltip renders no theme icons from
// server text, and a URL's user info and query string are not shown.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { hooks, serverTreeItem, stateOf } from '../helpers';

interface TreeRow {
  label: string;
  description?: string;
  tooltip?: string;
  children: { label: string; description?: string; tooltip?: string }[];
}

describe('Hostile server text in the views', function () {
  this.timeout(120_000);
  const config = () => vscode.workspace.getConfiguration('mcpClient');
  let servers: Record<string, unknown>;

  before(async () => {
    servers = config().inspect<Record<string, unknown>>('servers')!.globalValue!;
    const script = join(__dirname, '..', '..', 'fixtures', 'servers', 'bloatedServer.js');
    await config().update(
      'servers',
      {
        ...servers,
        bloated: { command: process.execPath, args: [script, '--tools=3000'] },
        markdowned: { command: process.execPath, args: [script, '--tools=1', '--markdown'] },
        hostile: { command: process.execPath, args: [script, '--hostile'] },
        queried: { url: 'http://user:pw@127.0.0.1:9/mcp?token=query-secret-value', autoStart: false },
      },
      vscode.ConfigurationTarget.Global,
    );
    await until('bloated to run', async () => (await stateOf('bloated')) === 'running', 60_000);
    await until('markdowned to run', async () => (await stateOf('markdowned')) === 'running', 60_000);
    await until('hostile to run', async () => (await stateOf('hostile')) === 'running', 60_000);
  });

  after(async () => {
    await config().update('servers', servers, vscode.ConfigurationTarget.Global);
  });

  it('lists at most 500 tools of a server and says how many more there are, with names capped visibly', async () => {
    const rows = await until('the bloated tools', async () => {
      const all = (await vscode.commands.executeCommand<TreeRow[]>(hooks.toolsTree)) ?? [];
      const row = all.find((r) => r.label === 'bloated');
      return row && row.children.length > 0 ? row : undefined;
    }, 60_000);
    assert.equal(rows.children.length, 501);
    assert.equal(rows.children[500]!.label, '… 2,500 more tools');
    const first = rows.children[0]!;
    assert.ok(first.label.length < 200, `label capped: ${first.label.length} characters`);
    assert.match(first.label, /… \(887 more characters\)$/);
    assert.ok((first.tooltip ?? '').length < 4_000, `tooltip capped: ${(first.tooltip ?? '').length} characters`);
    assert.match(first.tooltip ?? '', /more characters\)/);
  });

  it('caps instruction lines in the server tooltip and renders no theme icons from server text', async () => {
    const item = (await serverTreeItem('bloated'))!;
    assert.ok(item.tooltip.length < 3_000, `tooltip capped: ${item.tooltip.length} characters`);
    assert.match(item.tooltip, /more characters\)/);
    assert.match(item.tooltip, /^Second line\.$/m);
    assert.ok(!item.tooltip.includes('$('), 'no theme icon syntax at all');
  });

  // Issue 16, item 7: instructions were shown as escaped text with the bullets run together.
  it('renders instructions as Markdown, inert: no command link, no image loaded, no HTML', async () => {
    const item = (await serverTreeItem('markdowned'))!;
    const instructions = item.tooltip.slice(item.tooltip.indexOf('## Using the fixture'));
    assert.match(instructions, /^- First, list the tools\.\n- Then \*\*call\*\* one\.$/m, item.tooltip);
    // What VS Code's Markdown renderer makes of it: a real list and emphasis; a web link, but no command link,
    // no image and no HTML element.
    const html = await vscode.commands.executeCommand<string>('markdown.api.render', instructions);
    assert.match(html, /<li[^>]*>First, list the tools\.<\/li>/);
    assert.match(html, /<strong>call<\/strong>/);
    assert.match(html, /<a [^>]*href="https:\/\/example\.com\/docs"/);
    assert.doesNotMatch(html, /href="command:|<img|<b>/, html);
    assert.match(html, /Run this/);
  });

  it('shows an HTTP server without the user info or query string of its URL', async () => {
    const item = await until('queried to be listed', () => serverTreeItem('queried'));
    assert.ok(!item.tooltip.includes('query-secret-value') && !item.tooltip.includes('pw@'), item.tooltip);
    assert.match(item.tooltip, /127\\\.0\\\.0\\\.1:9\/mcp\?…/);
  });

  // Issue 24, finding 6: tag characters, variation selectors, soft hyphens, fillers and codicons reached the UI.
  const INVISIBLE = /[\u{E0000}-\u{E007F}\u202E\u00AD\u3164\u2028]/u;

  it('shows a tool name without invisible characters and with its theme icon syntax as written', async () => {
    const row = await until('the hostile tool', async () => {
      const all = (await vscode.commands.executeCommand<TreeRow[]>(hooks.toolsTree)) ?? [];
      return all.find((r) => r.label === 'hostile')?.children.find((c) => c.label.includes('Verified'));
    }, 60_000);
    assert.equal(row.label, '\\$(check) Verifiedevil tool');
    assert.ok(!INVISIBLE.test(row.tooltip ?? ''), 'no invisible character in the tooltip');
    assert.match(row.tooltip ?? '', /more characters\)/);
  });

  it('caps a prompt picker row, drops its invisible characters and escapes its theme icons', async () => {
    const rows = (await vscode.commands.executeCommand<{ label: string; description?: string; detail?: string }[]>(hooks.promptPickerItems, 'hostile')) ?? [];
    const row = rows.find((r) => r.label.includes('Recommended'));
    assert.ok(row, JSON.stringify(rows.map((r) => r.label)));
    assert.ok(row.label.startsWith('\\$(star-full) Recommended PPP'), row.label.slice(0, 60));
    assert.match(row.label, /… \([\d,]+ more characters\)$/);
    assert.ok(row.label.length < 200 && (row.detail ?? '').length < 400, `${row.label.length} and ${(row.detail ?? '').length} characters`);
    assert.ok(row.detail?.startsWith('\\$(warning) '), row.detail?.slice(0, 40));
    for (const text of [row.label, row.description ?? '', row.detail ?? '']) assert.ok(!INVISIBLE.test(text), JSON.stringify(text.slice(0, 80)));
  });
});
