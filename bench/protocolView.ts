// The Protocol view's cost (issue 26): 1,000 sequential tool calls through a session whose tap feeds a
// recorder, with the view open (recording into the timeline) and closed (one check and a count per
// message), against a session with no tap at all. Two servers, calls alternated round by round (compare).
import { ProtocolRecorder } from '../src/workbench/protocol/protocolRecorder';
import { compare, ms, ratio } from './measure';
import type { Row } from './scenarios';
import { ourSession } from './servers';

const CALLS = 1000;

async function calls(session: Awaited<ReturnType<typeof ourSession>>): Promise<void> {
  for (let i = 0; i < CALLS; i++) await session.callTool({ name: 'tool1', arguments: {} });
}

export async function protocolViewRows(): Promise<Row[]> {
  const args = ['--era=legacy'];
  const recorder = new ProtocolRecorder('bench');
  const [tapped, plain] = [await ourSession(args, 'tapped', recorder), await ourSession(args, 'plain')];
  try {
    const [closed, none] = await compare(() => calls(tapped), () => calls(plain), 9);
    let stopWatching: (() => void) | undefined;
    const [open, closedAgain] = await compare(
      async () => {
        stopWatching = recorder.watch();
        await calls(tapped);
        stopWatching();
      },
      () => calls(tapped),
      9,
    );
    return [
      { what: `${CALLS} tool calls, Protocol view closed vs no recording at all`, ours: ms(closed), baseline: `${ms(none)} (no tap)`, ratio: ratio(closed, none), goal: '≤ 1.05×', value: closed / none },
      { what: `${CALLS} tool calls, Protocol view open vs closed (timeline of ${recorder.timeline.cap.toLocaleString('en-US')} entries)`, ours: ms(open), baseline: `${ms(closedAgain)} (closed)`, ratio: ratio(open, closedAgain), goal: 'report', value: open / closedAgain },
    ];
  } finally {
    recorder.dispose();
    await tapped.shutdown();
    await plain.shutdown();
  }
}

if (require.main === module) {
  void protocolViewRows().then((rows) => {
    for (const r of rows) console.log(`| ${r.what} | ${r.ours} | ${r.baseline} | ${r.ratio} | ${r.goal} |`);
    process.exit(0);
  });
}
