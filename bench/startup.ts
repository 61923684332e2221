// Issue 12: a server start, from nothing to its tools listed, on the public reference server
// (@modelcontextprotocol/server-everything over stdio), ours against the bare SDK client with its
// defaults, started directly with node and through npx; and the processes each start spawns.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { EraMemory } from '../src/mcp/eraMemory';
import type { Logger } from '../src/mcp/logger';
import { McpSession } from '../src/mcp/session';
import type { StdioTransportConfig } from '../src/mcp/serverDefinition';
import { median, ms, ratio, time } from './measure';
import type { Row } from './scenarios';

const ROUNDS = 10;
const root = join(__dirname, '..', '..');
const everything = join(root, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
const quiet: Logger = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, traceEnabled: false };

type Launch = { command: string; args: string[] };
const direct: Launch = { command: process.execPath, args: [everything, 'stdio'] };
// `--no`: never install; the package is in node_modules/.bin, as an installed npx server would be cached.
const viaNpx: Launch = { command: 'npx', args: ['--no', 'mcp-server-everything', 'stdio'] };

// The module object itself (an `import *` namespace is read-only), to count through it.
const childProcess = createRequire(__filename)('node:child_process') as typeof import('node:child_process');

/** Every process this Node process spawns (the SDK spawns through cross-spawn → child_process.spawn). */
let spawned = 0;
function countSpawns(): () => void {
  const original = childProcess.spawn;
  (childProcess as { spawn: typeof childProcess.spawn }).spawn = ((...args: Parameters<typeof childProcess.spawn>) => {
    spawned++;
    return original(...args);
  }) as typeof childProcess.spawn;
  syncBuiltinESMExports();
  return () => {
    (childProcess as { spawn: typeof childProcess.spawn }).spawn = original;
    syncBuiltinESMExports();
  };
}

/** Ours: start (one process, the era remembered from an earlier start when `memory` knows it) and list tools. */
async function ours(launch: Launch, memory: EraMemory): Promise<{ ms: number; close: () => Promise<void> }> {
  const transport: StdioTransportConfig = { type: 'stdio', command: launch.command, args: launch.args, env: {}, cwd: root };
  const session = new McpSession({
    definition: { name: 'everything', scope: 'user', transport, timeoutMs: 60_000, roots: true, autoStart: true, disabled: false },
    logger: quiet,
    clientInfo: { name: 'bench', version: '0' },
    eraMemory: memory,
  });
  const took = await time(async () => {
    await session.start();
    if (session.state.kind !== 'running') throw new Error(`server-everything did not start: ${JSON.stringify(session.state)}`);
    await session.listTools();
  });
  return { ms: took, close: () => session.shutdown() };
}

/** The bare SDK v2 client with its defaults (no options), as the anchor. */
async function bare(launch: Launch, options: ConstructorParameters<typeof Client>[1] = {}): Promise<{ ms: number; close: () => Promise<void> }> {
  const client = new Client({ name: 'bench', version: '0' }, options);
  const took = await time(async () => {
    await client.connect(new StdioClientTransport({ ...launch, cwd: root, stderr: 'ignore' }));
    await client.listTools();
  });
  return { ms: took, close: () => client.close() };
}

/** `rounds` interleaved pairs (alternating which goes first), closing outside the timing; both medians. */
async function interleaved(a: () => ReturnType<typeof ours>, b: () => ReturnType<typeof ours>, rounds = ROUNDS): Promise<[number, number]> {
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = -1; i < rounds; i++) {
    const order = i % 2 === 0 ? [a, b] : [b, a];
    for (const run of order) {
      const { ms: took, close } = await run();
      await close();
      if (i >= 0) (run === a ? ta : tb).push(took); // round -1 warms both up
    }
  }
  return [median(ta), median(tb)];
}

async function spawnsPerStart(run: () => ReturnType<typeof ours>, starts = 3): Promise<number> {
  const before = spawned;
  for (let i = 0; i < starts; i++) await (await run()).close();
  return (spawned - before) / starts;
}

export async function startupRows(): Promise<Row[]> {
  const restore = countSpawns();
  try {
    const memory = new EraMemory();
    const rows: Row[] = [];
    for (const [how, launch] of [['direct node', direct], ['through npx', viaNpx]] as const) {
      const [oursMs, bareMs] = await interleaved(() => ours(launch, memory), () => bare(launch));
      rows.push({ what: `start → tools listed, server-everything ${how} (${ROUNDS} interleaved rounds)`, ours: ms(oursMs), baseline: `${ms(bareMs)} (bare SDK, defaults)`, ratio: ratio(oursMs, bareMs), goal: '≤ 1.10×', value: oursMs / bareMs });
    }
    // A first start, before any era is known: server/discover is probed on the one process.
    const [firstMs, bareMs] = await interleaved(() => ours(direct, new EraMemory()), () => bare(direct));
    rows.push({ what: 'start → tools listed, direct node, first start (era not yet known: probed in place)', ours: ms(firstMs), baseline: `${ms(bareMs)} (bare SDK, defaults)`, ratio: ratio(firstMs, bareMs), goal: 'report', value: firstMs / bareMs });
    const oursFirst = await spawnsPerStart(() => ours(direct, new EraMemory()));
    const oursLater = await spawnsPerStart(() => ours(direct, memory));
    const oursNpx = await spawnsPerStart(() => ours(viaNpx, memory));
    const sdkAuto = await spawnsPerStart(() => bare(direct, { versionNegotiation: { mode: 'auto' } }));
    rows.push({ what: 'processes spawned per start (first start / era remembered / through npx)', ours: `${oursFirst} / ${oursLater} / ${oursNpx}`, baseline: `${sdkAuto} (bare SDK, mode 'auto')`, ratio: '', goal: 'must be 1', value: Math.max(oursFirst, oursLater, oursNpx) });
    return rows;
  } finally {
    restore();
  }
}

// `node out/bench/startup.js`: these rows alone.
if (require.main === module) {
  startupRows().then(
    (rows) => {
      for (const r of rows) console.log(`| ${r.what} | ${r.ours} | ${r.baseline} | ${r.ratio} | ${r.goal} |`);
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
