// Issue 25: three more official MCP Apps examples from npm, as a new user meets them. The PDF viewer
// (@modelcontextprotocol/server-pdf, given one local file) runs PDF.js, whose worker the app's CSP used to
// block ("Setting up fake worker failed"); its tools only apps call (read_pdf_bytes, save_pdf …) showed as
// ordinary tools, as did the system monitor's poll-system-stats; the system monitor follows
// `prefers-color-scheme`, which stayed light in a dark theme; sheet music's multi-line default tune lost its
// newlines in Call Tool…'s one-line step and the app drew an empty staff.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { activateAll, answer, api, callTool, hooks, questions, toolsOf } from '../helpers';
import { ui } from '../uiDriver';
import { closeAllApps, initializedApp } from './appsHelpers';

const root = join(__dirname, '..', '..', '..', '..');
const HELLO_PDF = join(root, 'test', 'fixtures', 'files', 'hello.pdf');
const ARGUMENTS_SCHEME = 'mcp-tool-arguments';

/** Relative luminance (0 black … 1 white) of a CSS `rgb(…)`/`rgba(…)` colour. */
function luminance(color: string | null): number {
  const [r, g, b] = (color?.match(/[\d.]+/g) ?? ['255', '255', '255']).slice(0, 3).map((c) => Number(c) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

async function setTheme(theme: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('workbench').update('colorTheme', theme, vscode.ConfigurationTarget.Global);
}

interface TreeRow {
  label: string;
  description: string;
  children: { label: string; description: string; contextValue?: string }[];
}

describe('MCP Apps: public examples (pdf, system-monitor, sheet-music)', () => {
  before(async function () {
    this.timeout(120_000);
    await activateAll();
    await toolsOf('pdf', ['display_pdf', 'read_pdf_bytes'], 60_000);
    await toolsOf('system-monitor', ['get-system-info', 'poll-system-stats'], 60_000);
    await toolsOf('sheet-music', ['play-sheet-music'], 60_000);
  });
  afterEach(async function () {
    this.timeout(30_000);
    await closeAllApps();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => setTheme(undefined));

  it('renders a PDF: PDF.js runs its worker under the app policy (defect 1)', async function () {
    this.timeout(120_000);
    const outcome = await callTool('pdf', 'display_pdf', { url: HELLO_PDF });
    assert.ok(outcome.app, 'display_pdf has an app');
    const app = await initializedApp('of display_pdf', (a) => a.launch === outcome.app, 60_000);
    // The page's text layer holds the text only once the worker has parsed and laid out the page.
    const text = await until('the page text', async () => {
      const shown = await ui.appText(app.id, '#text-layer');
      return shown?.includes('Hello from a PDF') && shown;
    }, 60_000);
    assert.match(text, /Hello from a PDF/);
    assert.equal(await ui.appCount(app.id, '#error:visible'), 0, 'no error shown in the viewer');
  });

  it('marks the tools only apps call in the Tools view and leaves them out of Call Tool… until asked (defect 2)', async () => {
    const tree = (await vscode.commands.executeCommand<TreeRow[]>(hooks.toolsTree)) ?? [];
    const row = (server: string, tool: string) => tree.find((s) => s.label === server)?.children.find((c) => c.label === tool || c.description.includes(tool));
    for (const [server, tool] of [['pdf', 'read_pdf_bytes'], ['pdf', 'save_pdf'], ['system-monitor', 'poll-system-stats']] as const) {
      const shown = row(server, tool);
      assert.ok(shown, `${server}/${tool} in the Tools view`);
      assert.match(shown.description, /app only/, `${server}/${tool}: ${shown.description}`);
    }
    assert.doesNotMatch(row('pdf', 'list_pdfs')!.description, /app only/);

    await questions();
    await answer({ kind: 'tool.pick', answer: undefined });
    await vscode.commands.executeCommand('mcpClient.tools.call');
    const pick = (await questions()).find((q) => q.kind === 'tool.pick');
    const offered = (pick?.tools as string[] | undefined) ?? [];
    assert.ok(offered.includes('pdf/display_pdf') && offered.includes('system-monitor/get-system-info'), offered.join(', '));
    for (const hidden of ['pdf/read_pdf_bytes', 'pdf/save_pdf', 'system-monitor/poll-system-stats']) assert.ok(!offered.includes(hidden), `${hidden} is not offered`);
    assert.ok(Number(pick?.hidden) >= 3, `the picker says it left ${String(pick?.hidden)} out`);
  });

  it('follows a dark theme in an app that uses prefers-color-scheme, and a change of theme while open (defect 4)', async function () {
    this.timeout(90_000);
    await setTheme('Default Dark Modern');
    const outcome = await callTool('system-monitor', 'get-system-info', {});
    const app = await initializedApp('of get-system-info', (a) => a.launch === outcome.app, 60_000);
    const dark = await until('the app in dark colours', async () => {
      const colors = await ui.appColors(app.id);
      return colors.prefersDark && luminance(colors.background) < 0.3 && colors;
    });
    assert.equal(dark.prefersDark, true);
    await setTheme('Default Light Modern');
    const light = await until('the app in light colours', async () => {
      const colors = await ui.appColors(app.id);
      return !colors.prefersDark && luminance(colors.background) > 0.7 && colors;
    });
    assert.equal(light.prefersDark, false);
  });

  it("keeps sheet music's multi-line default tune exactly, and the app draws its notes (defect 3)", async function () {
    this.timeout(90_000);
    const session = (await api()).getSession('sheet-music')!;
    const tool = (await session.listTools()).find((t) => t.name === 'play-sheet-music')!;
    const tune = (tool.inputSchema.properties as Record<string, { default?: string }>).abcNotation!.default!;
    assert.match(tune, /\n/, 'the default has several lines');
    // What a user does: Call Tool…, then Enter on a step, or Send on the arguments document.
    const pending = vscode.commands.executeCommand<{ app?: string }>('mcpClient.tools.call', { server: 'sheet-music', tool: 'play-sheet-music' });
    const shown = await until('a step or the arguments document', async () => {
      const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === ARGUMENTS_SCHEME);
      if (editor) return { editor };
      return (await ui.text('.quick-input-widget .quick-input-box input:visible')) !== null ? { step: true } : undefined;
    });
    if ('editor' in shown && shown.editor) {
      const value = JSON.parse(shown.editor.document.getText()) as { abcNotation?: string };
      assert.equal(value.abcNotation, tune, 'the document holds the default exactly');
      await vscode.commands.executeCommand('mcpClient.tools.sendArguments', shown.editor.document.uri);
    } else {
      await ui.click('.quick-input-widget .quick-input-box input:visible');
      await ui.press('Enter');
    }
    const outcome = (await pending)!;
    const app = await initializedApp('of play-sheet-music', (a) => a.launch === outcome.app, 60_000);
    const notes = await until('notes on the staff', async () => {
      const count = await ui.appCount(app.id, '#sheet-music .abcjs-note');
      return count > 0 && count;
    }, 30_000);
    assert.ok(notes >= 40, `${notes} notes drawn`);
  });
});
