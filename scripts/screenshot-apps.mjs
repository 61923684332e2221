// Screenshots of MCP Apps in VS Code for the README, taken as a person would use them (Playwright: F1,
// type, Enter, click): `node scripts/screenshot-apps.mjs [outDir]` (default docs/images). Starts the demo
// window (scripts/host/demoHost.mjs) with the two public example servers and the apps fixture in the user
// settings, then, in the light theme and again in the dark one:
//   app-basic-<theme>.png    Call Tool… → "Get Time": the result document, and its app in the Panel after
//                            a click on its "Get Server Time" button (with the Tools view and its marks)
//   app-budget-<theme>.png   Call Tool… → "Get Budget Data", the app moved to an editor tab
// First it checks what host tests cannot see (a test window refuses every dialog): "Open link" in the apps
// fixture's app brings up VS Code's "open the external website?" dialog (/tmp/app-link-dialog.png), and
// Cancel reaches the app as "not opened".
// Needs `node esbuild.mjs --tests` (the fixture). Exits non-zero when a step does not appear.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { ROOT, allowServer, openWorkbench, runCommand, startDemo, waitForStatusBar } from './host/demoHost.mjs';
import { appFrame, appFrames } from './host/uiDriver.mjs';

const outDir = resolve(process.argv[2] ?? join(ROOT, 'docs', 'images'));
const log = (text) => console.log(`screenshot-apps: ${text}`);
const node = process.execPath;
const modules = join(ROOT, 'node_modules', '@modelcontextprotocol');
const SERVERS = {
  basic: { command: node, args: [join(modules, 'server-basic-vanillajs', 'dist', 'index.js'), '--stdio'] },
  budget: { command: node, args: [join(modules, 'server-budget-allocator', 'dist', 'index.js'), '--stdio'] },
  apps: { command: node, args: [join(ROOT, 'out', 'test', 'fixtures', 'servers', 'appsFixture.js')] },
};
const THEMES = { light: 'Default Light Modern', dark: 'Default Dark Modern' };

let demo;
let browser;
let page;

/** Expands or collapses a view of the MCP container by clicking its header. */
async function setViewExpanded(name, expanded) {
  const header = page.locator('.monaco-workbench .part.sidebar .pane-header', { hasText: name }).first();
  if ((await header.getAttribute('aria-expanded')) !== String(expanded)) await header.click();
}

/** F1 → Call Tool… → the tool by its title, then one answer per input step (Enter alone skips an optional one). */
async function callTool(title, answers = []) {
  await runCommand(page, 'MCP Client: Call Tool', { closes: false });
  const input = page.locator('.quick-input-widget .quick-input-box input');
  const rows = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
  await rows.filter({ hasText: title }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await input.fill(title);
  await page.keyboard.press('Enter');
  for (const [step, answer] of answers.entries()) {
    await page.locator('.quick-input-widget .quick-input-title', { hasText: `${step + 1}/${answers.length}` }).waitFor({ timeout: 10_000 });
    await input.fill(answer);
    await page.keyboard.press('Enter');
  }
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

async function closeApps() {
  for (const action of await page.locator('.title-actions .action-label[aria-label="Close App"], .editor-actions .action-label[aria-label="Close App"]').all()) {
    if (await action.isVisible()) await action.click();
  }
  const deadline = Date.now() + 10_000;
  while ((await appFrames(page)).length && Date.now() < deadline) await page.waitForTimeout(100);
  await runCommand(page, 'View: Close All Editors');
}

async function settle() {
  await page.mouse.move(1390, 840);
  await page.waitForTimeout(1500);
}

async function shootBasic(theme) {
  await runCommand(page, 'MCP Client: Show Servers');
  await setViewExpanded('Resources', false);
  await setViewExpanded('Tools', true);
  await callTool('Get Time');
  const app = await appFrame(page, undefined, 30_000);
  await app.locator('#server-time').filter({ hasText: /^\d{4}-/ }).waitFor({ timeout: 30_000 });
  const first = await app.locator('#server-time').textContent();
  await app.locator('#get-time-btn').click();
  await app.locator('#server-time').filter({ hasNotText: first }).waitFor({ timeout: 30_000 });
  await settle();
  await page.screenshot({ path: join(outDir, `app-basic-${theme}.png`) });
  log(`saved app-basic-${theme}.png (the app answered a click: ${first} → ${await app.locator('#server-time').textContent()})`);
  await closeApps();
}

async function shootBudget(theme) {
  await callTool('Get Budget Data');
  await appFrame(page, undefined, 30_000);
  const inline = (await appFrames(page)).map((f) => f.instance);
  await page.locator('.part.panel .title-actions .action-label[aria-label="Open App in Editor"]').click();
  // The app in its editor tab is a new view of the same call (the Panel's one closes).
  let app;
  for (const deadline = Date.now() + 30_000; !app && Date.now() < deadline; await page.waitForTimeout(200)) {
    app = (await appFrames(page)).find((f) => !inline.includes(f.instance))?.frame;
  }
  await app.locator('#status-bar', { hasText: '$100,000 / $100,000' }).waitFor({ timeout: 30_000 });
  await runCommand(page, 'View: Toggle Panel Visibility');
  await settle();
  await page.screenshot({ path: join(outDir, `app-budget-${theme}.png`) });
  log(`saved app-budget-${theme}.png`);
  await closeApps();
}

/** The fixture's "Open link": VS Code asks first; Cancel reaches the app as "not opened". */
async function checkLinkDialog() {
  await callTool('Show panel', ['link check', '']);
  const app = await appFrame(page, undefined, 30_000);
  await app.locator('#result', { hasText: 'Panel for' }).waitFor({ timeout: 30_000 });
  await app.locator('#open-link').click();
  const dialog = page.locator('.monaco-dialog-box').filter({ hasText: 'external website' });
  await dialog.waitFor({ state: 'visible', timeout: 15_000 });
  await page.screenshot({ path: '/tmp/app-link-dialog.png' });
  log(`VS Code asked before opening the app's link: "${(await dialog.locator('.dialog-message-text').textContent())?.trim()}" (/tmp/app-link-dialog.png)`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await app.locator('#link', { hasText: 'not opened' }).waitFor({ timeout: 10_000 });
  log('the app heard: not opened');
  await closeApps();
}

/** A fresh window in `theme` with the servers running (the demo's own server allowed). */
async function openWindow(theme) {
  demo = await startDemo({
    port: 0,
    log,
    settings: { 'mcpClient.servers': SERVERS, 'workbench.startupEditor': 'none', 'workbench.colorTheme': THEMES[theme] },
  });
  ({ browser, page } = await openWorkbench(demo.workspaceUrl, { width: 1400, height: 850 }));
  await allowServer(page, 'demo');
  await waitForStatusBar(page, '4/4');
}

async function closeWindow() {
  await browser?.close().catch(() => {});
  await demo?.stop();
  browser = demo = page = undefined;
}

try {
  const build = spawnSync(node, ['esbuild.mjs', '--tests'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`node esbuild.mjs --tests failed:\n${build.stdout}${build.stderr}`);
  for (const theme of ['light', 'dark']) {
    await openWindow(theme);
    if (theme === 'light') await checkLinkDialog();
    await shootBasic(theme);
    await shootBudget(theme);
    await closeWindow();
  }
} catch (error) {
  console.error(`screenshot-apps: ${error.message}`);
  if (page) {
    await page.screenshot({ path: '/tmp/screenshot-apps-failed.png' }).catch(() => {});
    console.error('screenshot-apps: the page at the time of the failure: /tmp/screenshot-apps-failed.png');
  }
  process.exitCode = 1;
} finally {
  await closeWindow();
}
