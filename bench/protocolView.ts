// The Protocol view's cost (issue 26): 1,000 sequential tool calls through our Connection (the session
// layer's one live connection, with its protocol trace and the tap) over an in-memory transport to the
// fixture server in this process, so that no second process's scheduling is measured: no tap at all, a
// tap whose view is closed (one check and a count per message), and the view open (recording into the
// timeline). Everything runs in this process, so what is timed is this process's CPU time (user + system),
// which other processes on a busy machine do not inflate as they do wall time. Rounds alternate between
// the two sides of each comparison, medians of 15.
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { Connection } from '../src/mcp/connection';
import { maskingLogger } from '../src/mcp/logger';
import type { ProtocolTap } from '../src/mcp/protocolTap';
import { ProtocolRecorder } from '../src/workbench/protocol/protocolRecorder';
import { createFixtureServer } from '../test/fixtures/servers/fixtureTools';
import { median, ms, ratio } from './measure';
import type { Row } from './scenarios';

const CALLS = 1000;
const quiet = maskingLogger({ trace() {}, debug() {}, info() {}, warn() {}, error() {}, traceEnabled: false }, () => []);

async function connect(tap: ProtocolTap | undefined): Promise<Connection> {
  const [client, server] = InMemoryTransport.createLinkedPair();
  await createFixtureServer('modern').connect(server);
  const definition = { name: 'bench', scope: 'user' as const, transport: { type: 'http' as const, url: 'http://in-memory.invalid/mcp', headers: {} }, timeoutMs: 60_000, roots: false, autoStart: true, disabled: false };
  return Connection.connect('http', client, { definition, logger: quiet, clientInfo: { name: 'bench', version: '0' }, capabilities: [], tap }, undefined, { startTimeoutMs: 30_000 });
}

/** CPU milliseconds this process spent in `run`. */
async function cpu(run: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** `a` and `b` alternately (after a warm-up each), `rounds` times; their median CPU times. */
async function compareCpu(a: () => Promise<unknown>, b: () => Promise<unknown>, rounds: number): Promise<[number, number]> {
  await a();
  await b();
  const [ta, tb]: number[][] = [[], []];
  for (let i = 0; i < rounds; i++) {
    if (i % 2) tb.push(await cpu(b)), ta.push(await cpu(a));
    else ta.push(await cpu(a)), tb.push(await cpu(b));
  }
  return [median(ta), median(tb)];
}

async function calls(connection: Connection): Promise<void> {
  for (let i = 0; i < CALLS; i++) await connection.client.callTool({ name: 'tool1', arguments: {} });
}

export async function protocolViewRows(): Promise<Row[]> {
  const closedRecorder = new ProtocolRecorder('closed');
  const openRecorder = new ProtocolRecorder('open');
  openRecorder.watch();
  const [none, closed, open] = [await connect(undefined), await connect(closedRecorder), await connect(openRecorder)];
  try {
    const [closedMs, noneMs] = await compareCpu(() => calls(closed), () => calls(none), 15);
    const [openMs, closedAgainMs] = await compareCpu(() => calls(open), () => calls(closed), 15);
    return [
      { what: `${CALLS} tool calls, Protocol view closed vs no recording at all`, ours: `${ms(closedMs)} CPU`, baseline: `${ms(noneMs)} CPU (no tap)`, ratio: ratio(closedMs, noneMs), goal: '≤ 1.05×', value: closedMs / noneMs },
      { what: `${CALLS} tool calls, Protocol view open vs closed (timeline of ${openRecorder.timeline.cap.toLocaleString('en-US')} entries)`, ours: `${ms(openMs)} CPU`, baseline: `${ms(closedAgainMs)} CPU (closed)`, ratio: ratio(openMs, closedAgainMs), goal: 'report', value: openMs / closedAgainMs },
    ];
  } finally {
    for (const c of [none, closed, open]) await c.close();
    closedRecorder.dispose();
    openRecorder.dispose();
  }
}

if (require.main === module) {
  void protocolViewRows().then((rows) => {
    for (const r of rows) console.log(`| ${r.what} | ${r.ours} | ${r.baseline} | ${r.ratio} | ${r.goal} |`);
    process.exit(0);
  });
}
