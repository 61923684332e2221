// The demo window, shared by scripts/demo.mjs (`npm start`) and scripts/screenshot.mjs: builds the extension
// and the demo server, installs this repository as an ordinary extension of a fresh code-server (see
// codeServer.mjs) and opens demo/workspace; plus the few Playwright steps both scripts use to drive it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchCodeServer } from './codeServer.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEMO_WORKSPACE = join(ROOT, 'demo', 'workspace');
export const DEFAULT_PORT = 8765;

// User settings of the demo window. The folder's README says what to try, so it opens instead of the Welcome
// page; the Chat view (secondary side bar) starts closed so the editor has room (its icon still opens it).
const DEMO_USER_SETTINGS = {
  'workbench.startupEditor': 'readme',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.tips.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  // The demo workspace lives inside this repository; VS Code would offer to open the repository around it.
  'git.openRepositoryInParentFolders': 'never',
};

/**
 * `node esbuild.mjs`: dist/extension.js and dist/demo-server.js (minified with `production`, as packaged);
 * with `tests`, also the compiled tests and fixtures in out/ (for scripts that use the fixtures).
 * Output is shown only when the build fails.
 */
export function build({ production = false, tests = false } = {}) {
  const args = ['esbuild.mjs', ...(production ? ['--production'] : []), ...(tests ? ['--tests'] : [])];
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`node esbuild.mjs failed (${result.error?.message ?? `exit code ${result.status}`})`);
  }
  for (const file of ['extension.js', 'demo-server.js']) {
    if (!existsSync(join(ROOT, 'dist', file))) throw new Error(`the build did not produce dist/${file}`);
  }
}

/**
 * A fresh extensions folder holding this repository as the installed extension `<publisher>.<name>-<version>`.
 *
 * Why this and not the alternatives:
 * - `extensionDevelopmentPath` (what the host tests use) needs code-server's smoke-test driver and a long URL
 *   payload, and titles the window "[Extension Development Host]": not what a user of the extension sees.
 * - `--install-extension <vsix>` needs `vsce package` first (slower, and a copy: a rebuild is not picked up).
 * - An extension folder in `--extensions-dir` is found by VS Code's scan of that folder (it writes its
 *   extensions.json from it on first start), loads like any installed extension, and costs nothing.
 * The extension's folder is a symlink to this repository, so `npm run watch` + "Developer: Reload Window"
 * picks up changes. Not a real folder of symlinks to the packaged files: VS Code tells which extension a
 * module belongs to by the module's real path, and files reached through linked entries resolve outside
 * such a folder, so the extension got VS Code's default API ("Null Extension Description" as the source of
 * its notifications). Uninstalling removes the link (VS Code moves the folder away and deletes it, and
 * deleting a symlink does not follow it).
 */
export function prepareExtensionsDir(extraExtensions = []) {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const dir = mkdtempSync(join(tmpdir(), 'mcp-client-demo-extensions-'));
  symlinkSync(ROOT, join(dir, `${manifest.publisher}.${manifest.name}-${manifest.version}`.toLowerCase()));
  // Other extensions to load beside it (the activation benchmark's baseline), linked whole.
  for (const path of extraExtensions) {
    const { publisher, name, version } = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8'));
    symlinkSync(resolve(path), join(dir, `${publisher}.${name}-${version}`.toLowerCase()));
  }
  return dir;
}

/** `preferred` when nothing listens on 127.0.0.1:`preferred`, else 0 (code-server then picks a free port). */
export function availablePort(preferred) {
  if (!preferred) return Promise.resolve(0);
  return new Promise((resolvePort) => {
    const probe = createServer();
    probe.once('error', () => resolvePort(0));
    probe.listen(preferred, '127.0.0.1', () => probe.close(() => resolvePort(preferred)));
  });
}

/**
 * Builds, then starts code-server with the extension installed. `settings` are added to the demo's user settings.
 * @param {{ port?: number, log?: (text: string) => void, production?: boolean, extraExtensions?: string[], settings?: object }} [options]
 * @returns {Promise<{ url: string, workspaceUrl: string, port: number, process: import('node:child_process').ChildProcess,
 *                     output: () => string, stop: () => Promise<void> }>}
 */
export async function startDemo({ port = DEFAULT_PORT, log = () => {}, production = false, extraExtensions = [], settings = {} } = {}) {
  log('Building the extension and the demo server (node esbuild.mjs)…');
  build({ production });
  log('Starting code-server (installed on first use, about 3 minutes, then cached)…');
  const extensionsDir = prepareExtensionsDir(extraExtensions);
  let server;
  try {
    const freePort = await availablePort(port);
    if (port && freePort !== port) log(`Port ${port} is taken; using a free one.`);
    server = await launchCodeServer({ extensionsDir, settings: { ...DEMO_USER_SETTINGS, ...settings }, port: freePort });
  } catch (error) {
    rmSync(extensionsDir, { recursive: true, force: true });
    throw error;
  }
  let stopped;
  return {
    url: server.url,
    // Slashes are fine unencoded in a query; keeping them makes the printed address readable.
    workspaceUrl: `${server.url}/?folder=${encodeURI(DEMO_WORKSPACE)}`,
    port: server.port,
    userDataDir: server.userDataDir,
    process: server.process,
    output: server.output,
    stop: () => (stopped ??= (async () => {
      await server.stop();
      // rm of the folder removes the symlinks, not what they point to.
      rmSync(extensionsDir, { recursive: true, force: true });
    })()),
  };
}

// ---- Driving the demo window with Playwright (screenshot.mjs, demo.mjs --measure) ----

/** Headless Debian Chromium on `url`; returns { browser, page } (navigation only committed, not loaded). */
export async function openWorkbench(url, { width = 1400, height = 850 } = {}) {
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_ARGS } = await import('./runHostTests.mjs');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(url, { waitUntil: 'commit' });
    return { browser, page };
  } catch (error) {
    await browser.close().catch(() => {});
    throw error;
  }
}

/** Waits for the extension's "Start the MCP server '<name>'?" dialog and clicks Allow. */
export async function allowServer(page, name = 'demo', timeout = 120_000) {
  const dialog = page.locator('.monaco-dialog-box').filter({ hasText: `Start the MCP server '${name}'` });
  await dialog.waitFor({ state: 'visible', timeout });
  await dialog.getByRole('button', { name: 'Allow', exact: true }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
}

/** Waits until the status bar item reads "MCP <text>", e.g. "1/1". */
export async function waitForStatusBar(page, text = '1/1', timeout = 60_000) {
  await page.locator('.monaco-workbench .part.statusbar .statusbar-item')
    .filter({ hasText: new RegExp(`MCP ${text.replace('/', '\\/')}$`) })
    .first().waitFor({ state: 'visible', timeout });
}

/**
 * Runs a command by its palette title, as a person would: focus the workbench, F1, type, Enter. Waits for
 * the palette to close unless `closes` is false (a command that asks with a quick input of its own).
 */
export async function runCommand(page, title, { closes = true } = {}) {
  await page.locator('.monaco-workbench .part.statusbar').click({ position: { x: 700, y: 10 } });
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-widget .quick-input-list .monaco-list-row').filter({ hasText: title }).first()
    .waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
  if (closes) await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

/** The row of server `name` in the Servers view (the view must be open). */
export function serverRow(page, name = 'demo') {
  return page.locator('.monaco-workbench .part.sidebar .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${name}$`) }) }).first();
}

/** Opens the Servers view ("MCP Client: Show Servers") and waits until `name`'s row says "running" (after any note such as "sandboxed"). */
export async function showRunningServer(page, name = 'demo', timeout = 60_000) {
  await runCommand(page, 'MCP Client: Show Servers');
  const row = serverRow(page, name);
  await row.locator('.label-description', { hasText: /(^|· )running\b/ }).waitFor({ state: 'visible', timeout });
  return row;
}
