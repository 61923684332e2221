// A server's processes as the matrix counts and follows them, read from /proc: the process the extension
// started and every descendant (a wrapper's children, a browser a server launched), and every process
// that carries the server's marker in its environment (the runner gives each server
// MCP_CLIENT_MATRIX_SERVER=<run>/<name>; children inherit it), which finds a process that left the tree (a
// daemon that re-parented itself) as well. Each is kept with its start time, so that a later process that
// happens to get the same pid is not taken for a leftover.
import { readdirSync, readFileSync } from 'node:fs';
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

export const MARKER = 'MCP_CLIENT_MATRIX_SERVER';

/** The processes whose environment holds `MCP_CLIENT_MATRIX_SERVER=<marker>`. */
export function markedProcesses(marker: string): number[] {
  const entry = `${MARKER}=${marker}`;
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(entry);
    } catch {
      return false; // gone, or not ours to read
    }
  });
}

/** The processes of a server now: the trees under `roots` and every process with its marker. */
export async function serverProcesses(marker: string, roots: number[]): Promise<ProcessRecord[]> {
  const pids = new Set(markedProcesses(marker));
  for (const root of roots) for (const pid of [root, ...(await descendantsOf(root))]) pids.add(pid);
  const records: ProcessRecord[] = [];
  for (const pid of [...pids].sort((a, b) => a - b)) {
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
