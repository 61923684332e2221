// Drives "MCP Client: Call Tool…" and its Cancel button in a real VS Code as a person would (Playwright:
// F1, type, Enter, click), the one path the host tests cannot reach (they cannot click a notification's
// button): `node scripts/screenshot-cancel.mjs [out.png]`. Starts the demo (scripts/host/demoHost.mjs),
// allows its server, calls `reindex_notes` for 30 s, waits for the server's progress, clicks Cancel,
// and checks that the progress is gone and the call reported as cancelled. Saves
//   out-progress.png  the progress notification with the server's message and the Cancel button
//   out.png           (default /tmp/call-tool-cancel.png) after Cancel
// Exits non-zero when a step does not appear.
import { resolve } from 'node:path';
import { allowServer, openWorkbench, runCommand, startDemo, waitForStatusBar } from './host/demoHost.mjs';

const out = resolve(process.argv[2] ?? '/tmp/call-tool-cancel.png');
const progressOut = out.replace(/(\.png)?$/i, '-progress.png');
const log = (text) => console.log(`screenshot-cancel: ${text}`);

let demo;
let browser;
try {
  demo = await startDemo({ port: 0, log });
  const opened = await openWorkbench(demo.workspaceUrl, { width: 1400, height: 850 });
  browser = opened.browser;
  const { page } = opened;
  await allowServer(page, 'demo');
  await waitForStatusBar(page, '1/1');

  // F1 → Call Tool… → the tool → its one argument, as typed.
  const input = page.locator('.quick-input-widget .quick-input-box input');
  const rows = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
  await runCommand(page, 'MCP Client: Call Tool', { closes: false });
  await rows.filter({ hasText: 'Reindex notes' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await input.fill('reindex');
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').filter({ hasText: /seconds/i }).waitFor({ state: 'visible', timeout: 10_000 });
  await input.fill('30');
  await page.keyboard.press('Enter');
  log('called reindex_notes for 30 s');

  const toast = page.locator('.notification-toast').filter({ hasText: 'MCP: reindex_notes (demo)' });
  await toast.filter({ hasText: /Indexed \d+ of \d+ notes/ }).waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: progressOut });
  log(`saved ${progressOut}`);

  await toast.getByRole('button', { name: 'Cancel' }).click();
  await toast.waitFor({ state: 'hidden', timeout: 10_000 });
  await page.locator('.notification-toast').filter({ hasText: "the call of 'reindex_notes' was cancelled" }).waitFor({ state: 'visible', timeout: 10_000 });
  log('cancelled: the progress is gone and the call is reported as cancelled');
  await page.waitForTimeout(500);
  await page.screenshot({ path: out });
  log(`saved ${out}`);
} catch (error) {
  console.error(`screenshot-cancel: ${error.message}`);
  if (browser) {
    const failed = out.replace(/(\.png)?$/i, '-failed.png');
    for (const p of browser.contexts().flatMap((c) => c.pages())) await p.screenshot({ path: failed }).catch(() => {});
    console.error(`screenshot-cancel: the page at the time of the failure: ${failed}`);
  }
  process.exitCode = 1;
} finally {
  await browser?.close().catch(() => {});
  await demo?.stop();
}
