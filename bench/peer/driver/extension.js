// The peer bench's driver (bench/peer.mjs loads it beside MCP Client): it runs in the same extension host as
// both clients, so it starts and stops their servers through their own commands and measures this process
// (CPU time, memory after a forced GC). The servers (bench/peer/timestampServer.ts) report what happened to
// them over a Unix socket; a server's connection closing is its process ending. bench/peer.mjs sends one
// task at a time as a POST to the HTTP port written to $MCP_PEER_BENCH_DIR/driver.json.
const vscode = require('vscode');
const http = require('node:http');
const net = require('node:net');
const fs = require('node:fs');
const path = require('node:path');
const v8 = require('node:v8');
const vm = require('node:vm');
const { performance } = require('node:perf_hooks');

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** What each server reported since its last start: name → { spawn, pid, recv: [], sends: Map(id → t), closed }. */
const servers = new Map();
const waiters = new Set();
const changed = () => { for (const w of [...waiters]) w(); };
/** Resolves when `test()` holds (checked on every event), or rejects after `timeoutMs`. */
function until(test, timeoutMs, what) {
  if (test()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { waiters.delete(check); reject(new Error(`timed out waiting for ${what}`)); }, timeoutMs);
    const check = () => { if (test()) { clearTimeout(timer); waiters.delete(check); resolve(); } };
    waiters.add(check);
  });
}

function listen(socketPath) {
  try { fs.unlinkSync(socketPath); } catch {}
  const server = net.createServer((socket) => {
    let partial = '';
    let record;
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop();
      for (const line of lines) {
        const event = JSON.parse(line);
        if (event.event === 'spawn') {
          record = { spawn: event.t, pid: event.pid, recv: [], sends: new Map(), closed: undefined };
          servers.set(event.name, record);
        } else if (event.event === 'recv') record.recv.push(event);
        else if (event.event === 'send') record.sends.set(event.id, event.t);
      }
      changed();
    });
    socket.on('close', () => { if (record) record.closed = now(); changed(); });
    socket.on('error', () => {});
  });
  server.listen(socketPath);
  return server;
}

/** When `name`'s answer to its first `method` request left the server, or undefined. */
function answered(name, method) {
  const s = servers.get(name);
  const request = s?.recv.find((r) => r.method === method && r.id !== undefined);
  return request ? s.sends.get(request.id) : undefined;
}

function received(name, method) {
  return servers.get(name)?.recv.find((r) => r.method === method)?.t;
}

const clients = {
  ours: {
    start: (name) => vscode.commands.executeCommand('mcpClient.startServer', name),
    stop: (name) => vscode.commands.executeCommand('mcpClient.stopServer', name),
  },
  vscode: {
    idPrefix: undefined,
    start(name) { return vscode.commands.executeCommand('workbench.mcp.startServer', `${this.idPrefix}${name}`, { autoTrustChanges: true }); },
    stop(name) { return vscode.commands.executeCommand('workbench.mcp.stopServer', `${this.idPrefix}${name}`); },
  },
};
const nameOf = (client, index) => `${client === 'ours' ? 'ours' : 'vsc'}-${index}`;

let gc;
function forcedGc() {
  if (!gc) { v8.setFlagsFromString('--expose-gc'); gc = vm.runInNewContext('gc'); }
  gc(); gc();
}

function smaps() {
  const out = {};
  try {
    for (const line of fs.readFileSync('/proc/self/smaps_rollup', 'utf8').split('\n')) {
      const m = /^(\w+):\s+(\d+) kB/.exec(line);
      if (m) out[m[1]] = Number(m[2]) * 1024;
    }
  } catch {}
  return out;
}

/**
 * This process's memory after a forced GC, once RSS has settled. V8 gives freed heap pages back to the
 * system from a background thread; on a busy machine that thread may not have run 300 ms after the GC, and
 * one reading then counts pages already freed. So: GC, wait, read, until two readings 500 ms apart agree
 * within 0.5 MB (at most 8 rounds).
 */
async function memory() {
  let last = Infinity;
  for (let round = 0; round < 8; round++) {
    forcedGc();
    await sleep(500);
    const rss = process.memoryUsage.rss();
    if (Math.abs(rss - last) < 512 * 1024) break;
    last = rss;
  }
  const m = process.memoryUsage();
  const rollup = smaps();
  const heap = v8.getHeapStatistics();
  return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers,
    anonymous: rollup.Anonymous, privateDirty: rollup.Private_Dirty, sharedClean: rollup.Shared_Clean, privateClean: rollup.Private_Clean,
    mallocedByV8: heap.malloced_memory, heapPhysical: heap.total_physical_size, outsideHeap: m.rss - heap.total_physical_size, nativeContexts: heap.number_of_native_contexts, detachedContexts: heap.number_of_detached_contexts,
    threads: Number(/Threads:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1]), mappings: mappings() };
}

/** Resident memory by kind of mapping (/proc/self/smaps): the brk heap, unnamed anonymous maps (malloc arenas, V8's pages, thread stacks), files. */
function mappings() {
  const out = { brk: 0, anonymous: 0, anonymousMaps: 0, files: 0 };
  let kind = 'files';
  for (const line of fs.readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const name = head[1];
      kind = name === '[heap]' ? 'brk' : name === '' || name.startsWith('[anon') ? 'anonymous' : 'files';
      if (kind === 'anonymous') out.anonymousMaps++;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) out[kind] += Number(rss[1]) * 1024;
  }
  return out;
}

function cpuMs(since) {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
}

/** Starts `names`, waits until each answered tools/list. */
async function startAll(client, names) {
  for (const n of names) servers.delete(n);
  const cpu0 = process.cpuUsage();
  const t0 = now();
  const commands = names.map((n) => Promise.resolve(clients[client].start(n)).catch((e) => ({ error: String(e) })));
  await until(() => names.every((n) => answered(n, 'tools/list') !== undefined), 120_000, `${client} tools/list of ${names.length}`);
  const t1 = now();
  const cpu = cpuMs(cpu0);
  const spawns = names.map((n) => servers.get(n).spawn);
  return { t0, t1, cpu, allAnswered: t1 - t0, lastSpawn: Math.max(...spawns) - t0, commands };
}

/** The requests (and notifications) each server got during its start, as `method` → count summed over `names`. */
function requestsOf(names) {
  const counts = {};
  for (const n of names) for (const r of servers.get(n)?.recv ?? []) counts[r.method] = (counts[r.method] ?? 0) + 1;
  return counts;
}

async function stopAll(client, names) {
  const t0 = now();
  await Promise.all(names.map((n) => Promise.resolve(clients[client].stop(n)).catch(() => {})));
  const commandDone = now();
  await until(() => names.every((n) => servers.get(n)?.closed !== undefined), 30_000, `${client} stop of ${names.length}`);
  const last = Math.max(...names.map((n) => servers.get(n).closed));
  // The socket closes as the process exits; make sure none is left (a zombie counts as gone).
  for (const n of names) {
    const pid = servers.get(n).pid;
    for (let i = 0; i < 200 && alive(pid); i++) await sleep(10);
    if (alive(pid)) throw new Error(`${n} (pid ${pid}) still runs after its socket closed`);
  }
  return { gone: last - t0, commandDone: commandDone - t0 };
}

function alive(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch { return false; }
}

/** Which id VS Code gives a .vscode/mcp.json server (it has changed between releases): the one whose start spawns it. */
async function findVscodeIds(name) {
  for (const prefix of ['workspace-dot-mcp.0.', 'mcp.config.wf0.', 'mcp.config.ws0.', 'mcp.config.workspace.']) {
    clients.vscode.idPrefix = prefix;
    servers.delete(name);
    await clients.vscode.start(name);
    try { await until(() => servers.has(name), 5000, name); } catch { continue; }
    await until(() => answered(name, 'tools/list') !== undefined, 30_000, `${name} tools/list`);
    await clients.vscode.stop(name);
    await until(() => servers.get(name).closed !== undefined, 30_000, `${name} stop`);
    return;
  }
  throw new Error(`no id started the .vscode/mcp.json server ${name} in VS Code`);
}

const manyNames = (client, count) => Array.from({ length: count }, (_, i) => nameOf(client, i + 1));

const tasks = {
  async ready() {
    for (let i = 0; i < 600; i++) {
      const commands = await vscode.commands.getCommands(true);
      if (commands.includes('mcpClient.startServer') && commands.includes('workbench.mcp.startServer')) break;
      await sleep(100);
    }
    return { pid: process.pid, node: process.version, vscode: vscode.version };
  },
  showViews: () => vscode.commands.executeCommand('mcpClient.showServers'),
  memory,
  /** One start and stop of the client's `warm` server: the lazily loaded code's first use, its memory apart. */
  async warm({ client }) {
    const before = await memory();
    const name = client === 'ours' ? 'ours-warm' : 'vsc-warm';
    if (client === 'vscode' && !clients.vscode.idPrefix) await findVscodeIds(name);
    await startAll(client, [name]);
    await sleep(1000);
    await stopAll(client, [name]);
    return { before, after: await memory(), vscodeIdPrefix: clients.vscode.idPrefix };
  },
  /** One server: start (spawn → tools/list answered, the client's share), the requests it sent, then stop. */
  async single({ client, index }) {
    const name = nameOf(client, index);
    const start = await startAll(client, [name]);
    const s = servers.get(name);
    const result = {
      spawnToTools: answered(name, 'tools/list') - s.spawn,
      spawnToFirstRequest: (s.recv[0]?.t ?? NaN) - s.spawn,
      spawnToInitialize: received(name, 'initialize') - s.spawn,
      clientShare: received(name, 'tools/list') - answered(name, 'initialize'),
      commandToTools: start.allAnswered,
      cpu: start.cpu,
    };
    await sleep(1500); // the rest of the start's requests (prompts, resources) and whatever follows them
    result.requests = requestsOf([name]);
    const stop = await stopAll(client, [name]);
    result.stopToGone = stop.gone;
    await sleep(300);
    return result;
  },
  async manyStart({ client, count }) {
    const start = await startAll(client, manyNames(client, count));
    return { allAnswered: start.allAnswered, lastSpawn: start.lastSpawn, cpu: start.cpu };
  },
  async manyRunning({ client, count }) {
    await sleep(3000);
    return { requests: requestsOf(manyNames(client, count)), memory: await memory() };
  },
  /** The extension host's CPU profile (this process, through the inspector) over `run` of another task. */
  async profile({ run, file, ...args }) {
    const inspector = require('node:inspector');
    const session = new inspector.Session();
    session.connect();
    const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 200 });
    await post('Profiler.start');
    const result = await tasks[run](args);
    const { profile } = await post('Profiler.stop');
    session.disconnect();
    fs.writeFileSync(file, JSON.stringify(profile));
    return result;
  },
  /** The stop alone (what --profile profiles): no settling, no memory reading. */
  manyStopOnly: ({ client, count }) => stopAll(client, manyNames(client, count)),
  async manyStop({ client, count }) {
    const stop = await stopAll(client, manyNames(client, count));
    await sleep(3000);
    return { ...stop, memory: await memory() };
  },
};

exports.activate = (context) => {
  const dir = process.env.MCP_PEER_BENCH_DIR;
  if (!dir) return;
  const events = listen(path.join(dir, 'events.sock'));
  const control = http.createServer((request, response) => {
    let body = '';
    request.on('data', (c) => (body += c));
    request.on('end', async () => {
      try {
        const { task, ...args } = JSON.parse(body);
        const result = await tasks[task](args);
        response.end(JSON.stringify({ result: result ?? null }));
      } catch (error) {
        response.end(JSON.stringify({ error: String(error?.stack ?? error) }));
      }
    });
  });
  control.listen(0, '127.0.0.1', () => fs.writeFileSync(path.join(dir, 'driver.json'), JSON.stringify({ port: control.address().port })));
  context.subscriptions.push({ dispose: () => { control.close(); events.close(); } });
};
exports.deactivate = () => undefined;
