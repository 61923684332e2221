// Starts code-server (VS Code's server build, installed by setupHost.mjs) for tests and demos.
// code-server needs Node 24, so it runs on the Node that setupHost.mjs installed, not on the system Node.
// Everything it writes (user data, extensions, HOME, XDG_*) goes to fresh folders so runs never share state.
import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanNpmEnvironment, toolchain } from './setupHost.mjs';

const START_TIMEOUT_MS = 60_000;

/**
 * Installs a .vsix into `extensionsDir` the way a user would, with code-server's own
 * `--install-extension` (which unpacks it and records it in the folder's extensions.json).
 */
export async function installVsix(vsixPath, extensionsDir) {
  const { node24, codeServer } = await toolchain({ conformance: false });
  const home = mkdtempSync(join(tmpdir(), 'mcp-client-vsix-home-'));
  try {
    await new Promise((resolveInstall, reject) => {
      execFile(node24, [join(codeServer, 'out', 'node', 'entry.js'), '--extensions-dir', extensionsDir, '--install-extension', vsixPath],
        { env: { ...cleanNpmEnvironment(), HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local', 'share') }, maxBuffer: 16 << 20 },
        (error, stdout, stderr) => (error ? reject(new Error(`installing ${vsixPath} failed: ${error.message}\n${stdout}${stderr}`)) : resolveInstall()));
    });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/**
 * @param {{ userDataDir?: string, extensionsDir?: string, settings?: object, env?: Record<string,string>,
 *           port?: number, disableWorkspaceTrust?: boolean, timeoutMs?: number, testDriver?: boolean }} [options]
 * @returns {Promise<{ url: string, host: string, port: number, process: import('node:child_process').ChildProcess,
 *                     userDataDir: string, output: () => string, stop: () => Promise<void> }>}
 */
export async function launchCodeServer({
  userDataDir, extensionsDir, settings = {}, env = {}, port = 0,
  disableWorkspaceTrust = true, timeoutMs = START_TIMEOUT_MS, testDriver = false,
} = {}) {
  const { node24, codeServer } = await toolchain({ conformance: false });
  const root = mkdtempSync(join(tmpdir(), 'mcp-client-host-'));
  userDataDir ??= join(root, 'user-data');
  extensionsDir ??= join(root, 'extensions');
  const home = join(root, 'home');
  for (const dir of [userDataDir, extensionsDir, home, join(userDataDir, 'User')]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  // An empty config file is a YAML error for code-server; the flags below win over it anyway.
  const configFile = join(root, 'config.yaml');
  writeFileSync(configFile, 'auth: none\ncert: false\n');

  const args = [
    join(codeServer, 'out', 'node', 'entry.js'), // the package's "bin"
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    ...(disableWorkspaceTrust ? ['--disable-workspace-trust'] : []),
    '--ignore-last-opened',
    // Only for test runs: without it the workbench ignores extensionDevelopmentPath/extensionTestsPath and
    // the run hangs. It also hides every notification toast, so a window a person looks at must not have it.
    ...(testDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
    '--config', configFile,
  ];
  // Variables from an enclosing VS Code (integrated terminal, extension host) or npm would confuse the server.
  const childEnv = cleanNpmEnvironment();
  for (const key of Object.keys(childEnv)) if (key.startsWith('VSCODE_') || key === 'ELECTRON_RUN_AS_NODE') delete childEnv[key];
  Object.assign(childEnv, {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    ...env,
  });

  // detached: its own process group, so stop() can signal the server, its extension hosts and their children at once.
  const child = spawn(node24, args, { cwd: home, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  let onLine = () => {};
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop();
      for (const line of parts) { lines.push(line); if (lines.length > 200) lines.shift(); onLine(line); }
    });
  }
  // Last resort if our own process dies without calling stop(): never leave a server behind.
  const killOnExit = () => { try { process.kill(-child.pid, 'SIGKILL'); } catch {} };
  process.on('exit', killOnExit);

  let stopped;
  const stop = () => (stopped ??= (async () => {
    process.off('exit', killOnExit);
    await killTree(child);
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  })());

  try {
    const url = await new Promise((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(
        `code-server did not start within ${timeoutMs / 1000} s. Last output:\n${lines.slice(-30).join('\n')}`)), timeoutMs);
      onLine = (line) => {
        const match = /HTTP server listening on (http:\/\/\S+)/.exec(line);
        if (match) { clearTimeout(timer); resolveUrl(match[1]); }
      };
      child.once('error', (error) => { clearTimeout(timer); reject(error); });
      child.once('exit', (code, signal) => { clearTimeout(timer); reject(new Error(
        `code-server exited (${signal ?? code}) before listening. Last output:\n${lines.slice(-30).join('\n')}`)); });
    });
    onLine = () => {};
    const parsed = new URL(url);
    return {
      url: url.replace(/\/$/, ''), host: parsed.hostname, port: Number(parsed.port), process: child,
      userDataDir, output: () => lines.join('\n'), stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Every live descendant pid of `pid` (Linux /proc), found before signalling so re-parented ones are not missed. */
function descendants(pid) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Field 4 of /proc/<pid>/stat is the parent pid; the command name (field 2) may contain spaces.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch { /* the process ended meanwhile */ }
  }
  const result = [];
  const queue = [pid];
  while (queue.length) for (const c of children.get(queue.shift()) ?? []) { result.push(c); queue.push(c); }
  return result;
}

/** True while `pid` runs; a zombie (exited, not yet reaped by its parent) counts as gone. */
function alive(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch { return false; }
}

/** SIGTERM the process group and every descendant (some may have left the group), then SIGKILL what is left after 5 s. */
async function killTree(child) {
  if (child.exitCode !== null || child.signalCode !== null) {
    // The server is gone, but its group may still hold orphans (extension hosts, fixture servers).
    try { process.kill(-child.pid, 'SIGKILL'); } catch {}
    return;
  }
  const pids = [child.pid, ...descendants(child.pid)];
  const signal = (sig) => {
    try { process.kill(-child.pid, sig); } catch {}
    for (const pid of pids) try { process.kill(pid, sig); } catch {}
  };
  signal('SIGTERM');
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && pids.some(alive)) await new Promise((r) => setTimeout(r, 100));
  signal('SIGKILL');
  while (pids.some(alive) && Date.now() < deadline + 2000) await new Promise((r) => setTimeout(r, 50));
}
