// Drives "MCP Client: Run Prompt…" in a real VS Code as a person would (Playwright: F1, type, arrows,
// Enter) and saves screenshots for the README: `node scripts/screenshot-prompts.mjs [out-dir]`.
// Two user-level servers (no consent dialog): `notes` (the demo server) and `prompts` (the prompts
// fixture). Steps, each checked on screen before the next:
//   prompt-arguments.png  the argument step ("2/4") with the server's suggestions for what was typed
//   prompt-document.png   "Every content type" opened as a document: text, image, embedded resource
//   prompt-picker.png     the picker: the prompts just used first, one section per server
// Exits non-zero when a step does not appear. Look at the pictures before committing them.
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchCodeServer } from './host/codeServer.mjs';
import { build, openWorkbench, prepareExtensionsDir, ROOT, waitForStatusBar } from './host/demoHost.mjs';

const outDir = resolve(process.argv[2] ?? join(ROOT, 'docs', 'images'));
mkdirSync(outDir, { recursive: true });
const log = (text) => console.log(`screenshot-prompts: ${text}`);
const workspace = join(ROOT, 'test', 'fixtures', 'workspaces', 'host');
const settings = {
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.tips.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'mcpClient.servers': {
    notes: { command: process.execPath, args: [join(ROOT, 'dist', 'demo-server.js')] },
    prompts: { command: process.execPath, args: [join(ROOT, 'out', 'test', 'fixtures', 'servers', 'promptsFixture.js'), '--era=legacy'] },
  },
};

let server;
let browser;
let page;
let extensionsDir;
try {
  log('building (node esbuild.mjs --tests)…');
  build({ tests: true });
  extensionsDir = prepareExtensionsDir();
  server = await launchCodeServer({ extensionsDir, settings });
  ({ browser, page } = await openWorkbench(`${server.url}/?folder=${encodeURIComponent(workspace)}`, { width: 1400, height: 850 }));
  await waitForStatusBar(page, '2/2', 120_000);
  const quickInput = page.locator('.quick-input-widget');
  const input = quickInput.locator('.quick-input-box input');
  const row = (text) => quickInput.locator('.quick-input-list .monaco-list-row').filter({ hasText: text }).first();
  const runPrompt = async () => {
    await page.locator('.monaco-workbench .part.statusbar').click({ position: { x: 700, y: 10 } });
    await page.keyboard.press('F1');
    await input.fill('>MCP Client: Run Prompt');
    await row('MCP Client: Run Prompt').waitFor({ state: 'visible' });
    await page.keyboard.press('Enter');
    await quickInput.locator('.quick-input-title', { hasText: 'Run an MCP Prompt' }).waitFor({ state: 'visible' });
  };

  log('arguments with suggestions');
  await runPrompt();
  await input.fill('greeting');
  await row('Greeting').waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.press('Enter');
  await quickInput.locator('.quick-input-title', { hasText: 'Greeting (prompts) · name' }).waitFor({ state: 'visible' });
  await input.fill('A');
  await row('Alice').waitFor({ state: 'visible', timeout: 10_000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(outDir, 'prompt-arguments.png') });
  await row('Ada').click();
  await quickInput.locator('.quick-input-title', { hasText: 'style (optional)' }).waitFor({ state: 'visible' });
  await row('Skip').click();
  await row('Open as Document').click();
  await page.locator('.tabs-container .tab', { hasText: 'greet.md' }).waitFor({ state: 'visible', timeout: 30_000 });

  log('a prompt result as a document');
  await runPrompt();
  await input.fill('every content');
  await row('Every content type').waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.press('Enter');
  await row('Open as Document').click();
  const preview = page.frameLocator('iframe.webview').frameLocator('#active-frame');
  await page.locator('.tabs-container .tab', { hasText: 'everything.md' }).waitFor({ state: 'visible', timeout: 30_000 });
  await preview.locator('img[src^="data:image/png"]').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.mouse.move(1390, 500);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(outDir, 'prompt-document.png') });

  log('the prompt picker, with the prompts just used first');
  const started = Date.now();
  await runPrompt();
  await row('recently used').waitFor({ state: 'visible', timeout: 30_000 });
  log(`picker with prompts on screen ${Date.now() - started} ms after Enter on the command`);
  await row('Summarize notes').waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(outDir, 'prompt-picker.png') });
  await page.keyboard.press('Escape');

  log(`saved prompt-picker.png, prompt-arguments.png and prompt-document.png in ${outDir}`);
} catch (error) {
  console.error(`screenshot-prompts: ${error.message}`);
  if (page) await page.screenshot({ path: join(outDir, 'prompt-failed.png') }).catch(() => {});
  process.exitCode = 1;
} finally {
  await browser?.close().catch(() => {});
  await server?.stop();
  // Only symlinks to the repository's files: removing the folder leaves those alone.
  if (extensionsDir) rmSync(extensionsDir, { recursive: true, force: true });
}
