// The compatibility matrix: the extension in the real VS Code (code-server + headless Chromium, as the
// host tests run) against the public MCP servers of test/matrix/servers.json, installed from npm at test
// time (scripts/matrix/setupServers.mjs caches them), and small servers on the official Python SDK.
// One window for every server: they start a few at a time inside it (test/matrix/index.ts). This runner
// installs what is missing, makes a scratch workspace, serves the HTTP servers, writes the plan, runs the
// window, judges the results (report.mjs) and writes docs/compatibility.md.
//
// `npm run test:matrix` (scripts/test.mjs --matrix) builds and runs it; `npm test` runs it as one part.
// MCP_MATRIX_ONLY=<regex>: only the servers whose name matches (while working on a recipe);
// MCP_MATRIX_MANIFEST=<file>: another manifest in the format of servers.json (other servers, other recipes).
// Either writes its table to .test-host/matrix/compatibility.md, not to docs/.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanNpmEnvironment } from '../host/setupHost.mjs';
import { runHostTests } from '../host/runHostTests.mjs';
import { compatibilityMarkdown, judgeRow } from './report.mjs';
import { freePort, serve } from './servedServers.mjs';
import { binPath, parseSpec, readManifest, setupServers } from './setupServers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PYTHON_FIXTURES = join(root, 'test', 'fixtures', 'python');
const WORKSPACE_FIXTURE = join(root, 'test', 'fixtures', 'workspaces', 'matrix');
const CHROMIUM = '/usr/bin/chromium';
/** Servers started and checked at once inside the window (the machine has two cores). */
const CONCURRENCY = 4;
const THEMES = { lightTheme: 'Default Light Modern', darkTheme: 'Default Dark Modern' };
/**
 * Every server process carries MCP_CLIENT_MATRIX_SERVER=<run>/<its name> in its environment (children
 * inherit it): test/matrix/processes.ts and the sweep below find a server's processes by it.
 */
const MARKER = 'MCP_CLIENT_MATRIX_SERVER';
const RUN = `${process.pid}-${Date.now().toString(36)}`;
const marker = (name) => `${RUN}/${name}`;

/** Replaces ${workspace}, ${chromium}, ${port} and ${url:<server>} in every string of `value`. */
function resolvePlaceholders(value, context) {
  return JSON.parse(JSON.stringify(value ?? null), (_key, v) => (typeof v !== 'string' ? v : v.replace(/\$\{(workspace|chromium|port|url:[^}]+)\}/g, (match, name) => {
    if (name.startsWith('url:')) {
      const url = context.urls[name.slice(4)];
      if (!url) throw new Error(`${match}: no served server of that name started before this one (order in servers.json)`);
      return url;
    }
    return String(context[name] ?? match);
  })));
}

/**
 * The command that runs an entry: its npm package's program on the toolchain's Node, its Python file (in
 * test/fixtures/python, or a path) on the SDK's virtual environment, or a command of its own.
 */
function programOf(entry, installed) {
  if (entry.npm) return { command: installed.node, args: [binPath(installed.packages[entry.npm], entry.bin)] };
  if (entry.python) return { command: installed.python, args: [resolve(PYTHON_FIXTURES, entry.python)] };
  if (entry.command) return { command: entry.command === 'node' ? installed.node : entry.command, args: [] };
  throw new Error(`${entry.name}: give it "npm" (a pinned package), "python" (a file in test/fixtures/python) or "command"`);
}

/** A scratch copy of the matrix workspace, a git repository with one commit (for the git server). */
function makeWorkspace(work) {
  const workspace = join(work, 'workspace');
  cpSync(WORKSPACE_FIXTURE, workspace, { recursive: true });
  const git = (...args) => spawnSync('git', args, { cwd: workspace, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'Matrix', GIT_AUTHOR_EMAIL: 'matrix@example.invalid', GIT_COMMITTER_NAME: 'Matrix', GIT_COMMITTER_EMAIL: 'matrix@example.invalid' } });
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-q', '-m', 'The matrix workspace');
  return workspace;
}

/** Every process still carrying this run's marker, by server name; each is killed once recorded. */
function sweepLeftovers() {
  const found = {};
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const value = readFileSync(`/proc/${name}/environ`, 'utf8').split('\0').find((v) => v.startsWith(`${MARKER}=${RUN}/`));
      if (!value) continue;
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 200);
      (found[value.slice(`${MARKER}=${RUN}/`.length)] ??= []).push({ pid: Number(name), command });
      process.kill(Number(name), 'SIGKILL');
    } catch { /* gone, or not ours */ }
  }
  return found;
}

const versionOf = (entry, manifest) => (entry.npm ? parseSpec(entry.npm).version : entry.python ? `mcp ${manifest.python.mcp} (Python SDK)` : '—');

/**
 * @param {{ log?: (text: string) => void, manifest?: object, only?: string, docPath?: string }} [options]
 * @returns {Promise<{ passed: number, failed: number, skipped: number, failures: string[] }>} one count per server row
 */
export async function runMatrix({ log = (text) => console.log(text), manifest = readManifest(), only = process.env.MCP_MATRIX_ONLY, docPath } = {}) {
  const began = Date.now();
  const entries = manifest.servers.filter((e) => !only || new RegExp(only).test(e.name));
  const installed = await setupServers({ manifest: { ...manifest, servers: entries } });
  const setupMs = Date.now() - began;
  const outDir = join(root, '.test-host', 'matrix');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'mcp-client-matrix-'));
  const workspace = makeWorkspace(work);
  const context = { workspace, chromium: CHROMIUM, urls: {} };
  const served = [];
  const notStarted = {};
  const servers = {};
  const rows = [];
  let host;
  try {
    // Served servers first: a stdio server may name one's URL (mcp-remote).
    for (const entry of entries.filter((e) => e.serve)) {
      try {
        const port = await freePort();
        const local = { ...context, port };
        const program = programOf(entry, installed);
        const server = await serve({
          name: entry.name, command: program.command, args: [...program.args, ...resolvePlaceholders(entry.serve.args ?? [], local)],
          env: { ...cleanNpmEnvironment(), ...resolvePlaceholders(entry.env ?? {}, local), ...resolvePlaceholders(entry.serve.env ?? {}, local), [MARKER]: marker(entry.name) }, cwd: workspace, port,
        });
        served.push(server);
        const url = `http://127.0.0.1:${port}${entry.serve.path ?? '/mcp'}`;
        context.urls[entry.name] = url;
        servers[entry.name] = { type: entry.serve.type ?? 'http', url };
        rows.push({ name: entry.name, marker: marker(entry.name), transport: entry.serve.type ?? 'http', servedPids: [server.pid], call: resolvePlaceholders(entry.call, local) ?? undefined, app: resolvePlaceholders(entry.app, local) ?? undefined });
      } catch (error) {
        notStarted[entry.name] = error.message.split('\n')[0];
      }
    }
    for (const entry of entries.filter((e) => !e.serve)) {
      try {
        const program = programOf(entry, installed);
        servers[entry.name] = { command: program.command, args: [...program.args, ...resolvePlaceholders(entry.args ?? [], context)], cwd: workspace,
          env: { ...resolvePlaceholders(entry.env ?? {}, context), [MARKER]: marker(entry.name) } };
        rows.push({ name: entry.name, marker: marker(entry.name), transport: 'stdio', call: resolvePlaceholders(entry.call, context) ?? undefined, app: resolvePlaceholders(entry.app, context) ?? undefined });
      } catch (error) {
        notStarted[entry.name] = error.message.split('\n')[0];
      }
    }
    const plan = { resultsFile: join(work, 'results.json'), shotsDir: outDir, concurrency: CONCURRENCY, ...THEMES, rows };
    const planFile = join(work, 'plan.json');
    writeFileSync(planFile, JSON.stringify(plan, null, 2));
    const logsDir = join(root, '.test-host', 'logs-matrix');
    rmSync(logsDir, { recursive: true, force: true });
    host = await runHostTests({
      extensionPath: root,
      testsPath: join(root, 'out', 'test', 'matrix', 'index.js'),
      workspace,
      settings: { 'mcpClient.servers': servers, 'mcpClient.startServers': 'onFirstUse', 'workbench.colorTheme': THEMES.lightTheme },
      env: { MCP_CLIENT_TEST_HOOKS: '1', MCP_MATRIX_PLAN: planFile },
      logsDir,
      timeoutMs: 30 * 60_000,
      log,
    }).catch((error) => ({ exitCode: 1, failed: 1, failures: [error.message.split('\n')[0]] }));
    await Promise.all(served.splice(0).map((s) => s.stop()));
    const results = existsSync(plan.resultsFile) ? JSON.parse(readFileSync(plan.resultsFile, 'utf8')) : { rows: {}, timings: {} };
    // Last, with the window closed: a server process still running anywhere (one that left its tree,
    // which the checks inside the window follow by the same marker) is a leftover of its row.
    for (const [name, pids] of Object.entries(sweepLeftovers())) {
      if (!rows.some((r) => r.name === name && r.transport === 'stdio')) continue;
      const row = (results.rows[name] ??= { name });
      const left = [...(row.reload?.leftovers ?? []), ...pids.map((p) => `pid ${p.pid}: ${p.command} (after the window closed)`)];
      row.reload = { ok: false, leftovers: left, detail: `${left.length} process(es) outlived the window` };
    }
    writeFileSync(join(outDir, 'results.json'), JSON.stringify(results, null, 2));
    for (const [name, detail] of Object.entries(notStarted)) results.rows[name] = { name, start: { ok: false, detail } };
    for (const row of rows.filter((r) => r.servedPids)) (results.rows[row.name] ??= { name: row.name }).processes ??= row.servedPids.length;

    const judged = entries.map((entry) => judgeRow(entry, results.rows[entry.name]));
    const totalMs = Date.now() - began;
    const markdown = compatibilityMarkdown({
      entries, results, judged, timings: { setup: setupMs, ...results.timings, total: totalMs },
      versions: Object.fromEntries(entries.map((e) => [e.name, versionOf(e, manifest)])),
      date: new Date().toISOString().slice(0, 10), environment: 'code-server 4.139.1 (VS Code 1.139.1), Node 24, Debian Chromium, 2 cores',
    });
    const partial = only || process.env.MCP_MATRIX_MANIFEST;
    const target = docPath ?? (partial ? join(outDir, 'compatibility.md') : join(root, 'docs', 'compatibility.md'));
    writeFileSync(target, markdown);
    log(`matrix: ${entries.length} servers in ${Math.round(totalMs / 1000)} s (setup ${Math.round(setupMs / 1000)} s); table: ${target}; screenshots: ${outDir}`);
    for (const j of judged) for (const text of j.fixed) log(`matrix: ${j.name}: ${text}`);

    const failures = judged.filter((j) => j.unexpected.length).map((j) => `${j.name}: ${j.unexpected.join('; ')}`);
    if (!results.finished) failures.push(`the run inside VS Code did not finish (exit code ${host.exitCode}${host.failures?.length ? `: ${host.failures.join('; ')}` : ''}); VS Code's logs are in ${logsDir}`);
    return { passed: judged.filter((j) => !j.unexpected.length).length, failed: failures.length, skipped: 0, failures };
  } finally {
    await Promise.all(served.map((s) => s.stop()));
    rmSync(work, { recursive: true, force: true, maxRetries: 3 });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runMatrix().then((result) => {
    for (const failure of result.failures) console.log(`  ✗ ${failure}`);
    console.log(`\n${result.passed} passed, ${result.failed} failed`);
    process.exit(result.failed ? 1 : 0);
  }, (error) => {
    console.error(error.message);
    process.exit(1);
  });
}
