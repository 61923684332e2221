// Where an MCP App runs (issue 25, matrix findings): basic-vue's "Get Server Time" failed because the app
// frame had an opaque origin of its own and Vue's reactivity read a property of `window.parent`, a
// cross-origin window (SecurityError); basic-react stayed light in a dark theme because its stylesheet's
// `:root { color-scheme: light dark }` let Chromium's own (light) preference choose its light-dark()
// colours. The apps fixture's hostile app (test/fixtures/apps/hostileApp.html) tries every way out of
// its frame, so the fix (a proxy frame of its own opaque origin between the page and the app,
// src/mcp/apps/originProxy.ts) keeps the protections; its scheme app does what basic-react does.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { callTool } from '../helpers';
import { ui } from '../uiDriver';
import { until } from '../../shared/until';
import { closeAllApps, fixtureState, initializedApp, running, shownApps } from './appsHelpers';

/** Relative luminance (0 black … 1 white) of a CSS `rgb(…)` colour. */
function luminance(color: string | null): number {
  const [r, g, b] = (color?.match(/[\d.]+/g) ?? ['255', '255', '255']).slice(0, 3).map((c) => Number(c) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

async function setTheme(theme: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('workbench').update('colorTheme', theme, vscode.ConfigurationTarget.Global);
}

async function show(tool: string) {
  const outcome = await callTool('apps', tool, {});
  assert.ok(outcome.app, `${tool} has an app`);
  return initializedApp(`of ${tool}`, (a) => a.launch === outcome.app);
}

/** What a line of the hostile app shows, once it no longer shows `initial`. */
function line(app: { id: string }, id: string, initial = 'unknown'): Promise<string> {
  return until(`#${id} of the hostile app`, async () => {
    const text = await ui.appText(app.id, `#${id}`);
    return text && text !== initial && text !== 'not tried' ? text : undefined;
  });
}

describe('MCP Apps: the app frame\'s origin and colour scheme', () => {
  before(async function () {
    this.timeout(90_000);
    await running('apps');
  });
  afterEach(closeAllApps);
  after(async () => setTheme(undefined));

  it("lets the app read its parent frame (what Vue does), and nothing above it: no VS Code API, no storage, no network beyond its CSP", async function () {
    this.timeout(60_000);
    const before = (await fixtureState()).hits.undeclared;
    const app = await show('show_hostile');
    assert.match(await line(app, 'initialized', 'no'), /^yes \(/, 'the app talks to its host');
    assert.equal(await line(app, 'origin'), 'null', 'an opaque origin, never the webview\'s');
    assert.equal(await line(app, 'parent-property'), 'allowed (undefined)', 'window.parent is readable: basic-vue works');
    // 1 is the proxy (the app's own opaque origin); the webview page and everything above stay cross-origin.
    const ancestors = (await line(app, 'ancestors')).split('; ');
    assert.ok(ancestors.length >= 3, ancestors.join('; '));
    assert.equal(ancestors[0], '1 readable');
    for (const above of ancestors.slice(1)) assert.match(above, /^\d+ blocked: SecurityError$/, ancestors.join('; '));
    assert.equal(await line(app, 'vscode-api'), 'none reached');
    assert.equal(await line(app, 'storage'), 'local blocked: SecurityError; session blocked: SecurityError; indexedDB blocked: SecurityError; cookie blocked: SecurityError');
    assert.match(await line(app, 'fetch'), /^blocked: TypeError/);
    assert.match(await line(app, 'parent-fetch'), /^blocked: TypeError/, 'the parent realm has the app\'s policy');
    // Planting a frame or a script in the proxy's document is possible (same origin), and useless: the
    // proxy's own policy (the app's) refuses the frame, and the script fetches under it.
    let planted: string | undefined;
    await until('the planted frame refused', async () => (planted = await ui.appText(app.id, '#planted-frame')) === 'blocked: frame-src').catch(() => undefined);
    assert.equal(planted, 'blocked: frame-src');
    assert.match(await line(app, 'planted-script'), /^allowed \(planted\)$/);
    const diagnostics = await ui.appDiagnostics(app.id);
    assert.ok(diagnostics.violations.some((v) => v.startsWith('connect-src blocked')), diagnostics.violations.join('\n'));
    // Count, not time: whatever got through would have reached the listener by the time the fixture
    // answers a call that went out after the app had made every attempt.
    await ui.appText(app.id, '#initialized');
    assert.equal((await fixtureState()).hits.undeclared, before, 'no attempt reached the undeclared listener');
  });

  it("keeps the app's proxy frame off the page's origin when the app makes it navigate there", async function () {
    this.timeout(60_000);
    const outcome = await callTool('apps', 'show_escape', {});
    assert.ok(outcome.app, 'show_escape has an app');
    const shown = await until('the app view', async () => (await shownApps()).find((a) => a.launch === outcome.app));
    // The app navigates its proxy away at once: wait until the proxy frame is no longer the data: document.
    const proxy = await until('the proxy frame to leave its data: document', async () => {
      const frame = await ui.appProxyFrame(shown.id);
      return frame?.url && !frame.url.startsWith('data:') ? frame : undefined;
    });
    assert.equal(proxy.readable, false, `the proxy frame (now ${proxy.url}) is not of the page's origin`);
    assert.doesNotMatch(proxy.url!, /mcp-escape/, `the navigation did not commit (the frame shows ${proxy.url})`);
  });

  it("refuses an app that declares VS Code's own address as a frame domain, and says why in its place", async function () {
    this.timeout(60_000);
    const outcome = await callTool('apps', 'show_framing', {});
    assert.ok(outcome.app, 'show_framing has an app');
    const shown = await until('the app view', async () => (await shownApps()).find((a) => a.launch === outcome.app));
    const status = await until('the reason in place of the app', async () => {
      const line = await ui.appStatus(shown.id);
      return line?.error && line;
    });
    assert.match(status.text, /^This app was not shown: it asks to embed http:\/\/127\.0\.0\.1:\*, which is VS Code's own address/);
    assert.equal(status.frames, 0, 'no proxy frame, no app frame');
    assert.equal((await shownApps()).find((a) => a.id === shown.id)?.initialized, false);
  });

  it('follows the theme in an app whose stylesheet says `color-scheme: light dark` (basic-react), live', async function () {
    this.timeout(90_000);
    await setTheme('Default Dark Modern');
    const app = await show('show_scheme');
    let seen: unknown;
    /** Waits for the app's colours to be `scheme`'s: its root's used scheme and its light-dark() background. */
    const colours = (scheme: 'dark' | 'light') =>
      until(`the app in ${scheme} colours`, async () => {
        const colors = await ui.appColors(app.id);
        seen = colors;
        const lum = luminance(colors.background);
        return colors.scheme === scheme && (scheme === 'dark' ? lum < 0.3 : lum > 0.7) && colors;
      }).catch((error: Error) => assert.fail(`${error.message}; last seen ${JSON.stringify(seen)}`));
    assert.equal((await colours('dark')).scheme, 'dark');
    await setTheme('Default Light Modern');
    assert.equal((await colours('light')).scheme, 'light');
    await setTheme('Default Dark Modern');
    assert.equal((await colours('dark')).scheme, 'dark');
  });
});
