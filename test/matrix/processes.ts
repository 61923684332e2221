// A server's processes as the matrix counts and follows them: the process the extension started and
// every descendant (a wrapper's children, a browser a server launched), read from /proc. Each is kept with
// its start time, so that a later process that happens to get the same pid is not taken for a leftover.
import { readFileSync } from 'node:fs';
import { descendantsOf } from '../../src/mcp/processTree';
import type { ProcessRecord } from './plan';

function stat(pid: number): { started: number; state: string } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ": state is field 3, start time field 22; comm may hold spaces and parentheses.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, started: Number(fields[19]) };
  } catch {
    return undefined;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 200);
  } catch {
    return '';
  }
}

/** `root` and its descendants, as they are now. */
export async function processTree(root: number): Promise<ProcessRecord[]> {
  const records: ProcessRecord[] = [];
  for (const pid of [root, ...(await descendantsOf(root))]) {
    const s = stat(pid);
    if (s && s.state !== 'Z') records.push({ pid, started: s.started, command: commandLine(pid) });
  }
  return records;
}

/** The records whose process still runs (same pid, same start time, not a zombie). */
export function stillRunning(records: ProcessRecord[]): ProcessRecord[] {
  return records.filter((r) => {
    const s = stat(r.pid);
    return s !== undefined && s.state !== 'Z' && s.started === r.started;
  });
}

/** Polls until none of `records` runs, or `timeoutMs` passes; returns those left. */
export async function leftAfter(records: ProcessRecord[], timeoutMs: number): Promise<ProcessRecord[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = stillRunning(records);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Ends leftovers (after they were recorded), so that one row's leftover does not linger into the next run. */
export function kill(records: ProcessRecord[]): void {
  for (const r of stillRunning(records)) {
    try {
      process.kill(r.pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

export const describe = (r: ProcessRecord): string => `pid ${r.pid}: ${r.command}`;
