// Installs, once and outside the repository, the public MCP servers of the compatibility matrix
// (test/matrix/servers.json): each npm package at its pinned version in a folder of its own,
// <cache>/matrix/npm/<name>@<version>/, and the official Python SDK (`mcp`) in a virtual environment,
// <cache>/matrix/python-mcp-<version>/. A folder that is there is used as it is, so a warm cache pays
// nothing; a changed pin installs into a new folder. Like scripts/host/setupHost.mjs, npm runs on the
// toolchain's Node 24 (the servers run on it) in a clean npm environment, and a failure names the
// package, repeats the installer's last lines and keeps its whole output in <cache>/logs/.
//
// Install scripts do not run (--ignore-scripts): third-party code runs when the matrix starts a server, not
// while it installs one.
//
// One folder per package, not one install of them all: a package whose install fails is named and the
// others still install; a pin changed in the manifest reinstalls that package alone; and no package's
// dependency tree is bent by another's (two servers may pin different SDK versions).
//
// CLI: node scripts/matrix/setupServers.mjs   (prints where each package is, as JSON)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir, npmInstall, runLogged, SetupError, toolchain } from '../host/setupHost.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MANIFEST = join(repoRoot, 'test', 'matrix', 'servers.json');
/** Installs at once: npm is mostly waiting on the registry, but the machine has two cores to share. */
const CONCURRENCY = 4;
const REGISTRY_HINT = 'check that the npm registry is reachable (npm ping) and that the pinned version exists (npm view <package> versions), then try again';

/** The manifest: test/matrix/servers.json, or the file MCP_MATRIX_MANIFEST names (another set of servers, in the same format). */
export function readManifest(file = process.env.MCP_MATRIX_MANIFEST || MANIFEST) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** "@scope/name@1.2.3" → { name: "@scope/name", version: "1.2.3" }. */
export function parseSpec(spec) {
  const at = spec.lastIndexOf('@');
  if (at <= 0) throw new Error(`${spec}: a package in test/matrix/servers.json needs a pinned version (name@version)`);
  return { name: spec.slice(0, at), version: spec.slice(at + 1) };
}

/** Every distinct npm package the manifest's servers name. */
export function npmSpecs(manifest) {
  return [...new Set(manifest.servers.filter((s) => s.npm).map((s) => s.npm))].sort();
}

const folderName = (spec) => spec.replace(/^@/, '').replace(/\//g, '+');

/** Where an installed package's own folder is (its package.json), under the cache. */
export function packageDir(cache, spec) {
  return join(cache, 'matrix', 'npm', folderName(spec), 'node_modules', parseSpec(spec).name);
}

/**
 * The file a server's `bin` names: the package's bin entry `bin` (by default its only one, or the one
 * named like the package), as a path.
 * Servers run as `node <that file>`, as npx would run them, but on a known Node and without the registry.
 */
export function binPath(dir, bin) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const bins = typeof pkg.bin === 'string' ? { [pkg.name.split('/').pop()]: pkg.bin } : (pkg.bin ?? {});
  const names = Object.keys(bins);
  const own = pkg.name.split('/').pop();
  const chosen = bin ?? (names.length === 1 ? names[0] : names.includes(own) ? own : undefined);
  if (!chosen || !bins[chosen]) throw new Error(`${pkg.name}: choose one of its programs with "bin" in test/matrix/servers.json (it has: ${names.join(', ') || 'none'})`);
  return join(dir, bins[chosen]);
}

async function pool(items, limit, work) {
  const errors = [];
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      try { await work(item); } catch (error) { errors.push(error); }
    }
  }));
  return errors;
}

/** The Python SDK in a virtual environment of its own; returns its python. */
async function pythonSdk({ cache, version, logsDir, report }) {
  const venv = join(cache, 'matrix', `python-mcp-${version}`);
  const python = join(venv, 'bin', 'python');
  if (existsSync(python)) return python;
  const step = `the Python MCP SDK (pip install mcp==${version})`;
  const system = ['python3', 'python'].find((p) => spawnSync(p, ['--version'], { stdio: 'ignore' }).status === 0);
  if (!system) throw new SetupError(step, 'no python3 on PATH', { hint: 'install Python 3.10 or newer' });
  report(`installing the Python MCP SDK ${version} into a virtual environment (about 20 s, once)`);
  const work = `${venv}.partial-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  const logFile = join(logsDir, 'matrix-python-mcp.log');
  try {
    await runLogged({ step, command: system, args: ['-m', 'venv', work], logFile, hint: 'install Python\'s venv module (Debian: apt-get install python3-venv)' });
    // --retries 0: an index this machine cannot reach (pypi.org, when a local index serves the packages)
    // would otherwise cost minutes of retries per package; pip's own configuration still applies.
    await runLogged({ step, command: join(work, 'bin', 'pip'), args: ['install', '--quiet', '--disable-pip-version-check', '--retries', '0', '--timeout', '15', `mcp==${version}`],
      logFile: join(logsDir, 'matrix-python-mcp-install.log'), hint: `check that pip can reach a package index serving mcp ${version} (pip download --no-deps mcp==${version}), then try again` });
    // A venv's scripts name its folder; rename before first use would break them, so the venv is made
    // under its final name's sibling and only its interpreter path is used (python resolves sys.prefix itself).
    if (existsSync(venv)) rmSync(work, { recursive: true, force: true });
    else renameSync(work, venv);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
  return python;
}

/**
 * Installs what the manifest names (skipping what the cache has) and returns where everything is.
 * Every package is tried; the error thrown at the end names each one that failed.
 * @returns {Promise<{ node: string, python: string, packages: Record<string, string> }>} packages: spec → package folder
 */
export async function setupServers({ log = (text) => console.error(text), env = process.env, manifest = readManifest() } = {}) {
  const cache = cacheDir(env);
  const logsDir = join(cache, 'logs');
  const report = (text) => log(`setup: ${text}`);
  const { node24 } = await toolchain({ conformance: false });
  const specs = npmSpecs(manifest);
  const missing = specs.filter((spec) => !existsSync(join(packageDir(cache, spec), 'package.json')));
  if (missing.length) report(`installing ${missing.length} MCP server package(s) from npm for the compatibility matrix: ${missing.join(', ')}`);
  // The Python SDK installs beside them (pip waits on its index, npm on the registry).
  const python = pythonSdk({ cache, version: manifest.python.mcp, logsDir, report }).then((path) => ({ path }), (error) => ({ error }));
  const errors = await pool(missing, CONCURRENCY, async (spec) => {
    const started = Date.now();
    await npmInstall({
      step: `the matrix server ${spec}`,
      target: join(cache, 'matrix', 'npm', folderName(spec)),
      packages: [spec],
      // No install scripts: none of the servers needs one, and the one that has one (n8n-mcp's
      // better-sqlite3, compiled for minutes) falls back to sql.js, its documented pure-JavaScript path.
      flags: ['--ignore-scripts'],
      node: node24,
      // Servers that drive a browser use the machine's Chromium: nothing downloads one of its own.
      env: { ...env, PUPPETEER_SKIP_DOWNLOAD: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
      logFile: join(logsDir, `matrix-${folderName(spec)}.log`),
      hint: REGISTRY_HINT,
    });
    report(`installed ${spec} (${Math.round((Date.now() - started) / 1000)} s)`);
  });
  const sdk = await python;
  if (sdk.error) errors.push(sdk.error);
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new SetupError(`${errors.length} matrix servers`, 'their installs failed', { hint: errors.map((e) => e.message).join('\n') });
  return { node: node24, python: sdk.path, packages: Object.fromEntries(specs.map((spec) => [spec, packageDir(cache, spec)])) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  setupServers().then((paths) => {
    console.log(JSON.stringify(paths, null, 2));
    console.error(`(${Math.round((Date.now() - started) / 1000)} s)`);
  }, (error) => {
    console.error(error.message);
    process.exit(1);
  });
}
