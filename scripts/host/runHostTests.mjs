// Runs extension tests inside a real VS Code: code-server serves the workbench, headless Chromium opens it
// with the extension-development payload, and the workbench reports the extension host's exit through
// window.codeAutomationExit (exposed only when code-server runs with enable-smoke-test-driver).
//
// CLI: node scripts/host/runHostTests.mjs [--extension .] [--tests out/test/host/index.js]
//        [--workspace test/fixtures/workspaces/host] [--settings user-settings.json] [--screenshot shot.png]
//        [--logs dir] [--timeout 600000]
// For this repository's own suites use `node scripts/test.mjs --host`: it builds and supplies the settings they need.
import { chromium } from 'playwright-core';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, parseArgs } from 'node:util';
import { launchCodeServer } from './codeServer.mjs';
import { installFrameDiagnostics, startUiDriver } from './uiDriver.mjs';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const RESULT_LINE = /HOST-TEST-RESULT (\{.*\})/;
// The workbench's own log arrives through the same channel as the extension host's console. These are the
// known, harmless messages of an offline code-server (and errors whose stack is inside the workbench, such as
// the failed open-vsx.org query); they are hidden unless MCP_CLIENT_HOST_VERBOSE=1.
const WORKBENCH_NOISE = new RegExp([
  /^\[(AgentHost[^\]]*|ChatModelSelection|AccountPolicyGate|Service Worker|reconnection-grace-time)\]/,
  /^\[lifecycle\] /, /^(Resolving|Resolved) connection token|^Creating a socket|^Updating additional builtin extensions cache/,
  /^Creation of workbench contribution|\/static\/out\/vs\//,
].map((re) => re.source).join('|'));

/**
 * @param {{ extensionPath: string, extraExtensionPaths?: string[], extensionsDir?: string, testsPath: string, workspace: string, settings?: object,
 *           env?: Record<string,string>, timeoutMs?: number, screenshotPath?: string, logsDir?: string,
 *           disableWorkspaceTrust?: boolean, log?: (text: string) => void, verbose?: boolean }} options
 * @returns {Promise<{ exitCode: number, passed: number, failed: number, skipped: number, failures: string[] }>}
 */
export async function runHostTests({
  extensionPath, extraExtensionPaths = [], extensionsDir: installedDir, testsPath, workspace, settings = {}, env = {}, timeoutMs = 10 * 60_000,
  screenshotPath, logsDir, disableWorkspaceTrust = true, log = (text) => console.log(text),
  verbose = process.env.MCP_CLIENT_HOST_VERBOSE === '1',
}) {
  const recent = []; // the last lines shown, repeated when the run times out
  const remember = (line) => { recent.push(line); if (recent.length > 60) recent.shift(); };
  let counts;
  let shot; // the screenshot being taken, if any
  let server;
  let browser;
  let extensionsDir;
  let page;
  let driver;
  try {
    // Host tests that act on the UI as a person would (click inside an MCP App, a dialog's button) ask
    // this endpoint, which drives the page below with Playwright (uiDriver.mjs).
    driver = await startUiDriver(() => page, logsDir && join(logsDir, 'ui-driver-failure.png'));
    // Test-only extensions (a language model for the chat tests) are installed, not developed: the
    // workbench keeps only the last extensionDevelopmentPath of its payload.
    extensionsDir = installedDir ?? (extraExtensionPaths.length ? mkdtempSync(join(tmpdir(), 'mcp-client-host-extensions-')) : undefined);
    if (extensionsDir) copyExtensions(extraExtensionPaths, extensionsDir);
    server = await launchCodeServer({ settings, env: { ...env, MCP_CLIENT_UI_DRIVER: driver.url }, disableWorkspaceTrust, extensionsDir, testDriver: true });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('pageerror', (error) => remember(`[page error] ${error.message}`));
    await installFrameDiagnostics(page);

    let reportExit;
    const exited = new Promise((r) => { reportExit = r; });
    // Both functions must exist before the workbench loads: it looks them up on window when it needs them.
    await page.exposeFunction('codeAutomationLog', (level, args) => {
      // The extension host's console arguments arrive unformatted, as a list: format them as Node's console would.
      const text = format(...(Array.isArray(args) ? args : [args]));
      const match = RESULT_LINE.exec(text);
      if (match) {
        counts = JSON.parse(match[1]);
        // Now, not at exit: by then the extension host has stopped and its contributions are gone from the UI.
        if (screenshotPath) shot ??= screenshot(page, screenshotPath).catch(() => {});
      }
      if (!verbose && WORKBENCH_NOISE.test(text)) return;
      log(text);
      for (const line of text.split('\n')) remember(line);
    });
    await page.exposeFunction('codeAutomationExit', async (code, logs) => {
      if (screenshotPath) await (shot ??= screenshot(page, screenshotPath).catch(() => {}));
      if (logsDir) saveLogs(logsDir, logs);
      reportExit(code);
    });

    const remote = (path) => `vscode-remote://${server.host}:${server.port}${resolve(path)}`;
    const payload = [['extensionDevelopmentPath', remote(extensionPath)], ['extensionTestsPath', remote(testsPath)],
      ['skipWelcome', 'true']];
    const target = resolve(workspace).endsWith('.code-workspace') ? 'workspace' : 'folder';
    // 'commit': the workbench keeps loading for seconds; the exit/timeout race below covers the rest.
    await page.goto(`${server.url}/?${target}=${encodeURIComponent(resolve(workspace))}` +
      `&payload=${encodeURIComponent(JSON.stringify(payload))}`, { waitUntil: 'commit' });

    let timer;
    const timedOut = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(
      `Host tests did not finish within ${timeoutMs / 1000} s. Last output:\n${recent.join('\n')}`)), timeoutMs); });
    try {
      const exitCode = await Promise.race([exited, timedOut]);
      // No result line means the tests never ran to the end (load error, crash): count that as a failure.
      const { passed = 0, failed = 0, skipped = 0, failures = [] } = counts ?? {};
      if (exitCode !== 0 && failed === 0) {
        return { exitCode, passed, failed: 1, skipped, failures: [`the extension host exited with ${exitCode} before reporting a failure`] };
      }
      return { exitCode, passed, failed, skipped, failures };
    } catch (error) {
      if (screenshotPath) await screenshot(page, screenshotPath).catch(() => {});
      throw error;
    } finally {
      clearTimeout(timer);
    }
  } finally {
    await browser?.close().catch(() => {});
    await driver?.close();
    await server?.stop();
    if (extensionsDir && !installedDir) rmSync(extensionsDir, { recursive: true, force: true });
  }
}

/** Copies each extension into `dir` as `<publisher>.<name>-<version>`, where VS Code's scan finds it. */
function copyExtensions(paths, dir) {
  for (const path of paths) {
    const { publisher, name, version } = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8'));
    cpSync(path, join(dir, `${publisher}.${name}-${version}`.toLowerCase()), { recursive: true });
  }
}

async function screenshot(page, path) {
  mkdirSync(dirname(resolve(path)), { recursive: true });
  await page.screenshot({ path });
}

/** Writes the workbench's log files (handed over with the exit code) for a post-mortem. */
function saveLogs(dir, logs) {
  for (const { relativePath, contents } of logs ?? []) {
    const file = join(dir, relativePath);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, contents);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const { values } = parseArgs({ options: {
    extension: { type: 'string', default: root },
    tests: { type: 'string', default: join(root, 'out', 'test', 'host', 'index.js') },
    workspace: { type: 'string', default: join(root, 'test', 'fixtures', 'workspaces', 'host') },
    settings: { type: 'string' },
    screenshot: { type: 'string' },
    logs: { type: 'string' },
    timeout: { type: 'string', default: String(10 * 60_000) },
  } });
  runHostTests({
    extensionPath: values.extension, testsPath: values.tests, workspace: values.workspace,
    settings: values.settings ? JSON.parse(readFileSync(values.settings, 'utf8')) : {},
    screenshotPath: values.screenshot, logsDir: values.logs, timeoutMs: Number(values.timeout),
  }).then((result) => {
    console.log(`host: ${result.passed} passed, ${result.failed} failed (exit code ${result.exitCode})`);
    process.exitCode = result.exitCode === 0 && result.failed === 0 ? 0 : 1;
  }, (error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
