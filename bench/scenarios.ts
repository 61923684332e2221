// The benchmark scenarios. Each returns table rows: what, ours, baseline, ratio, goal.
import { compare, ms, ratio, time } from './measure';
import { EchoPipe } from './floor';
import { bareClient, ourSession } from './servers';
import { McpSession } from '../src/mcp/session';
import type { Client } from '@modelcontextprotocol/client';

export interface Row {
  what: string;
  ours: string;
  baseline: string;
  ratio: string;
  goal: string;
  value?: number;
}

const PINGS = 1000;
const READS = 1000;
const IN_FLIGHT = 50;

async function times(n: number, run: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < n; i++) await run();
}

async function inFlight(total: number, width: number, run: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < total) await run(next++);
  }));
}

/** Ours vs the bare SDK, and both vs the no-SDK floor, on a 2025-revision stdio server (it has ping). */
export async function sessionOverhead(): Promise<{ rows: Row[]; oursOverFloor: number }> {
  const args = ['--era=legacy', '--resources=1000', '--page=100'];
  const [session, client, pipe] = [await ourSession(args), await bareClient(args), new EchoPipe()];
  try {
    const [oursPing, barePing] = await compare(() => times(PINGS, () => session.ping()), () => times(PINGS, () => client.ping()), 9);
    // The same comparison without the second server process and its scheduling noise: our session
    // against the SDK Client inside it, on one server. This isolates what our layer itself costs.
    const inner = (session as unknown as { connection: { client: Pick<Client, 'ping' | 'readResource'> } }).connection.client;
    const [oursSame, innerSame] = await compare(() => times(PINGS, () => session.ping()), () => times(PINGS, () => inner.ping()), 9);
    const [oursRead, bareRead] = await compare(
      () => inFlight(READS, IN_FLIGHT, (i) => session.readResource(`fixture://item/${i}`)),
      () => inFlight(READS, IN_FLIGHT, (i) => client.readResource({ uri: `fixture://item/${i}` }, { cacheMode: 'bypass' })),
    );
    const [oursReadSame, innerReadSame] = await compare(
      () => inFlight(READS, IN_FLIGHT, (i) => session.readResource(`fixture://item/${i}`)),
      () => inFlight(READS, IN_FLIGHT, (i) => inner.readResource({ uri: `fixture://item/${i}` }, { cacheMode: 'bypass' })),
    );
    const [floorPing] = await compare(() => times(PINGS, () => pipe.roundTrip()), async () => undefined);
    return {
      oursOverFloor: oursPing / floorPing,
      rows: [
        { what: `${PINGS} sequential pings`, ours: ms(oursPing), baseline: `${ms(barePing)} (bare SDK)`, ratio: ratio(oursPing, barePing), goal: '≤ 1.10×', value: oursPing / barePing },
        { what: `${PINGS} sequential pings, one server: our session vs its own SDK client`, ours: ms(oursSame), baseline: `${ms(innerSame)} (SDK client)`, ratio: ratio(oursSame, innerSame), goal: '≤ 1.10×', value: oursSame / innerSame },
        { what: `${READS} resources/read, ${IN_FLIGHT} in flight`, ours: ms(oursRead), baseline: `${ms(bareRead)} (bare SDK)`, ratio: ratio(oursRead, bareRead), goal: '≤ 1.10×', value: oursRead / bareRead },
        { what: `${READS} resources/read, ${IN_FLIGHT} in flight, one server: our session vs its own SDK client`, ours: ms(oursReadSame), baseline: `${ms(innerReadSame)} (SDK client)`, ratio: ratio(oursReadSame, innerReadSame), goal: '≤ 1.10×', value: oursReadSame / innerReadSame },
        { what: `${PINGS} round trips: bare SDK vs no-SDK floor`, ours: ms(barePing), baseline: `${ms(floorPing)} (floor)`, ratio: ratio(barePing, floorPing), goal: 'report' },
        { what: `${PINGS} round trips: ours vs no-SDK floor`, ours: ms(oursPing), baseline: `${ms(floorPing)} (floor)`, ratio: ratio(oursPing, floorPing), goal: 'profile if > 3×', value: oursPing / floorPing },
      ],
    };
  } finally {
    pipe.close();
    await session.shutdown();
    await client.close();
  }
}

/** 10,000 resources in pages of 100: first page and the whole list, and the heap it takes. */
export async function bigLists(): Promise<Row[]> {
  const args = ['--era=legacy', '--resources=10000', '--page=100'];
  const [session, client] = [await ourSession(args), await bareClient(args)];
  try {
    // A single page takes about half a millisecond: time 50 of them so the figure is not all noise.
    const [oursFirst, bareFirst] = await compare(
      () => times(50, () => session.listResourcesPage()),
      () => times(50, () => client.request({ method: 'resources/list', params: {} })),
    );
    const [oursAll, bareAll] = await compare(() => session.listResources(), () => client.listResources(), 3);
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    const held = await session.listResources();
    global.gc?.();
    const heap = process.memoryUsage().heapUsed - before;
    return [
      { what: '10,000 resources: first page (×50)', ours: ms(oursFirst), baseline: `${ms(bareFirst)} (bare SDK)`, ratio: ratio(oursFirst, bareFirst), goal: '≤ 1.10×', value: oursFirst / bareFirst },
      { what: '10,000 resources: whole list (100 pages)', ours: ms(oursAll), baseline: `${ms(bareAll)} (bare SDK)`, ratio: ratio(oursAll, bareAll), goal: '≤ 1.10×', value: oursAll / bareAll },
      { what: `heap held by the ${held.length} resources`, ours: `${(heap / 1024 / 1024).toFixed(1)} MB`, baseline: '', ratio: '', goal: 'report' },
    ];
  } finally {
    await session.shutdown();
    await client.close();
  }
}

/** 20 servers: all running when started together vs the sum of starting them one by one. */
export async function manyServers(): Promise<Row[]> {
  const N = 20;
  const sessions: McpSession[] = [];
  const startOne = async (i: number) => sessions.push(await ourSession([], `s${i}`));
  try {
    let sum = 0;
    for (let i = 0; i < N; i++) sum += await time(() => startOne(i));
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
    const together = await time(() => Promise.all(Array.from({ length: N }, (_, i) => startOne(i))));
    return [{ what: `${N} stdio servers: all running`, ours: `${ms(together)} (in parallel)`, baseline: `${ms(sum)} (one by one)`, ratio: ratio(together, sum), goal: 'well under 1×', value: together / sum }];
  } finally {
    await Promise.all(sessions.map((s) => s.shutdown()));
  }
}
