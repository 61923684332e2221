// `npm run bench:peer` (issue 30): MCP Client against VS Code's built-in MCP client in one code-server
// window, in the same extension host, with the same server command line (bench/peer/timestampServer.ts;
// only the name differs). Ours are `mcpClient.servers` entries in the user settings (started with
// `mcpClient.startServer`); VS Code's are the workspace's .vscode/mcp.json (started with
// `workbench.mcp.startServer`, `{ autoTrustChanges: true }`). A driver extension (bench/peer/driver/) runs
// the starts and stops in the extension host and measures it; this script measures the browser (Chromium's
// CPU time, our views open) and writes the table. The clients alternate within a window and which one goes
// first alternates between windows. Each window: a warm-up start/stop of each client (its lazily loaded
// code), 20 servers at once per client, then single-server starts alternated.
// Usage: node bench/peer.mjs [windows=3] [singles per client per window=3]   (build first: npm run bench:peer)
//        node bench/peer.mjs --cycles [cycles=4]: one window, 20-server start/stop cycles of each client in turn,
//        the extension host's memory after each (where memory goes, and whether it comes back).
//        node bench/peer.mjs --profile: one window, the extension host's CPU profile over a 20-server start and
//        over their stop, for each client (after a warm-up): self time by function and by file, and the
//        .cpuprofile files (open them in Chrome's DevTools). Build without --production for readable names.
//        With --single: one server's start and stop instead.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchCodeServer } from '../scripts/host/codeServer.mjs';
import { openWorkbench, prepareExtensionsDir, ROOT } from '../scripts/host/demoHost.mjs';
import { toolchain } from '../scripts/host/setupHost.mjs';

const WINDOWS = Number(process.argv[2] ?? 3);
const SINGLES = Number(process.argv[3] ?? 3);
const COUNT = 20;
const SERVER = join(ROOT, 'out', 'bench', 'peer', 'timestampServer.js');
const DRIVER = join(ROOT, 'bench', 'peer', 'driver');
const CLOCK_TICK_MS = 10; // getconf CLK_TCK = 100 on Linux

const loads = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const log = (text) => console.log(`[peer ${new Date().toISOString().slice(11, 19)}] ${text}`);

/** Every live descendant of this process whose command is Chromium, with its CPU time (user + system) so far. */
function chromiumCpuMs() {
  const children = new Map();
  const info = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
      info.set(Number(name), { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), cpu: (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS });
    } catch { /* ended meanwhile */ }
  }
  let total = 0;
  const queue = [process.pid];
  while (queue.length) for (const c of children.get(queue.shift()) ?? []) { queue.push(c); if (/chrom/i.test(info.get(c).comm)) total += info.get(c).cpu; }
  return total;
}

async function openWindow(node24, dir) {
  const workspace = join(dir, 'workspace');
  mkdirSync(join(workspace, '.vscode'), { recursive: true });
  const entry = (name) => ({ type: 'stdio', command: node24, args: [SERVER, join(dir, 'events.sock'), name] });
  const names = (prefix) => [...Array.from({ length: COUNT }, (_, i) => `${prefix}-${i + 1}`), `${prefix}-warm`];
  writeFileSync(join(workspace, '.vscode', 'mcp.json'), JSON.stringify({ servers: Object.fromEntries(names('vsc').map((n) => [n, entry(n)])) }, null, 2));
  const settings = {
    'mcpClient.servers': Object.fromEntries(names('ours').map((n) => [n, entry(n)])),
    // Ours starts nothing at window open (the bench starts each), and so does VS Code's.
    'mcpClient.startServers': 'onFirstUse',
    'chat.mcp.autostart': 'never',
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'telemetry.telemetryLevel': 'off',
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
  };
  const extensionsDir = prepareExtensionsDir([DRIVER]);
  const server = await launchCodeServer({ extensionsDir, settings, env: { MCP_PEER_BENCH_DIR: dir } });
  const { browser, page } = await openWorkbench(`${server.url}/?folder=${encodeURI(workspace)}`);
  const driverFile = join(dir, 'driver.json');
  for (let i = 0; i < 1200 && !existsSync(driverFile); i++) await new Promise((r) => setTimeout(r, 100));
  if (!existsSync(driverFile)) throw new Error(`the driver extension did not start. code-server said:\n${server.output().slice(-3000)}`);
  const { port } = JSON.parse(readFileSync(driverFile, 'utf8'));
  const task = async (name, args = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: JSON.stringify({ task: name, ...args }) });
    const answer = await response.json();
    if (answer.error) throw new Error(`driver task ${name} failed: ${answer.error}`);
    return answer.result;
  };
  const close = async () => {
    await browser.close().catch(() => {});
    await server.stop();
    rmSync(extensionsDir, { recursive: true, force: true });
  };
  return { task, page, close };
}

const samples = { ours: {}, vscode: {} };
const add = (client, key, value) => (samples[client][key] ??= []).push(value);
const requestLog = { ours: [], vscode: [] };

async function runWindow(index, node24) {
  const dir = mkdtempSync(join(tmpdir(), 'peer-'));
  const window = await openWindow(node24, dir);
  try {
    const info = await window.task('ready');
    await window.task('showViews');
    await new Promise((r) => setTimeout(r, 3000)); // the window settles (views drawn, extensions activated)
    const order = index % 2 === 0 ? ['ours', 'vscode'] : ['vscode', 'ours'];
    log(`window ${index + 1}: extension host ${info.pid} (VS Code ${info.vscode}), order ${order.join(' then ')}, load ${loads()}`);
    for (const client of order) {
      const warm = await window.task('warm', { client });
      add(client, 'warmRss', warm.after.rss - warm.before.rss);
    }
    for (const client of order) {
      const before = await window.task('memory');
      const cpu0 = chromiumCpuMs();
      const start = await window.task('manyStart', { client, count: COUNT });
      const browserCpu = chromiumCpuMs() - cpu0;
      const running = await window.task('manyRunning', { client, count: COUNT });
      const stop = await window.task('manyStop', { client, count: COUNT });
      add(client, 'allAnswered', start.allAnswered);
      add(client, 'lastSpawn', start.lastSpawn);
      add(client, 'hostCpu20', start.cpu);
      add(client, 'browserCpu20', browserCpu);
      add(client, 'rssGrowth', running.memory.rss - before.rss);
      add(client, 'rssAfterStop', stop.memory.rss - before.rss);
      add(client, 'stop20', stop.gone);
      for (const part of ['heapUsed', 'external', 'arrayBuffers', 'anonymous', 'outsideHeap']) {
        add(client, `${part}Growth`, running.memory[part] - before[part]);
        add(client, `${part}AfterStop`, stop.memory[part] - before[part]);
      }
      requestLog[client].push(running.requests);
      log(`  ${client} ×${COUNT}: all answered ${ms(start.allAnswered)}, last spawn ${ms(start.lastSpawn)}, host CPU ${ms(start.cpu)}, browser CPU ${ms(browserCpu)}, RSS ${signedMb(running.memory.rss - before.rss)} running, ${signedMb(stop.memory.rss - before.rss)} after stop`);
    }
    for (let i = 0; i < SINGLES; i++) {
      for (const client of i % 2 === 0 ? order : [...order].reverse()) {
        const one = await window.task('single', { client, index: 1 });
        add(client, 'spawnToTools', one.spawnToTools);
        add(client, 'spawnToFirstRequest', one.spawnToFirstRequest);
        add(client, 'spawnToInitialize', one.spawnToInitialize);
        add(client, 'clientShare', one.clientShare);
        add(client, 'stopToGone', one.stopToGone);
        add(client, 'hostCpu1', one.cpu);
        requestLog[client].push(one.requests);
      }
    }
    log(`  singles done, load ${loads()}`);
  } finally {
    await window.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (v) => `${Math.round(v).toLocaleString('en')} ms`;
const mb = (v) => `${(v / 1048576).toFixed(1)} MB`;
const signedMb = (v) => `${v >= 0 ? '+' : '−'}${mb(Math.abs(v))}`;
const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** "median (min–max)" of a client's samples of `key`. */
function cell(client, key, format) {
  const values = samples[client][key] ?? [];
  if (!values.length) return 'n/a';
  return `${format(median(values))} (${format(Math.min(...values))} … ${format(Math.max(...values))})`;
}

function ratio(key) {
  const [a, b] = [median(samples.ours[key] ?? [NaN]), median(samples.vscode[key] ?? [NaN])];
  return b > 0 && a >= 0 ? `${(a / b).toFixed(2)}×` : '—';
}

/** The methods the client sent per server start, as "method ×n" (counts per start, the same in every start or a range). */
function requestsPerStart(client) {
  const perStart = requestLog[client];
  const methods = [...new Set(perStart.flatMap((r) => Object.keys(r)))];
  const singles = perStart.filter((r) => (r.initialize ?? 0) === 1);
  return methods.map((m) => {
    const counts = singles.map((r) => r[m] ?? 0);
    const [lo, hi] = [Math.min(...counts), Math.max(...counts)];
    return `${m} ×${lo === hi ? lo : `${lo}–${hi}`}`;
  }).join(', ');
}

/** `--cycles`: memory after each 20-server start and stop, the clients taking turns, in one window. */
async function cycles(node24, count) {
  const dir = mkdtempSync(join(tmpdir(), 'peer-'));
  const window = await openWindow(node24, dir);
  try {
    await window.task('ready');
    await window.task('showViews');
    await new Promise((r) => setTimeout(r, 3000));
    const parts = (m) => `rss ${mb(m.rss)} (outside the V8 heap ${mb(m.outsideHeap)}), heap ${mb(m.heapUsed)} of ${mb(m.heapTotal)}, external ${mb(m.external)}, anonymous ${mb(m.anonymous)} ` +
      `(brk ${mb(m.mappings.brk)}, unnamed ${mb(m.mappings.anonymous)} in ${m.mappings.anonymousMaps} maps), V8 malloc ${mb(m.mallocedByV8)}, ${m.threads} threads, ${m.nativeContexts} contexts`;
    log(`start: ${parts(await window.task('memory'))}; load ${loads()}`);
    log(`again: ${parts(await window.task('memory'))}`);
    for (const client of ['ours', 'vscode']) {
      await window.task('warm', { client });
      log(`after a warm-up start/stop of ${client}: ${parts(await window.task('memory'))}`);
    }
    for (let i = 0; i < count; i++) {
      for (const client of i % 2 === 0 ? ['ours', 'vscode'] : ['vscode', 'ours']) {
        await window.task('manyStart', { client, count: COUNT });
        const running = await window.task('manyRunning', { client, count: COUNT });
        const stop = await window.task('manyStop', { client, count: COUNT });
        log(`cycle ${i + 1} ${client.padEnd(6)} running: ${parts(running.memory)}`);
        log(`cycle ${i + 1} ${client.padEnd(6)} stopped: ${parts(stop.memory)}`);
      }
    }
    log(`load ${loads()}`);
  } finally {
    await window.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Self time (ms) of a .cpuprofile's nodes, grouped by `key(callFrame)`, largest first. */
function selfTimes(profile, key) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map();
  profile.samples.forEach((id, i) => {
    const k = key(byId.get(id).callFrame);
    totals.set(k, (totals.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** `--profile`: where the extension host's CPU goes while each client starts and stops 20 servers. */
async function profileRun(node24) {
  const dir = mkdtempSync(join(tmpdir(), 'peer-'));
  const out = join(ROOT, '.bench-profiles');
  mkdirSync(out, { recursive: true });
  const window = await openWindow(node24, dir);
  try {
    await window.task('ready');
    await window.task('showViews');
    await new Promise((r) => setTimeout(r, 3000));
    for (const client of ['ours', 'vscode']) await window.task('warm', { client });
    const runs = process.argv.includes('--single') ? [['single', 'single']] : [['manyStart', 'start'], ['manyStopOnly', 'stop']];
    for (const client of ['ours', 'vscode']) {
      for (const [run, label] of runs) {
        const file = join(out, `${client}-${label}.cpuprofile`);
        const result = await window.task('profile', { run, file, client, count: COUNT, index: 1 });
        if (run === 'manyStart') await window.task('manyRunning', { client, count: COUNT });
        const profile = JSON.parse(readFileSync(file, 'utf8'));
        const where = (f) => `${f.url.replace(/^.*\/(node_modules\/[^/]+|[^/]+)\//, '$1/').split('/').slice(-2).join('/') || '(native)'}`;
        console.log(`\n${client} ${label} (${JSON.stringify(result).slice(0, 200)}): ${file}`);
        console.log('  by file:', selfTimes(profile, (f) => where(f)).slice(0, 8).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', '));
        for (const [k, v] of selfTimes(profile, (f) => `${f.functionName || '(anonymous)'} ${where(f)}:${f.lineNumber + 1}`).slice(0, 15)) console.log(`  ${v.toFixed(1).padStart(7)} ms  ${k}`);
      }
    }
  } finally {
    await window.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const { node24 } = await toolchain({ conformance: false });
  if (process.argv.includes('--profile')) return profileRun(node24);
  if (process.argv.includes('--cycles')) return cycles(node24, Number(process.argv[process.argv.indexOf('--cycles') + 1] ?? 4) || 4);
  const started = new Date();
  const loadBefore = loads();
  log(`${WINDOWS} windows, ${SINGLES} single starts per client per window, ${COUNT} servers; load ${loadBefore}`);
  for (let i = 0; i < WINDOWS; i++) await runWindow(i, node24);
  const loadAfter = loads();
  const rows = [
    ['one server: spawn → tools/list answered', 'spawnToTools', ms],
    ['… of which spawn → the first request received (the server starting, the client writing)', 'spawnToFirstRequest', ms],
    ['… of which spawn → initialize received (after a server/discover probe when the era is not known)', 'spawnToInitialize', ms],
    ['one server: initialize answered → tools/list received (the client\'s own share)', 'clientShare', ms],
    ['one server: stop command → process gone', 'stopToGone', ms],
    ['one server: extension-host CPU, command → tools/list answered', 'hostCpu1', ms],
    [`${COUNT} servers: command → all tools/list answered`, 'allAnswered', ms],
    [`${COUNT} servers: command → last spawn`, 'lastSpawn', ms],
    [`${COUNT} servers: extension-host CPU, command → all answered`, 'hostCpu20', ms],
    [`${COUNT} servers: browser CPU over the same span (our views open)`, 'browserCpu20', ms],
    [`${COUNT} servers: stop commands → all processes gone`, 'stop20', ms],
    [`**extension-host RSS growth with ${COUNT} servers running** (after a forced GC)`, 'rssGrowth', signedMb],
    [`RSS after all ${COUNT} stopped and a forced GC (against before the start)`, 'rssAfterStop', signedMb],
    [`RSS outside the V8 heap (RSS − the heap's resident pages) with ${COUNT} running`, 'outsideHeapGrowth', signedMb],
    [`RSS outside the V8 heap after all ${COUNT} stopped and a forced GC`, 'outsideHeapAfterStop', signedMb],
    [`… of which JS heap (heapUsed) with ${COUNT} running`, 'heapUsedGrowth', signedMb],
    [`… external (Buffers, ArrayBuffers) with ${COUNT} running`, 'externalGrowth', signedMb],
    [`… anonymous memory (smaps_rollup) with ${COUNT} running`, 'anonymousGrowth', signedMb],
    ['first start and stop in the window (lazily loaded code): RSS', 'warmRss', signedMb],
  ];
  const table = [
    '| what | ours | VS Code built-in | ratio (medians) |',
    '|---|---|---|---|',
    ...rows.map(([what, key, format]) => `| ${what} | ${cell('ours', key, format)} | ${cell('vscode', key, format)} | ${ratio(key)} |`),
  ].join('\n');
  const section = [
    `## Peer bench: MCP Client vs VS Code's built-in MCP client (\`npm run bench:peer\`)`,
    '',
    `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${WINDOWS} code-server windows (VS Code ${'1.139'}), ${SINGLES} single starts per client per window; ` +
      `load average (1, 5, 15 min) ${loadBefore} before, ${loadAfter} after. Medians (min … max) over the windows' samples.`,
    '',
    table,
    '',
    `Requests per single start: ours ${requestsPerStart('ours')}; VS Code ${requestsPerStart('vscode')}.`,
    '',
  ].join('\n');
  console.log(`\n${section}`);
  writeResults(section);
}

/** bench/results.md keeps `npm run bench`'s table above the marker and this section below it. */
function writeResults(section) {
  const file = join(ROOT, 'bench', 'results.md');
  const MARKER = '<!-- peer bench (bench/peer.mjs) -->';
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Latest benchmark results\n';
  const head = text.includes(MARKER) ? text.slice(0, text.indexOf(MARKER)) : `${text.trimEnd()}\n\n`;
  writeFileSync(file, `${head}${MARKER}\n${section}`);
}

main().then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });
