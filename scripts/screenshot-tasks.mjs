// Drives tool calls that their servers run as tasks in a real VS Code, as a person would (Playwright: F1,
// type, Enter), and photographs the Tasks view: `node scripts/screenshot-tasks.mjs [out.png]`. Starts the
// demo (scripts/host/demoHost.mjs) with the tasks fixture on both eras (test/fixtures/servers/tasksFixture.ts,
// compiled to out/ by `npx tsc -p .`), then: a long task on the 2025 server (running, with progress), a
// task on the 2026 server that asks for a name (answered in the elicitation dialog; completes and opens
// its result), and a third one cancelled from the Tasks view. Saves
//   out-input.png  the task's "input required" question, in the elicitation dialog
//   out.png        (default docs/images/tasks-view.png) the Tasks view
// Exits non-zero when a step does not appear.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allowServer, openWorkbench, runCommand, startDemo, waitForStatusBar } from './host/demoHost.mjs';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const out = resolve(process.argv[2] ?? join(root, 'docs', 'images', 'tasks-view.png'));
const inputOut = out.replace(/(\.png)?$/i, '-input.png');
const log = (text) => console.log(`screenshot-tasks: ${text}`);
const fixture = join(root, 'out', 'test', 'fixtures', 'servers', 'tasksFixture.js');

let demo;
let browser;
try {
  demo = await startDemo({
    port: 0,
    log,
    settings: {
      'mcpClient.servers': {
        reports: { command: process.execPath, args: [fixture], env: { TASKS_FIXTURE_STEP_MS: '1500' } },
        'reports-2026': { command: process.execPath, args: [fixture, '--era=modern'], env: { TASKS_FIXTURE_STEP_MS: '700' } },
      },
    },
  });
  const opened = await openWorkbench(demo.workspaceUrl, { width: 1400, height: 850 });
  browser = opened.browser;
  const { page } = opened;
  await allowServer(page, 'demo');
  await waitForStatusBar(page, '3/3');

  const input = page.locator('.quick-input-widget .quick-input-box input');
  const rows = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
  const widget = page.locator('.quick-input-widget');
  /** Call Tool… → slow_job of `server` → its two arguments, as typed. */
  async function callSlowJob(server, steps, ask) {
    await runCommand(page, 'MCP Client: Call Tool', { closes: false });
    const row = rows.filter({ hasText: `${server} · slow_job` }).first();
    await rows.filter({ hasText: 'Slow job' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await input.fill('Slow job');
    await row.click();
    await widget.filter({ hasText: /steps/i }).waitFor({ state: 'visible', timeout: 10_000 });
    await input.fill(String(steps));
    await page.keyboard.press('Enter');
    await widget.filter({ hasText: /\bask\b/i }).waitFor({ state: 'visible', timeout: 10_000 });
    await input.fill(String(ask));
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    if (await widget.isVisible()) await page.keyboard.press('Enter');
    log(`called slow_job on ${server} (${steps} steps, ask ${ask})`);
  }

  await callSlowJob('reports', 400, false);
  await callSlowJob('reports-2026', 3, true);
  // The task asks for a name: the same elicitation dialog as any server request.
  await widget.filter({ hasText: "MCP server 'reports-2026' asks" }).waitFor({ state: 'visible', timeout: 30_000 });
  await page.screenshot({ path: inputOut });
  log(`saved ${inputOut}`);
  await rows.filter({ hasText: 'Respond' }).first().click();
  await widget.filter({ hasText: /Name/ }).waitFor({ state: 'visible', timeout: 10_000 });
  await input.fill('Ada Lovelace');
  await page.keyboard.press('Enter');
  await page.locator('.monaco-workbench .tabs-container .tab').filter({ hasText: 'slow_job' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  log('the 2026 task completed and its result opened');

  await callSlowJob('reports-2026', 400, false);
  await runCommand(page, 'Focus on Tasks View');
  const taskRows = page.locator('.monaco-workbench .part.sidebar .pane').filter({ hasText: 'Tasks' }).locator('.monaco-list-row');
  await taskRows.filter({ hasText: 'reports-2026 · working' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  // Cancel from the task's notification (the view's inline Cancel Task is what the host tests run).
  const toast = page.locator('.notification-toast').filter({ hasText: 'MCP task: slow_job (reports-2026)' });
  await toast.getByRole('button', { name: 'Cancel' }).click();
  await taskRows.filter({ hasText: 'reports-2026 · cancelled' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  log('cancelled a task from its notification');
  await taskRows.filter({ hasText: /reports · working · \d+%/ }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.mouse.move(900, 500);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: out });
  log(`saved ${out}`);
} catch (error) {
  console.error(`screenshot-tasks: ${error.message}`);
  if (browser) {
    const failed = out.replace(/(\.png)?$/i, '-failed.png');
    for (const p of browser.contexts().flatMap((c) => c.pages())) await p.screenshot({ path: failed }).catch(() => {});
    console.error(`screenshot-tasks: the page at the time of the failure: ${failed}`);
  }
  process.exitCode = 1;
} finally {
  await browser?.close().catch(() => {});
  await demo?.stop();
}
