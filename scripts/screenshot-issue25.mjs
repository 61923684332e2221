// Screenshots of what issue 25 fixed, taken as a person uses VS Code (Playwright: F1, type, Enter, click),
// in a normal window (not a test window: dialogs show, and the browser's clipboard is the real one):
// `node scripts/screenshot-issue25.mjs [outDir]` (default docs/images). Starts the demo window with three
// official MCP Apps examples from npm and the prompts fixture in the user settings, in the dark theme:
//   consent-readable-path.png   the demo server's consent dialog: its `${workspaceFolder}/../../dist/…` path as
//                                the file it names, and what Don't Allow and Cancel each do
//   app-pdf-dark.png            Call Tool… → Display PDF on a local file: PDF.js renders it (its worker runs)
//   app-system-monitor-dark.png Call Tool… → Get System Info: the app in dark colours (prefers-color-scheme)
//   app-sheet-music-dark.png    Call Tool… → Play Sheet Music: the default tune, sent from the arguments
//                                document with its newlines, drawn as notes
// and checks that a prompt argument with no completions raises no "Unable to read from the browser's
// clipboard" notification (only a normal window shows it). Exits non-zero when a step does not appear.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { ROOT, openWorkbench, runCommand, startDemo, waitForStatusBar } from './host/demoHost.mjs';
import { appFrame, appFrames } from './host/uiDriver.mjs';

const outDir = resolve(process.argv[2] ?? join(ROOT, 'docs', 'images'));
const log = (text) => console.log(`screenshot-issue25: ${text}`);
const node = process.execPath;
const modules = join(ROOT, 'node_modules', '@modelcontextprotocol');
const HELLO_PDF = join(ROOT, 'test', 'fixtures', 'files', 'hello.pdf');
const SERVERS = {
  pdf: { command: node, args: [join(modules, 'server-pdf', 'dist', 'index.js'), '--stdio', HELLO_PDF] },
  'system-monitor': { command: node, args: [join(modules, 'server-system-monitor', 'dist', 'index.js'), '--stdio'] },
  'sheet-music': { command: node, args: [join(modules, 'server-sheet-music', 'dist', 'index.js'), '--stdio'] },
  prompts: { command: node, args: [join(ROOT, 'out', 'test', 'fixtures', 'servers', 'promptsFixture.js'), '--era=legacy'] },
};

let demo;
let browser;
let page;

const input = () => page.locator('.quick-input-widget .quick-input-box input');
const rows = () => page.locator('.quick-input-widget .quick-input-list .monaco-list-row');

/** F1 → Call Tool… → the tool by its title. */
async function pickTool(title) {
  await runCommand(page, 'MCP Client: Call Tool', { closes: false });
  await rows().first().waitFor({ state: 'visible', timeout: 30_000 });
  await input().fill(title);
  await rows().filter({ hasText: title }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.press('Enter');
}

async function settle() {
  await page.mouse.move(1390, 840);
  await page.waitForTimeout(1500);
}

async function closeApps() {
  for (const action of await page.locator('.title-actions .action-label[aria-label="Close App"], .editor-actions .action-label[aria-label="Close App"]').all()) {
    if (await action.isVisible()) await action.click();
  }
  const deadline = Date.now() + 10_000;
  while ((await appFrames(page)).length && Date.now() < deadline) await page.waitForTimeout(100);
  await runCommand(page, 'View: Close All Editors');
}

async function consentDialog() {
  const dialog = page.locator('.monaco-dialog-box').filter({ hasText: "Start the MCP server 'demo'" });
  await dialog.waitFor({ state: 'visible', timeout: 120_000 });
  const text = (await dialog.textContent()) ?? '';
  if (text.includes('/../')) throw new Error(`the consent dialog shows an unnormalised path: ${text}`);
  if (!text.includes('Cancel: nothing is decided')) throw new Error(`the consent dialog does not say what Cancel does: ${text}`);
  await page.screenshot({ path: join(outDir, 'consent-readable-path.png') });
  log('saved consent-readable-path.png');
  await dialog.getByRole('button', { name: 'Allow', exact: true }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
}

async function shootPdf() {
  await pickTool('Display PDF');
  // Its first step is the file (default: a paper on the web, not reachable here); Enter takes the defaults of the rest.
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'url' }).waitFor({ timeout: 10_000 });
  await input().fill(HELLO_PDF);
  await page.keyboard.press('Enter');
  for (let step = 2; step < 10 && (await page.locator('.quick-input-widget').isVisible()); step++) {
    await page.locator('.quick-input-widget .quick-input-title', { hasText: `${step}/` }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
  }
  const app = await appFrame(page, undefined, 60_000);
  await app.locator('#text-layer', { hasText: 'Hello from a PDF' }).waitFor({ timeout: 60_000 });
  // Moved to an editor tab (a new view of the same call), where the page has room.
  const inline = (await appFrames(page)).map((f) => f.instance);
  await page.locator('.part.panel .title-actions .action-label[aria-label="Open App in Editor"]').click();
  let moved;
  for (const deadline = Date.now() + 30_000; !moved && Date.now() < deadline; await page.waitForTimeout(200)) {
    moved = (await appFrames(page)).find((f) => !inline.includes(f.instance))?.frame;
  }
  await moved.locator('#text-layer', { hasText: 'Hello from a PDF' }).waitFor({ timeout: 60_000 });
  await moved.locator('#pdf-canvas').waitFor({ state: 'visible', timeout: 30_000 });
  await settle();
  await page.screenshot({ path: join(outDir, 'app-pdf-dark.png') });
  log('saved app-pdf-dark.png (the page text is in the viewer)');
  await closeApps();
}

async function shootSystemMonitor() {
  await pickTool('Get System Info');
  const app = await appFrame(page, undefined, 30_000);
  await app.locator('#info-hostname').filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
  const dark = await app.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  if (!dark) throw new Error('the system monitor does not see a dark preferred colour scheme');
  await settle();
  await page.screenshot({ path: join(outDir, 'app-system-monitor-dark.png') });
  log(`saved app-system-monitor-dark.png (prefers-color-scheme: dark → ${dark}; background ${await app.evaluate(() => getComputedStyle(document.body).backgroundColor)})`);
  await closeApps();
}

async function shootSheetMusic() {
  await pickTool('Play Sheet Music');
  // A default of several lines: the arguments document, Send in its title bar.
  const send = page.locator('.editor-actions .action-label[aria-label^="Send"]').first();
  await send.waitFor({ state: 'visible', timeout: 30_000 });
  await send.click();
  const app = await appFrame(page, undefined, 30_000);
  await app.locator('#sheet-music .abcjs-note').first().waitFor({ timeout: 30_000 });
  const notes = await app.locator('#sheet-music .abcjs-note').count();
  await settle();
  await page.screenshot({ path: join(outDir, 'app-sheet-music-dark.png') });
  log(`saved app-sheet-music-dark.png (${notes} notes drawn)`);
  await closeApps();
}

/** Run Prompt… → review_code, type into its `code` step (no completions): no clipboard notification. */
async function checkNoClipboardRead() {
  await runCommand(page, 'MCP Client: Run Prompt', { closes: false });
  await rows().filter({ hasText: 'Review code' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await input().fill('Review code');
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'code' }).waitFor({ timeout: 10_000 });
  await page.keyboard.type('x');
  await rows().filter({ hasText: 'Use this value' }).first().waitFor({ timeout: 10_000 });
  await page.waitForTimeout(3000);
  const toast = await page.locator('.notification-list-item', { hasText: 'clipboard' }).count();
  await page.keyboard.press('Escape');
  if (toast) throw new Error('"Unable to read from the browser\'s clipboard" was shown');
  log('no clipboard notification at a prompt argument without completions');
}

try {
  const build = spawnSync(node, ['esbuild.mjs', '--tests'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`node esbuild.mjs --tests failed:\n${build.stdout}${build.stderr}`);
  demo = await startDemo({
    port: 0,
    log,
    settings: { 'mcpClient.servers': SERVERS, 'workbench.startupEditor': 'none', 'workbench.colorTheme': 'Default Dark Modern' },
  });
  ({ browser, page } = await openWorkbench(demo.workspaceUrl, { width: 1400, height: 850 }));
  await consentDialog();
  await waitForStatusBar(page, '5/5', 90_000);
  await shootPdf();
  await shootSystemMonitor();
  await shootSheetMusic();
  await checkNoClipboardRead();
} catch (error) {
  console.error(`screenshot-issue25: ${error.message}`);
  if (page) {
    await page.screenshot({ path: '/tmp/screenshot-issue25-failed.png' }).catch(() => {});
    console.error('screenshot-issue25: the page at the time of the failure: /tmp/screenshot-issue25-failed.png');
  }
  process.exitCode = 1;
} finally {
  await browser?.close().catch(() => {});
  await demo?.stop();
}
