// Finding and signalling a process's descendants. Servers are often started through wrappers
// (npx, sh -c, uvx) whose own children would be orphaned if only the wrapper were killed.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';

/** All descendants of `pid` (children, grandchildren, …), deepest last. Empty when unknown. */
export async function descendantsOf(pid: number): Promise<number[]> {
  const parents = await parentMap();
  const children = new Map<number, number[]>();
  for (const [child, parent] of parents) {
    const list = children.get(parent) ?? [];
    list.push(child);
    children.set(parent, list);
  }
  const result: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const next = children.get(queue.shift()!) ?? [];
    result.push(...next);
    queue.push(...next);
  }
  return result;
}

async function parentMap(): Promise<Map<number, number>> {
  if (process.platform === 'linux') {
    try {
      return await parentMapFromProc();
    } catch {
      // fall through to ps
    }
  }
  if (process.platform === 'win32') return new Map();
  return parentMapFromPs();
}

/** Linux: each process's parent from /proc. Exported for the tests, which compare it with `ps`. */
export async function parentMapFromProc(): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  const entries = await readdir('/proc');
  await Promise.all(
    entries
      .filter((e) => /^\d+$/.test(e))
      .map(async (e) => {
        try {
          const stat = await readFile(`/proc/${e}/stat`, 'utf8');
          // Format: pid (comm) state ppid …; comm may contain spaces and parentheses.
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          map.set(Number(e), Number(fields[1]));
        } catch {
          // The process exited while we were looking.
        }
      }),
  );
  return map;
}

/** macOS and other Unix: each process's parent from `ps`. Exported so the tests run it on Linux too. */
export function parentMapFromPs(): Promise<Map<number, number>> {
  return new Promise((resolve) => {
    execFile('ps', ['-A', '-o', 'pid=,ppid='], (error, stdout) => {
      const map = new Map<number, number>();
      if (!error) {
        for (const line of stdout.split('\n')) {
          const [pid, ppid] = line.trim().split(/\s+/).map(Number);
          if (pid && ppid !== undefined) map.set(pid, ppid);
        }
      }
      resolve(map);
    });
  });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A zombie (exited, not yet reaped by its new parent) still answers signal 0 but is gone.
  if (process.platform === 'linux') {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
    } catch {
      return false;
    }
  }
  return true;
}

export function signal(pids: Iterable<number>, sig: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, sig);
    } catch {
      // Already gone.
    }
  }
}

/** Resolves true once none of `pids` is alive, false if `timeoutMs` passes first. */
export async function waitForExit(pids: number[], timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!pids.some(isAlive)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}
