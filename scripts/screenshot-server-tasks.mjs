// Photographs a task a *server* asked the client to run (2025-11-25 elicitation as a task) in a real VS Code:
// `node scripts/screenshot-server-tasks.mjs [out.png]`. Starts the demo (scripts/host/demoHost.mjs) with the
// client-tasks fixture (test/fixtures/servers/clientTasksFixture.ts, compiled to out/ by
// `node esbuild.mjs --tests`), calls its client_task_start tool through Call Tool… as a person would, and
// saves (default docs/images/tasks-view-server.png) the Tasks view with the working "elicitation" row beside
// the elicitation dialog it opened. Exits non-zero when a step does not appear.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allowServer, openWorkbench, runCommand, startDemo, waitForStatusBar } from './host/demoHost.mjs';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const out = resolve(process.argv[2] ?? join(root, 'docs', 'images', 'tasks-view-server.png'));
const log = (text) => console.log(`screenshot-server-tasks: ${text}`);
const fixture = join(root, 'out', 'test', 'fixtures', 'servers', 'clientTasksFixture.js');

let demo;
let browser;
try {
  demo = await startDemo({ port: 0, log, settings: { 'mcpClient.servers': { reports: { command: process.execPath, args: [fixture] } } } });
  const opened = await openWorkbench(demo.workspaceUrl, { width: 1400, height: 850 });
  browser = opened.browser;
  const { page } = opened;
  await allowServer(page, 'demo');
  await waitForStatusBar(page, '2/2');

  const input = page.locator('.quick-input-widget .quick-input-box input');
  const rows = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
  const widget = page.locator('.quick-input-widget');
  await runCommand(page, 'Focus on Tasks View');
  await runCommand(page, 'MCP Client: Call Tool', { closes: false });
  await rows.filter({ hasText: 'client_task_start' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await input.fill('client_task_start');
  await rows.filter({ hasText: 'client_task_start' }).first().click();
  await widget.filter({ hasText: /kind/i }).waitFor({ state: 'visible', timeout: 10_000 });
  await input.fill('elicitation');
  await page.keyboard.press('Enter');
  log('called client_task_start (elicitation)');
  // The server's elicitation, sent as a task: the usual dialog, and a working row in the Tasks view.
  await widget.filter({ hasText: "MCP server 'reports' asks" }).waitFor({ state: 'visible', timeout: 30_000 });
  const taskRows = page.locator('.monaco-workbench .part.sidebar .pane').filter({ hasText: 'Tasks' }).locator('.monaco-list-row');
  await taskRows.filter({ hasText: /elicitation.*reports · working/ }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForTimeout(3000);
  await page.screenshot({ path: out });
  log(`saved ${out}`);
} catch (error) {
  console.error(`screenshot-server-tasks: ${error.message}`);
  if (browser) {
    const failed = out.replace(/(\.png)?$/i, '-failed.png');
    for (const p of browser.contexts().flatMap((c) => c.pages())) await p.screenshot({ path: failed }).catch(() => {});
    console.error(`screenshot-server-tasks: the page at the time of the failure: ${failed}`);
  }
  process.exitCode = 1;
} finally {
  await browser?.close().catch(() => {});
  await demo?.stop();
}
