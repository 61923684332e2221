// The catalog cache on screen: `node scripts/screenshot-catalog.mjs [out-dir]`. Two user-level servers,
// `notes` (the demo server) and `catalog` (the catalog fixture, which answers only once a gate file
// exists). The picker is opened once while both run (their prompts are kept), then `catalog` is restarted
// with the gate closed: it stays "starting", and the picker shows its prompt from the catalog store,
// marked cached, beside the live prompts of `notes`. Saves prompt-picker-cached.png. Exits non-zero when a step does not appear. Look at the pictures before committing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchCodeServer } from './host/codeServer.mjs';
import { build, openWorkbench, prepareExtensionsDir, ROOT, waitForStatusBar } from './host/demoHost.mjs';

const outDir = resolve(process.argv[2] ?? join(ROOT, 'docs', 'images'));
mkdirSync(outDir, { recursive: true });
const log = (text) => console.log(`screenshot-catalog: ${text}`);
const workspace = join(ROOT, 'test', 'fixtures', 'workspaces', 'host');
const gateDir = mkdtempSync(join(tmpdir(), 'mcp-catalog-shot-'));
const gate = join(gateDir, 'gate');
writeFileSync(gate, '');
const settings = {
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.tips.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'mcpClient.servers': {
    notes: { command: process.execPath, args: [join(ROOT, 'dist', 'demo-server.js')] },
    catalog: { command: process.execPath, args: [join(ROOT, 'out', 'test', 'fixtures', 'servers', 'catalogFixture.js'), `--gate=${gate}`] },
  },
};

let server;
let browser;
let page;
let extensionsDir;
try {
  build({ tests: true });
  extensionsDir = prepareExtensionsDir();
  server = await launchCodeServer({ extensionsDir, settings });
  ({ browser, page } = await openWorkbench(`${server.url}/?folder=${encodeURIComponent(workspace)}`, { width: 1400, height: 850 }));
  await waitForStatusBar(page, '2/2', 180_000);
  const quickInput = page.locator('.quick-input-widget');
  const input = quickInput.locator('.quick-input-box input');
  const row = (text) => quickInput.locator('.quick-input-list .monaco-list-row').filter({ hasText: text }).first();
  const palette = async (command) => {
    await page.locator('.monaco-workbench .part.statusbar').click({ position: { x: 700, y: 10 } });
    await page.keyboard.press('F1');
    await input.fill(`>${command}`);
    await row(command).waitFor({ state: 'visible' });
    await page.keyboard.press('Enter');
  };

  log('the picker once, while both servers run: their prompts are kept');
  await palette('MCP Client: Run Prompt');
  await row('Say hello').waitFor({ state: 'visible', timeout: 60_000 });
  await page.keyboard.press('Escape');

  log('catalog restarted with its gate closed: it does not answer');
  rmSync(gate);
  await palette('MCP Client: Restart Server');
  await row('catalog').waitFor({ state: 'visible' });
  await input.fill('catalog');
  await page.keyboard.press('Enter');
  await waitForStatusBar(page, '1/2', 60_000);

  await palette('MCP Client: Run Prompt');
  await row('(cached)').waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(outDir, 'prompt-picker-cached.png') });
  await page.keyboard.press('Escape');
  log(`saved prompt-picker-cached.png in ${outDir}`);
} catch (error) {
  console.error(`screenshot-catalog: ${error.message}`);
  if (page) await page.screenshot({ path: join(outDir, 'catalog-failed.png') }).catch(() => {});
  process.exitCode = 1;
} finally {
  writeFileSync(gate, '');
  await browser?.close().catch(() => {});
  await server?.stop();
  if (extensionsDir) rmSync(extensionsDir, { recursive: true, force: true });
  rmSync(gateDir, { recursive: true, force: true });
}
