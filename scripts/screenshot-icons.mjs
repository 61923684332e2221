// Screenshot of servers' own icons (2025-11-25 `icons`) in the trees: `node scripts/screenshot-icons.mjs [out.png]`.
// Starts the demo (its server, tools, a prompt and resources carry data: PNG icons), allows the 'demo'
// server, opens the Servers, Tools and Resources views, and saves the side bar
//   out.png (default docs/images/icons-in-trees.png)
// and then Call Tool…'s picker, with the same icons, beside it as out-call-tool.png (icons-in-trees-call-tool.png),
// then stops everything. Look at the picture before committing it.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ROOT, allowServer, openWorkbench, showRunningServer, startDemo, waitForStatusBar } from './host/demoHost.mjs';
import { reportScreenshotFailure } from './host/screenshotFailure.mjs';

const out = resolve(process.argv[2] ?? join(ROOT, 'docs', 'images', 'icons-in-trees.png'));
mkdirSync(dirname(out), { recursive: true });
const log = (text) => console.log(`screenshot: ${text}`);

let demo;
let browser;
try {
  demo = await startDemo({ port: 0, log });
  const opened = await openWorkbench(demo.workspaceUrl, { width: 1200, height: 900 });
  browser = opened.browser;
  const { page } = opened;
  await allowServer(page, 'demo');
  await waitForStatusBar(page, '1/1');
  await showRunningServer(page, 'demo');
  // The Resources and Tools views share the container and are open by default; wait for a tool's row.
  const sidebar = page.locator('.monaco-workbench .part.sidebar');
  await sidebar.locator('.monaco-list-row', { hasText: 'Reindex notes' }).waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.press('Escape');
  await page.mouse.move(1190, 880);
  await page.waitForTimeout(1500);
  const box = await sidebar.boundingBox();
  await page.screenshot({ path: out, clip: box ?? undefined });
  log(`saved ${out}`);
  // Call Tool… from the palette: each tool's row shows its own icon, as in the tree.
  await page.keyboard.press('F1');
  await page.keyboard.type('MCP Client: Call Tool');
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Call Tool' }).first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.keyboard.press('Enter');
  const picker = page.locator('.quick-input-widget');
  await picker.locator('.monaco-list-row', { hasText: 'Reindex notes' }).waitFor({ state: 'visible', timeout: 15_000 });
  await page.waitForTimeout(500);
  const pickerOut = out.replace(/\.png$/, '-call-tool.png');
  await page.screenshot({ path: pickerOut, clip: (await picker.boundingBox()) ?? undefined });
  log(`saved ${pickerOut}`);
} catch (error) {
  await reportScreenshotFailure(error, browser, out);
} finally {
  await browser?.close().catch(() => {});
  await demo?.stop().catch(() => {});
}
