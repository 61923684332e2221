// Drives "MCP Client: Browse Servers…" in a real VS Code as a person would (Playwright: F1, type, arrows,
// clicks) against the fixture registry (test/fixtures/registry: real server.json documents on 127.0.0.1)
// and saves screenshots for the README: `node scripts/screenshot-registry.mjs [out-dir]`.
// The workspace is inside this repository, so the installed `npx -y @modelcontextprotocol/server-everything@…`
// finds the package in the repository's node_modules and runs offline. Steps, each checked on screen:
//   registry-browse.png    the Browse list: title, name · version, description, how it runs, secrets, buttons
//   registry-secret.png    installing Brave Search: its API key asked in a masked box (then cancelled)
//   registry-install.png   installing Server Everything: the last step, showing what runs and where it goes
//   registry-running.png   after Enter: the server running in the Servers view, its tools and prompts announced
//   registry-update.png    a newer version published, Check for Server Updates: the node says so, with Update
// Exits non-zero when a step does not appear. Look at the pictures before committing them.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { launchCodeServer } from './host/codeServer.mjs';
import { build, openWorkbench, prepareExtensionsDir, ROOT, runCommand, serverRow } from './host/demoHost.mjs';

const outDir = resolve(process.argv[2] ?? join(ROOT, 'docs', 'images'));
mkdirSync(outDir, { recursive: true });
const log = (text) => console.log(`screenshot-registry: ${text}`);
const workspace = join(ROOT, 'test', 'fixtures', 'workspaces', 'host');

let registry;
let server;
let browser;
let page;
let extensionsDir;
try {
  log('building (node esbuild.mjs --tests)…');
  build({ tests: true });
  const { startRegistryFixture } = createRequire(import.meta.url)(join(ROOT, 'out', 'test', 'fixtures', 'registry', 'registryFixture.js'));
  registry = await startRegistryFixture({ pageSize: 10 });
  log(`fixture registry at ${registry.url}`);
  extensionsDir = prepareExtensionsDir();
  server = await launchCodeServer({
    extensionsDir,
    settings: {
      'workbench.startupEditor': 'none',
      'workbench.secondarySideBar.defaultVisibility': 'hidden',
      'workbench.tips.enabled': false,
      'telemetry.telemetryLevel': 'off',
      'mcpClient.registry.url': registry.url,
      // The workspace lives inside this repository; VS Code would offer to open the repository around it.
      'git.openRepositoryInParentFolders': 'never',
    },
  });
  ({ browser, page } = await openWorkbench(`${server.url}/?folder=${encodeURIComponent(workspace)}`, { width: 1400, height: 850 }));
  const quickInput = page.locator('.quick-input-widget');
  const input = quickInput.locator('.quick-input-box input');
  const row = (text) => quickInput.locator('.quick-input-list .monaco-list-row').filter({ hasText: text }).first();
  const browse = async () => {
    await runCommand(page, 'MCP Client: Browse Servers…', { closes: false }).catch(async () => {
      await page.keyboard.press('Escape');
      await runCommand(page, 'MCP Client: Browse Servers…', { closes: false });
    });
    await quickInput.locator('.quick-input-title', { hasText: 'MCP Servers in' }).waitFor({ state: 'visible', timeout: 60_000 });
  };

  log('the Browse list');
  // The extension activates after startup: its container appears in the activity bar.
  await page.locator('.monaco-workbench .activitybar .action-item .action-label[aria-label^="MCP"]').first().waitFor({ state: 'visible', timeout: 120_000 });
  await runCommand(page, 'MCP Client: Show Servers');
  // A wider side bar, so that a server's description (state, update) reads in full: drag its edge.
  const sideBar = await page.locator('.monaco-workbench .part.sidebar').boundingBox();
  await page.mouse.move(sideBar.x + sideBar.width + 1, sideBar.y + sideBar.height / 2);
  await page.mouse.down();
  await page.mouse.move(sideBar.x + sideBar.width + 180, sideBar.y + sideBar.height / 2, { steps: 8 });
  await page.mouse.up();
  await browse();
  await row('Airtable MCP Server').waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(800);
  // The list and the side bar beside it; the empty editor area below adds nothing.
  const list = await quickInput.boundingBox();
  await page.screenshot({ path: join(outDir, 'registry-browse.png'), clip: { x: 0, y: 0, width: list.x + list.width + 20, height: list.y + list.height + 20 } });

  log('searching, then a server that needs a secret');
  await input.fill('brave');
  await row('Brave Search MCP Server').waitFor({ state: 'visible', timeout: 30_000 });
  await quickInput.locator('.quick-input-list .monaco-list-row', { hasText: 'Context7' }).waitFor({ state: 'detached', timeout: 30_000 });
  await page.keyboard.press('Enter');
  await row('Install…').waitFor({ state: 'visible', timeout: 10_000 });
  await page.keyboard.press('Enter');
  await quickInput.locator('.quick-input-message', { hasText: 'BRAVE_API_KEY' }).waitFor({ state: 'visible', timeout: 10_000 });
  await input.fill('BSA-not-a-real-key');
  await page.waitForTimeout(500);
  const widget = await quickInput.boundingBox();
  await page.screenshot({ path: join(outDir, 'registry-secret.png'), clip: { x: widget.x - 10, y: 0, width: widget.width + 20, height: widget.y + widget.height + 10 } });
  await page.keyboard.press('Escape');
  await quickInput.waitFor({ state: 'hidden' });

  log('installing Server Everything');
  await browse();
  await input.fill('everything');
  await row('Server Everything').waitFor({ state: 'visible', timeout: 30_000 });
  await quickInput.locator('.quick-input-list .monaco-list-row', { hasText: 'Airtable' }).waitFor({ state: 'detached', timeout: 30_000 });
  // The row's cloud button: Install.
  await row('Server Everything').hover();
  await row('Server Everything').locator('.action-label.codicon-cloud-download').click();
  await row('User Settings').waitFor({ state: 'visible', timeout: 10_000 });
  await page.waitForTimeout(500);
  const last = await quickInput.boundingBox();
  await page.screenshot({ path: join(outDir, 'registry-install.png'), clip: { x: last.x - 10, y: 0, width: last.width + 20, height: last.y + last.height + 10 } });
  await page.keyboard.press('Enter');
  const note = page.locator('.notifications-toasts .notification-toast', { hasText: "'everything' is running with" });
  await note.waitFor({ state: 'visible', timeout: 120_000 });
  await serverRow(page, 'everything').locator('.label-description', { hasText: /^running\b/ }).waitFor({ state: 'visible', timeout: 10_000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(outDir, 'registry-running.png') });
  await note.locator('.codicon-notifications-clear').click().catch(() => {});

  log('a newer version is published');
  const everything = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'registry', 'servers', 'everything.json'), 'utf8'));
  registry.publish(JSON.parse(JSON.stringify(everything).replaceAll('2026.8.31', '2026.9.1')));
  await runCommand(page, 'MCP Client: Check for Server Updates');
  await serverRow(page, 'everything').locator('.label-description', { hasText: 'update 2026.9.1' }).waitFor({ state: 'visible', timeout: 30_000 });
  // Hovered, its inline actions show (Update first); the shot is taken before the tooltip opens.
  await serverRow(page, 'everything').hover();
  await page.waitForTimeout(150);
  const rowBox = await serverRow(page, 'everything').boundingBox();
  await page.screenshot({ path: join(outDir, 'registry-update.png'), clip: { x: 0, y: 0, width: rowBox.x + rowBox.width + 10, height: rowBox.y + rowBox.height + 40 } });

  log(`saved registry-browse.png, registry-secret.png, registry-install.png, registry-running.png and registry-update.png in ${outDir}`);
} catch (error) {
  console.error(`screenshot-registry: ${error.message}`);
  if (page) await page.screenshot({ path: join(outDir, 'registry-failed.png') }).catch(() => {});
  process.exitCode = 1;
} finally {
  await browser?.close().catch(() => {});
  await server?.stop();
  await registry?.close();
  // Only symlinks to the repository's files: removing the folder leaves those alone.
  if (extensionsDir) rmSync(extensionsDir, { recursive: true, force: true });
}
