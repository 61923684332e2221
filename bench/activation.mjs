// Activation as VS Code counts it (code loading + the activate() call): starts the demo (code-server
// with the production bundle) next to a baseline extension whose activate() is empty and that activates
// the same way (onStartupFinished), opens it in headless Chromium, and reads both rows of "Developer:
// Show Running Extensions". Startup is a busy moment in the extension host, so VS Code's figure moves
// with the machine; the baseline, measured in the same window, shows how much of it is ours.
// Usage: node bench/activation.mjs [runs=3]
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { allowServer, openWorkbench, ROOT, runCommand, startDemo, waitForStatusBar } from '../scripts/host/demoHost.mjs';

const BASELINE = join(ROOT, 'bench', 'baseline-extension');
const runs = Number(process.argv[2] ?? 3);
const ours = [];
const baseline = [];

/** The "Activation: N ms" figure of one extension's row (the list renders only the rows in view). */
async function activationOf(page, displayName) {
  const list = page.locator('.runtime-extensions-editor .monaco-list');
  const time = page.locator('.runtime-extensions-editor .monaco-list-row').filter({ hasText: displayName }).first().locator('.activation-time');
  await list.locator('.monaco-list-row').first().click();
  await page.keyboard.press('Home');
  for (let i = 0; i < 20 && !(await time.isVisible()); i++) await page.keyboard.press('PageDown');
  return Number(/([\d.]+)\s*ms/.exec(await time.innerText({ timeout: 10_000 }))?.[1]);
}

for (let i = 0; i < runs; i++) {
  const demo = await startDemo({ port: 0, production: true, extraExtensions: [BASELINE] });
  const { browser, page } = await openWorkbench(demo.workspaceUrl);
  try {
    await allowServer(page);
    await waitForStatusBar(page, '1/1');
    await runCommand(page, 'Developer: Show Running Extensions');
    await page.locator('.runtime-extensions-editor .monaco-list').waitFor({ state: 'visible', timeout: 30_000 });
    ours.push(await activationOf(page, 'MCP Client'));
    baseline.push(await activationOf(page, 'Activation Baseline'));
    console.log(`run ${i + 1}: MCP Client ${ours.at(-1)} ms, empty baseline ${baseline.at(-1)} ms`);
  } finally {
    await browser.close().catch(() => {});
    await demo.stop();
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`activation (VS Code's figure): median ${median(ours)} ms over ${ours.length} runs; empty baseline ${median(baseline)} ms`);
console.log(`dist/extension.js: ${(statSync(join(ROOT, 'dist', 'extension.js')).size / 1024).toFixed(0)} KB`);
