// Screenshots of two first-hour fixes (issue 16, item 7), for the README:
// `node scripts/screenshot-friction.mjs [out.png]` (default docs/images/instructions-markdown.png, and
// resource-breadcrumb.png beside it). Starts the demo with one more user server whose instructions are
// Markdown (the test fixture `bloatedServer --markdown`: a list, emphasis, a command: link, a remote image,
// HTML), hovers it in the Servers view, then finds the demo's `notes://stats.json` with Find Resource… and
// shows its editor with the breadcrumb.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ROOT, allowServer, openWorkbench, runCommand, serverRow, showRunningServer, startDemo } from './host/demoHost.mjs';
import { reportScreenshotFailure } from './host/screenshotFailure.mjs';

const out = resolve(process.argv[2] ?? join(ROOT, 'docs', 'images', 'instructions-markdown.png'));
const breadcrumbOut = join(dirname(out), 'resource-breadcrumb.png');
mkdirSync(dirname(out), { recursive: true });
const log = (text) => console.log(`screenshot: ${text}`);
const bloated = join(ROOT, 'out', 'test', 'fixtures', 'servers', 'bloatedServer.js');

let demo;
let browser;
try {
  // The fixtures are compiled with the tests.
  const { spawnSync } = await import('node:child_process');
  spawnSync(process.execPath, [join(ROOT, 'esbuild.mjs'), '--tests'], { cwd: ROOT, stdio: 'inherit' });
  demo = await startDemo({ port: 0, log, settings: { 'mcpClient.servers': { guide: { command: process.execPath, args: [bloated, '--tools=1', '--markdown'] } } } });
  const opened = await openWorkbench(demo.workspaceUrl, { width: 1400, height: 850 });
  browser = opened.browser;
  const { page } = opened;
  await allowServer(page, 'demo');
  await showRunningServer(page, 'guide');
  // The tooltip shows after the mouse rests on the row; a row re-rendered under it starts that over.
  const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'Using the fixture' }).first();
  for (let attempt = 0; attempt < 5 && !(await hover.isVisible()); attempt++) {
    await page.mouse.move(1390, 500);
    await serverRow(page, 'guide').locator('.label-name').hover();
    await hover.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => {});
  }
  await hover.waitFor({ state: 'visible', timeout: 5_000 });
  await page.waitForTimeout(500);
  // The Servers view and the tooltip only: this one ships in the .vsix with the README.
  await page.screenshot({ path: out, clip: { x: 0, y: 0, width: 700, height: 560 } });
  log(`saved ${out}`);

  await showRunningServer(page, 'demo');
  await runCommand(page, 'MCP Client: Find Resource', { closes: false });
  await page.keyboard.type('stats', { delay: 20 });
  await page.locator('.quick-input-widget .monaco-list-row.focused').filter({ hasText: 'stats' }).waitFor({ state: 'visible', timeout: 20_000 });
  await page.keyboard.press('Enter');
  await page.locator('div.monaco-breadcrumbs').filter({ hasText: 'stats.json' }).first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.mouse.move(1390, 500);
  await page.waitForTimeout(1000);
  await page.screenshot({ path: breadcrumbOut });
  log(`saved ${breadcrumbOut}`);
} catch (error) {
  await reportScreenshotFailure(error, browser, out);
} finally {
  await browser?.close().catch(() => {});
  await demo?.stop();
}
