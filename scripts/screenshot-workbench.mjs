// Photographs the server author's workbench (issue 26) in a real VS Code: `node scripts/screenshot-workbench.mjs [folder]`
// (after `node esbuild.mjs --tests`, which compiles the fixtures to out/). Starts the demo's code-server
// (scripts/host/demoHost.mjs) on a scratch workspace with four user servers, drives it as a person would,
// and saves into `folder` (default docs/images/):
//   workbench-protocol-input-required.png  the Protocol view while a 2026-07-28 tool call waits for input
//                                          (its elicitation dialog open), and after: two rounds under one call
//   workbench-protocol-rounds.png
//   workbench-save-as-test.png             the call's result, with Save as Test in its title bar
//   workbench-test-snapshot.png            the Test Explorer after Run All: one saved call fails its snapshot,
//                                          the diff open in the editor's peek
//   workbench-doctor-banner(-detail).png   Diagnose Server… on a stdio server that prints a banner to stdout
//   workbench-doctor-auth(-detail).png     Diagnose Server… on an HTTP server with broken auth metadata
//                                          (the report's table of checks, then scrolled to the failed ones)
// Exits non-zero when a step does not appear (and saves the page as <name>-failed.png).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openWorkbench, runCommand, startDemo } from './host/demoHost.mjs';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const outDir = resolve(process.argv[2] ?? join(root, 'docs', 'images'));
const log = (text) => console.log(`screenshot-workbench: ${text}`);
const fixture = (name) => join(root, 'out', 'test', 'fixtures', 'servers', `${name}.js`);
mkdirSync(outDir, { recursive: true });

const workspace = mkdtempSync(join(tmpdir(), 'mcp-workbench-'));
mkdirSync(join(workspace, 'mcp-tests'));
writeFileSync(
  join(workspace, 'mcp-tests', 'weather.mcp-tests.json'),
  `${JSON.stringify({
    server: 'tools',
    tests: [
      { name: 'echo says hello', tool: 'echo', arguments: { text: 'hello' }, expect: { isError: false, pointers: [{ pointer: '/content/0/text', equals: 'hello' }] } },
      { name: 'stats of three values', tool: 'stats', arguments: { values: [1, 2, 6] }, expect: { matchesOutputSchema: true, snapshot: true } },
      { name: 'failing reports an error', tool: 'failing', expect: { isError: true, maxDurationMs: 5000 } },
    ],
  }, null, 2)}\n`,
);
// The stored snapshot is from before a change to the server: the mean was 2, it is 3 now.
writeFileSync(
  join(workspace, 'mcp-tests', 'weather.mcp-tests.snap.json'),
  `${JSON.stringify({ 'stats of three values': { content: [{ text: '{"count":3,"mean":2}', type: 'text' }], structuredContent: { count: 3, mean: 2 } } }, null, 2)}\n`,
);

let demo;
let browser;
let authServer;
let step = 'start';
try {
  authServer = spawn(process.execPath, [fixture('doctorFixtures'), '--broken-auth'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const authUrl = await new Promise((ok) => authServer.stdout.on('data', (c) => /listening (\S+)/.test(String(c)) && ok(/listening (\S+)/.exec(String(c))[1])));
  demo = await startDemo({
    port: 0,
    log,
    settings: {
      'workbench.startupEditor': 'none',
      'mcpClient.servers': {
        tools: { command: process.execPath, args: [fixture('toolsFixture')] },
        'modern-tools': { command: process.execPath, args: [fixture('toolsFixture'), '--era=modern'] },
        weather: { command: process.execPath, args: [fixture('doctorFixtures'), '--banner'], autoStart: false },
        'issues-api': { url: authUrl, autoStart: false },
      },
    },
  });
  const opened = await openWorkbench(`${demo.url}/?folder=${encodeURI(workspace)}`, { width: 1500, height: 900 });
  browser = opened.browser;
  const { page } = opened;
  const input = page.locator('.quick-input-widget .quick-input-box input');
  const rows = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
  const widget = page.locator('.quick-input-widget');
  const pick = async (text) => {
    await input.waitFor({ state: 'visible', timeout: 30_000 });
    await input.fill(text);
    await rows.filter({ hasText: text }).first().waitFor({ state: 'visible', timeout: 60_000 });
    await rows.filter({ hasText: text }).first().click();
  };
  await page.locator('.monaco-workbench .part.statusbar .statusbar-item').filter({ hasText: /MCP 2\/4$/ }).first().waitFor({ state: 'visible', timeout: 120_000 });

  step = 'protocol';
  await runCommand(page, 'MCP Client: Show Protocol', { closes: false });
  await pick('modern-tools');
  await page.locator('.tabs-container .tab').filter({ hasText: 'Protocol: modern-tools' }).waitFor({ state: 'visible', timeout: 30_000 });
  await runCommand(page, 'MCP Client: Call Tool', { closes: false });
  await pick('ask_user_mrtr');
  await widget.filter({ hasText: "'modern-tools'" }).waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(outDir, 'workbench-protocol-input-required.png') });
  log('saved workbench-protocol-input-required.png');
  await pick('Respond');
  await widget.filter({ hasText: /email/i }).waitFor({ state: 'visible', timeout: 10_000 });
  await input.fill('ada@example.com');
  await page.keyboard.press('Enter');
  await page.locator('.monaco-workbench .tabs-container .tab').filter({ hasText: 'ask_user_mrtr' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('.tabs-container .tab').filter({ hasText: 'Protocol: modern-tools' }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(outDir, 'workbench-protocol-rounds.png') });
  log('saved workbench-protocol-rounds.png');

  // The result of that call, with Save as Test in its title bar.
  step = 'result';
  await page.locator('.tabs-container .tab').filter({ hasText: 'ask_user_mrtr' }).first().click();
  await page.locator('.editor-actions .action-label[aria-label^="Save as Test"]').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('.editor-actions .action-label[aria-label^="Save as Test"]').first().hover();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(outDir, 'workbench-save-as-test.png') });
  log('saved workbench-save-as-test.png');

  step = 'tests';
  await runCommand(page, 'View: Close All Editors');
  await page.keyboard.press('Control+P');
  await input.fill('weather.mcp-tests.json');
  await rows.filter({ hasText: 'weather.mcp-tests.json' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.press('Enter');
  await runCommand(page, 'Testing: Focus on Test Explorer View');
  await runCommand(page, 'Test: Run All Tests');
  // The run ends with one failure: expand the file in the Test Explorer, and open the failure's diff in Test Results.
  await page.locator('.monaco-workbench .part.sidebar').filter({ hasText: '2/3' }).waitFor({ state: 'visible', timeout: 60_000 });
  await page.locator('.monaco-workbench .part.sidebar .monaco-list-row').filter({ hasText: 'weather.mcp-tests.json' }).first().click();
  await page.keyboard.press('ArrowRight');
  const failure = page.locator('.monaco-workbench .part.panel .monaco-list-row').filter({ hasText: 'stats of three values' }).first();
  await failure.waitFor({ state: 'visible', timeout: 30_000 });
  await failure.click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: join(outDir, 'workbench-test-snapshot.png') });
  log('saved workbench-test-snapshot.png');

  await runCommand(page, 'View: Hide Panel');
  await runCommand(page, 'View: Close Primary Side Bar');
  // The report's top (every check and its result), then scrolled to the failed checks and what to do.
  for (const [server, file, scroll] of [['weather', 'workbench-doctor-banner.png', 900], ['issues-api', 'workbench-doctor-auth.png', 1150]]) {
    step = `doctor ${server}`;
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'MCP Client: Diagnose Server', { closes: false });
    await pick(server);
    await page.locator('.tabs-container .tab').filter({ hasText: 'diagnosis' }).first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForTimeout(2500);
    await page.screenshot({ path: join(outDir, file) });
    log(`saved ${file}`);
    await page.mouse.move(750, 500);
    await page.mouse.wheel(0, scroll);
    await page.waitForTimeout(1000);
    await page.screenshot({ path: join(outDir, file.replace('.png', '-detail.png')) });
    log(`saved ${file.replace('.png', '-detail.png')}`);
  }
} catch (error) {
  console.error(`screenshot-workbench: ${step}: ${error.message}`);
  if (browser) {
    const failed = join(outDir, `workbench-${step.replace(/\s+/g, '-')}-failed.png`);
    for (const p of browser.contexts().flatMap((c) => c.pages())) await p.screenshot({ path: failed }).catch(() => {});
    console.error(`screenshot-workbench: the page at the time of the failure: ${failed}`);
  }
  process.exitCode = 1;
} finally {
  await browser?.close().catch(() => {});
  await demo?.stop();
  authServer?.kill();
  rmSync(workspace, { recursive: true, force: true });
}
