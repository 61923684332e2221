// Activation as VS Code counts it: starts the demo (code-server + the built extension), opens it in
// headless Chromium, and reads the extension's row in "Developer: Show Running Extensions", whose
// figure is VS Code's own (code loading + the activate() call). Also reports the bundle size.
// Usage: node bench/activation.mjs [runs=3]
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { allowServer, openWorkbench, ROOT, runCommand, startDemo, waitForStatusBar } from '../scripts/host/demoHost.mjs';

const runs = Number(process.argv[2] ?? 3);
const figures = [];
for (let i = 0; i < runs; i++) {
  // The production (minified) bundle: what the .vsix ships.
  const demo = await startDemo({ port: 0, production: true });
  const { browser, page } = await openWorkbench(demo.workspaceUrl);
  try {
    await allowServer(page);
    await waitForStatusBar(page, '1/1');
    await runCommand(page, 'Developer: Show Running Extensions');
    const list = page.locator('.runtime-extensions-editor .monaco-list');
    await list.waitFor({ state: 'visible', timeout: 30_000 });
    // The list is sorted slowest first and renders only the rows in view: page down until ours shows.
    const row = page.locator('.runtime-extensions-editor .monaco-list-row').filter({ hasText: 'MCP Client' }).first();
    const time = row.locator('.activation-time');
    await list.locator('.monaco-list-row').first().click();
    for (let i = 0; i < 20 && !(await time.isVisible()); i++) await page.keyboard.press('PageDown');
    await time.waitFor({ state: 'visible', timeout: 10_000 });
    const text = (await time.innerText()).trim();
    figures.push(text);
    console.log(`run ${i + 1}: ${text}`);
  } finally {
    await browser.close().catch(() => {});
    await demo.stop();
  }
}
const ms = figures.map((f) => Number(/([\d.]+)\s*ms/.exec(f)?.[1])).filter((n) => !Number.isNaN(n));
if (ms.length) console.log(`activation (VS Code's figure): median ${ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)]} ms over ${ms.length} runs`);
console.log(`dist/extension.js: ${(statSync(join(ROOT, 'dist', 'extension.js')).size / 1024).toFixed(0)} KB`);
