// Finding and signalling a process's descendants. Servers are often started through wrappers
// (npx, sh -c, uvx) whose own children would be orphaned if only the wrapper were killed.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile, readlink } from 'node:fs/promises';

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

/**
 * Signals the process group `leader` leads (Linux and macOS: a stdio server is spawned as a group leader,
 * managedStdioTransport.ts), which reaches processes that left the parent chain. No-op on Windows.
 */
export function signalGroup(leader: number, sig: NodeJS.Signals): void {
  if (process.platform === 'win32') return;
  try {
    process.kill(-leader, sig);
  } catch {
    // The group is gone (or was never one).
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

/** A running process as far as this platform tells: its argument vector, and on Linux its environment and folder. */
export interface ObservedProcess {
  pid: number;
  /** The argument vector (Linux); on macOS only `commandLine`, its words joined by spaces, is known. */
  argv?: string[];
  commandLine: string;
  env?: Record<string, string>;
  cwd?: string;
}

/**
 * The processes whose parent is `parent` (this extension host's own children, for config/vscodeMcpJson.ts:
 * VS Code's MCP support starts its stdio servers from the extension host too). Linux reads /proc; macOS
 * asks `ps`; Windows tells nothing (an empty list).
 */
export async function childrenOf(parent: number): Promise<ObservedProcess[]> {
  const parents = process.platform === 'win32' ? new Map<number, number>() : await parentMap();
  const pids = [...parents].filter(([, ppid]) => ppid === parent).map(([pid]) => pid);
  if (process.platform !== 'linux') return commandLines(pids);
  const found = await Promise.all(
    pids.map(async (pid): Promise<ObservedProcess | undefined> => {
      try {
        const argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').slice(0, -1);
        const env = Object.fromEntries(
          (await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => ''))
            .split('\0')
            .filter(Boolean)
            .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
        );
        const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => undefined);
        return { pid, argv, commandLine: argv.join(' '), env, ...(cwd ? { cwd } : {}) };
      } catch {
        return undefined; // gone meanwhile
      }
    }),
  );
  return found.filter((p): p is ObservedProcess => !!p);
}

function commandLines(pids: number[]): Promise<ObservedProcess[]> {
  if (pids.length === 0) return Promise.resolve([]);
  return new Promise((resolve) => {
    execFile('ps', ['-o', 'pid=,command=', '-p', pids.join(',')], (error, stdout) => {
      if (error) return resolve([]);
      resolve(
        stdout
          .split('\n')
          .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
          .filter((m): m is RegExpExecArray => !!m)
          .map((m) => ({ pid: Number(m[1]), commandLine: m[2]!.trim() })),
      );
    });
  });
}
