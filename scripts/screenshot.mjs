// Screenshots of the demo for the README: `node scripts/screenshot.mjs [out.png]`.
// Starts the demo as `npm start` does (scripts/host/demoHost.mjs), opens it in headless Debian Chromium,
// allows the workspace's 'demo' server, opens the Servers view, waits until 'demo' runs and saves
//   out.png              (default docs/images/servers-view.png): the workbench with the Servers view
//   out-tooltip.png      (docs/images/servers-view-tooltip.png): the same with the server's tooltip shown
// then stops everything. Look at the pictures before committing them.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  ROOT, allowServer, openWorkbench, serverRow, showRunningServer, startDemo, waitForStatusBar,
} from './host/demoHost.mjs';
import { reportScreenshotFailure } from './host/screenshotFailure.mjs';

const out = resolve(process.argv[2] ?? join(ROOT, 'docs', 'images', 'servers-view.png'));
const tooltipOut = out.replace(/(\.png)?$/i, '-tooltip.png');
mkdirSync(dirname(out), { recursive: true });
const log = (text) => console.log(`screenshot: ${text}`);

let demo;
let browser;
try {
  // Port 0: any free port, so a running `npm start` does not get in the way.
  demo = await startDemo({ port: 0, log });
  log(`workbench: ${demo.workspaceUrl}`);
  const opened = await openWorkbench(demo.workspaceUrl, { width: 1400, height: 850 });
  browser = opened.browser;
  const { page } = opened;
  await allowServer(page, 'demo');
  await waitForStatusBar(page, '1/1');
  const row = await showRunningServer(page, 'demo');
  // The folder's README opens as a Markdown preview: a webview (two nested iframes) that renders a little later.
  await page.frameLocator('iframe.webview').frameLocator('#active-frame').locator('h1')
    .waitFor({ state: 'visible', timeout: 30_000 })
    .catch(() => log('the README preview did not render within 30 s'));
  // Let the view settle (icons, the status bar's spinner turning into a plug) and move the pointer out of the way.
  await page.mouse.move(1390, 500);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: out });
  log(`saved ${out}`);

  await row.locator('.label-name').hover();
  const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'Transport' }).first();
  try {
    await hover.waitFor({ state: 'visible', timeout: 10_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: tooltipOut });
    log(`saved ${tooltipOut}`);
  } catch {
    log('the tooltip did not appear; no tooltip screenshot');
    process.exitCode = 1;
  }
} catch (error) {
  await reportScreenshotFailure(error, browser, out);
} finally {
  await browser?.close().catch(() => {});
  await demo?.stop();
}
