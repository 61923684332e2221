// The one test entry point: `npm test` (everything), `npm run test:unit` (--unit), `npm run test:host` (--host),
// `npm run test:conformance` (--conformance: the official MCP conformance suite's client scenarios),
// `npm run test:matrix` (--matrix: the compatibility matrix of public MCP servers, scripts/matrix/).
// Builds, runs the unit tests in this process (plain Node), then the host tests inside a real VS Code
// (code-server + headless Chromium, see scripts/host/), and ends with one line: `N passed, N failed[, N skipped]`.
// Options: --screenshot <png> (workbench screenshot at the end of the host run).
// Runs on the system Node (20); code-server and the conformance suites run on the Node 24 that
// scripts/host/setupHost.mjs installs (once, into MCP_CLIENT_CACHE) before the parts that need them.
import './host/nodeVersion.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Mocha from 'mocha';
import { installVsix } from './host/codeServer.mjs';
import { toolchain } from './host/setupHost.mjs';
import { runHostTests } from './host/runHostTests.mjs';
import { runConformance } from '../test/conformance/run.mjs';
import { runMatrix } from './matrix/runMatrix.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
// Killed (a timeout, Ctrl+C): exit through 'exit', whose handlers end code-server and the matrix's HTTP
// servers (process groups of their own, which a signal to this process does not reach).
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) process.once(signal, () => process.exit(code));
const { values: flags } = parseArgs({ options: {
  unit: { type: 'boolean', default: false },
  conformance: { type: 'boolean', default: false },
  host: { type: 'boolean', default: false },
  vsix: { type: 'boolean', default: false },
  matrix: { type: 'boolean', default: false },
  screenshot: { type: 'string' },
} });
const runAll = !flags.unit && !flags.host && !flags.vsix && !flags.conformance && !flags.matrix;
const totals = { passed: 0, failed: 0, skipped: 0 };
// Every failure's title and first line, repeated just above the last line: a long run's log may be cut
// from the top, and the failing test must still be named.
const failures = [];
const firstLine = (error) => String(error?.message ?? error).split('\n')[0];

function testFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.js') ? [file] : [];
  }).sort();
}

async function unitTests() {
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', timeout: 20_000 });
  for (const file of testFiles(join(root, 'out', 'test', 'unit'))) mocha.addFile(file);
  await mocha.loadFilesAsync();
  const failed = [];
  const stats = await new Promise((resolveStats) => {
    const runner = mocha.run(() => resolveStats(runner.stats));
    runner.on('fail', (test, error) => failed.push(`${test.fullTitle()}: ${firstLine(error)}`));
  });
  return { passed: stats.passes, failed: stats.failures, skipped: stats.pending, failures: failed };
}

const fixtures = join(root, 'out', 'test', 'fixtures');
const TEST_LM = join(root, 'test', 'fixtures', 'extensions', 'test-lm');

/** The host suites' shared options: tests, workspace, and the user settings they expect. */
function hostOptions(logsDir) {
  return {
    testsPath: join(root, 'out', 'test', 'host', 'index.js'),
    workspace: join(root, 'test', 'fixtures', 'workspaces', 'host'),
    // User settings the host suites expect (test/host/servers/servers.test.ts): a stdio fixture server that
    // negotiates the 2025 revision (legacy era: `initialize` only) and an invalid entry beside it.
    // The fixture runs on this Node, not on code-server's Node 24.
    settings: {
      'mcpClient.servers': {
        fixture: { command: process.execPath, args: [join(fixtures, 'servers', 'fixtureServer.js'), '--era=legacy'] },
        broken: { url: 'not-a-url' },
        // test/host/resources/: 10,000 resources in pages of 100, text, image, live, templates (2026-07-28).
        resources: { command: process.execPath, args: [join(fixtures, 'servers', 'resourcesFixture.js'), '--resources=10000', '--page=100'] },
        // test/host/prompts/, chat/: prompts over three pages, every content type, completions (2025 revision).
        prompts: { command: process.execPath, args: [join(fixtures, 'servers', 'promptsFixture.js'), '--era=legacy'] },
        // test/host/tools/, sampling/, elicitation/: tools, sampling and elicitation (2025 revision).
        tools: { command: process.execPath, args: [join(fixtures, 'servers', 'toolsFixture.js')] },
        // The public reference server: its sampling, elicitation and long-running tools (test/host/tools/serverEverything.test.ts).
        everything: { command: process.execPath, args: [join(root, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js'), 'stdio'] },
        // test/host/apps*.test.ts: MCP Apps, two public example servers and the apps fixture (app-only and
        // model-only tools, a declared CSP domain, permissions).
        basic: { command: process.execPath, args: [join(root, 'node_modules', '@modelcontextprotocol', 'server-basic-vanillajs', 'dist', 'index.js'), '--stdio'] },
        budget: { command: process.execPath, args: [join(root, 'node_modules', '@modelcontextprotocol', 'server-budget-allocator', 'dist', 'index.js'), '--stdio'] },
        apps: { command: process.execPath, args: [join(fixtures, 'servers', 'appsFixture.js')] },
        // test/host/apps/publicApps.test.ts (issue 25): three more official example apps from npm, the PDF
        // viewer (a worker; tools only apps call; a server that ignores stdin closing) given one local file,
        // the system monitor (prefers-color-scheme; a poll only apps call) and sheet music (a multi-line default).
        pdf: { command: process.execPath, args: [join(root, 'node_modules', '@modelcontextprotocol', 'server-pdf', 'dist', 'index.js'), '--stdio', join(root, 'test', 'fixtures', 'files', 'hello.pdf')] },
        'system-monitor': { command: process.execPath, args: [join(root, 'node_modules', '@modelcontextprotocol', 'server-system-monitor', 'dist', 'index.js'), '--stdio'] },
        'sheet-music': { command: process.execPath, args: [join(root, 'node_modules', '@modelcontextprotocol', 'server-sheet-music', 'dist', 'index.js'), '--stdio'] },
        // test/host/tasks/: a tool run as a task, on 2025-11-25 (core tasks) and 2026-07-28 (the tasks extension).
        tasks: { command: process.execPath, args: [join(fixtures, 'servers', 'tasksFixture.js')] },
        'tasks-2026': { command: process.execPath, args: [join(fixtures, 'servers', 'tasksFixture.js'), '--era=modern'] },
        // test/host/tasks/serverTasks.test.ts: a server that asks the client for sampling and elicitation as tasks (2025-11-25).
        'client-tasks': { command: process.execPath, args: [join(fixtures, 'servers', 'clientTasksFixture.js')] },
        // test/host/skills/: skills (SEP-2640), one intact, one with a file whose digest does not match, one impostor.
        skills: { command: process.execPath, args: [join(fixtures, 'servers', 'skillsFixture.js')] },
      },
    },
    // For suites that start other fixtures themselves (the extension host inherits code-server's env).
    // MCP_CLIENT_TEST_HOOKS: the extension registers its test hooks (src/activation/testHooks.ts), through
    // which the host tests read what the views show and answer the extension's dialogs.
    // MCP_CLIENT_HOST_GREP: run only the host tests whose title matches (while working on one feature).
    env: { MCP_CLIENT_FIXTURES: fixtures, MCP_CLIENT_TEST_HOOKS: '1', ...(process.env.MCP_CLIENT_HOST_GREP ? { MCP_CLIENT_HOST_GREP: process.env.MCP_CLIENT_HOST_GREP } : {}) },
    screenshotPath: flags.screenshot,
    logsDir,
  };
}

function freshLogsDir(name) {
  const logsDir = join(root, '.test-host', name);
  rmSync(logsDir, { recursive: true, force: true });
  return logsDir;
}

/** The extension from this repository (extensionDevelopmentPath), plus the test-only language model. */
async function hostTests() {
  const logsDir = freshLogsDir('logs');
  const result = await runHostTests({ ...hostOptions(logsDir), extensionPath: root, extraExtensionPaths: [TEST_LM] });
  if (result.exitCode !== 0) console.log(`host: extension host exited with ${result.exitCode}; VS Code's logs are in ${logsDir}`);
  return result;
}

/**
 * A window reload in the middle of a test (test/host-reload/): a task started before "Developer: Reload
 * Window" is found again after it. Its server is the tasks fixture over HTTP, started here, outside the
 * window, so that it (and its task) outlives the reload as a remote server would.
 */
async function reloadHostTests() {
  if (process.env.MCP_CLIENT_HOST_GREP && !/reload/i.test(process.env.MCP_CLIENT_HOST_GREP)) return { passed: 0, failed: 0, skipped: 0 };
  const work = mkdtempSync(join(tmpdir(), 'mcp-client-reload-'));
  const server = spawn(process.execPath, [join(fixtures, 'servers', 'tasksFixture.js'), '--http'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise((resolveUrl, reject) => {
      server.stdout.on('data', (chunk) => {
        const match = /listening (\S+)/.exec(String(chunk));
        if (match) resolveUrl(match[1]);
      });
      server.once('exit', (code) => reject(new Error(`the HTTP tasks fixture exited with ${code}`)));
    });
    const logsDir = freshLogsDir('logs-reload');
    const options = hostOptions(logsDir);
    const result = await runHostTests({
      ...options,
      testsPath: join(root, 'out', 'test', 'host-reload', 'index.js'),
      settings: {
        'mcpClient.servers': {
          'tasks-http': { url },
          // Issue 25: a result tab restored after the reload (tools), a server that ignores stdin closing
          // gone with its window (pdf, after display_pdf), and a crash told once, not again after the reload.
          tools: { command: process.execPath, args: [join(fixtures, 'servers', 'toolsFixture.js')] },
          pdf: { command: process.execPath, args: [join(root, 'node_modules', '@modelcontextprotocol', 'server-pdf', 'dist', 'index.js'), '--stdio', join(root, 'test', 'fixtures', 'files', 'hello.pdf')] },
          crashy: { command: process.execPath, args: ['-e', "console.error('This server needs the API_TOKEN environment variable'); process.exit(1)"] },
        },
      },
      env: { ...options.env, MCP_CLIENT_RELOAD_MARKER: join(work, 'reloaded.json') },
      extensionPath: root,
    });
    if (result.exitCode !== 0) console.log(`host (window reload): extension host exited with ${result.exitCode}; VS Code's logs are in ${logsDir}`);
    return result;
  } finally {
    server.kill();
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The same suites against the packaged extension: `npm run package`'s .vsix, installed with
 * code-server's --install-extension, so that a file missing from the package fails here. The test-only
 * language model extension is the development extension this time (a test run needs one).
 */
async function vsixHostTests() {
  const work = mkdtempSync(join(tmpdir(), 'mcp-client-vsix-'));
  try {
    const vsix = join(work, 'mcp-client.vsix');
    for (const [command, args] of [
      [process.execPath, ['esbuild.mjs', '--production']],
      [process.execPath, [join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--no-rewrite-relative-links', '--out', vsix]],
    ]) {
      const run = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`${args.join(' ')} failed:\n${run.stdout}${run.stderr}`);
    }
    const extensionsDir = join(work, 'extensions');
    mkdirSync(extensionsDir);
    await installVsix(vsix, extensionsDir);
    const logsDir = freshLogsDir('logs-vsix');
    const options = hostOptions(logsDir);
    const result = await runHostTests({ ...options, env: { ...options.env, MCP_CLIENT_HOST_MODE: 'vsix' }, extensionPath: TEST_LM, extensionsDir });
    if (result.exitCode !== 0) console.log(`host (.vsix): extension host exited with ${result.exitCode}; VS Code's logs are in ${logsDir}`);
    return result;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Runs one part; a part that crashes counts as (at least) one failure, and the other parts still run. */
async function part(name, run) {
  console.log(`\n=== ${name} ===`);
  try {
    const { passed, failed, skipped, failures: named = [] } = await run();
    Object.assign(totals, { passed: totals.passed + passed, failed: totals.failed + failed, skipped: totals.skipped + skipped });
    failures.push(...named.map((title) => `${name}: ${title}`));
  } catch (error) {
    console.error(`${name} crashed: ${error?.name === 'SetupError' ? error.message : (error?.stack ?? error)}`);
    totals.failed += 1;
    failures.push(`${name}: crashed: ${firstLine(error)}`);
  }
}

const build = spawnSync(process.execPath, ['esbuild.mjs', '--tests'], { stdio: 'inherit' });
if (build.status !== 0) {
  console.error('build failed (node esbuild.mjs --tests)');
  totals.failed += 1;
  failures.push('build failed (node esbuild.mjs --tests)');
} else {
  if (runAll || flags.unit) await part('unit tests', unitTests);
  // The parts below need the toolchain. It is set up once, as a part of its own, so that a failing step
  // is reported once, with its name, its installer's last lines and what to do.
  const needsToolchain = [
    // The official MCP conformance suite: one count per client scenario (test/conformance/).
    // Both the stable release and the newest one (pinned in test/conformance/suites/package.json).
    [runAll || flags.conformance, 'MCP conformance suite 0.1.16 (client scenarios)', () => runConformance({ version: 'stable' })],
    [runAll || flags.conformance, 'MCP conformance suite 0.2.0-alpha.12 (client scenarios)', () => runConformance({ version: 'next' })],
    [runAll || flags.host, 'host tests (code-server, extension from this folder)', hostTests],
    [runAll || flags.host, 'host tests (a window reload)', reloadHostTests],
    [runAll || flags.vsix, 'host tests (code-server, extension installed from the .vsix)', vsixHostTests],
    // Public MCP servers from npm and servers on the Python SDK, in one window; one count per server
    // (scripts/matrix/runMatrix.mjs; it writes docs/compatibility.md).
    [runAll || flags.matrix, 'compatibility matrix (public MCP servers, code-server)', () => runMatrix()],
  ].filter(([wanted]) => wanted);
  let ready = needsToolchain.length === 0;
  if (!ready) {
    await part('toolchain (Chromium, Node 24, code-server, conformance suites)', async () => {
      const paths = await toolchain({ conformance: runAll || flags.conformance });
      console.log(`Node 24: ${paths.node24}\ncode-server: ${paths.codeServer}\nChromium: ${paths.chromium}`);
      ready = true;
      return { passed: 0, failed: 0, skipped: 0 };
    });
  }
  for (const [, name, run] of needsToolchain) {
    if (ready) await part(name, run);
    else {
      console.log(`\n=== ${name} ===\nnot run: the toolchain could not be set up (above)`);
      totals.failed += 1;
      failures.push(`${name}: not run, the toolchain could not be set up`);
    }
  }
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
// Exit explicitly (like mocha --exit): stray handles left by a test must not keep the run alive.
process.exit(totals.failed > 0 ? 1 : 0);
