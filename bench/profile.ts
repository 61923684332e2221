// A CPU profile of the hot path (sequential pings through our session), summarised by self time per
// function, for when our round trip is far above the no-SDK floor.
import { Session } from 'node:inspector/promises';
import { ourSession } from './servers';

export async function profileSequentialPings(count = 1000, top = 12): Promise<string> {
  const session = await ourSession(['--era=legacy'], 'profiled');
  const inspector = new Session();
  inspector.connect();
  try {
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
    await inspector.post('Profiler.start');
    for (let i = 0; i < count; i++) await session.ping();
    const { profile } = await inspector.post('Profiler.stop');
    return summarise(profile as Profile, top);
  } finally {
    inspector.disconnect();
    await session.shutdown();
  }
}

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
}

function summarise(profile: Profile, top: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<string, number>();
  for (const id of profile.samples) {
    const frame = byId.get(id)!.callFrame;
    const file = frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(out|src)\//, '$1/');
    const key = `${frame.functionName || '(anonymous)'} — ${file || '(native)'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const total = profile.samples.length;
  return [
    '| Self time | Function — file |',
    '|---|---|',
    ...[...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, n]) => `| ${((100 * n) / total).toFixed(1)} % | ${key.replace(/\|/g, '\\|')} |`),
  ].join('\n');
}
