// Finding and signalling a process's descendants. Servers are often started through wrappers
// (npx, sh -c, uvx) whose own children would be orphaned if only the wrapper were killed.
import { execFile } from 'node:child_process';
import { closeSync, openSync, readdirSync, readlinkSync, readSync } from 'node:fs';

// Linux reads /proc synchronously, one file at a time, into one reused buffer (procFile below). Issue 30:
// a /proc file reports size 0, so fs.promises.readFile read each one in a 64 KB chunk; a scan of every
// /proc/<pid>/stat did hundreds of those at once, and the 20 scans of stopping 20 servers left the extension
// host's RSS ~60–90 MB higher for good (freed, but fragmented in the allocator; the JS heap was unchanged).
// Where the kernel has /proc/<pid>/task/<tid>/children, a process's tree is walked from there, reading only
// the files of the processes in it, instead of every process's stat.

/** All descendants of `pid` (children, grandchildren, …), deepest last. Empty when unknown. */
export async function descendantsOf(pid: number): Promise<number[]> {
  if (process.platform === 'linux') {
    const walked = walkChildren(pid);
    if (walked) return walked;
  }
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

/** The descendants of `pid` from the kernel's children lists, breadth first; undefined where there are none. */
function walkChildren(pid: number): number[] | undefined {
  if (!hasChildrenFiles()) return undefined;
  const result: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const next = directChildren(queue.shift()!);
    result.push(...next);
    queue.push(...next);
  }
  return result;
}

/** The children of `pid`: each of its threads lists those it started. */
function directChildren(pid: number): number[] {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return []; // gone
  }
  return threads.flatMap((tid) => (procFile(`/proc/${pid}/task/${tid}/children`) ?? '').split(' ').filter(Boolean).map(Number));
}

let childrenFiles: boolean | undefined;
/** Whether this kernel has /proc/<pid>/task/<tid>/children (CONFIG_PROC_CHILDREN). */
function hasChildrenFiles(): boolean {
  return (childrenFiles ??= procFile(`/proc/${process.pid}/task/${process.pid}/children`) !== undefined);
}

let scratch: Buffer | undefined;
/** A /proc file's text (undefined when it cannot be read), read into one buffer reused for every file. */
export function procFile(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    scratch ??= Buffer.allocUnsafe(16 * 1024);
    const chunks: Buffer[] = [];
    for (let n; (n = readSync(fd, scratch, 0, scratch.length, null)) > 0; ) chunks.push(Buffer.from(scratch.subarray(0, n)));
    return Buffer.concat(chunks).toString('utf8');
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

async function parentMap(): Promise<Map<number, number>> {
  if (process.platform === 'linux') {
    try {
      return parentMapFromProc();
    } catch {
      // fall through to ps
    }
  }
  if (process.platform === 'win32') return new Map();
  return parentMapFromPs();
}

function parentMapFromProc(): Map<number, number> {
  const map = new Map<number, number>();
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    const stat = procFile(`/proc/${e}/stat`);
    // Format: pid (comm) state ppid …; comm may contain spaces and parentheses. Undefined: exited meanwhile.
    if (stat) map.set(Number(e), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  return map;
}

function parentMapFromPs(): Promise<Map<number, number>> {
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
    const stat = procFile(`/proc/${pid}/stat`);
    return stat !== undefined && stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
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

/** Whether a process of the group `leader` led is still there (never on Windows: no process groups). */
export function groupAlive(leader: number): boolean {
  if (process.platform === 'win32') return false;
  try {
    process.kill(-leader, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Resolves true once none of `pids` is alive, false if `timeoutMs` passes first. */
export function waitForExit(pids: number[], timeoutMs: number): Promise<boolean> {
  return pollUntil(() => !pids.some(isAlive), timeoutMs);
}

/** Resolves true once no process of the group `leader` led is left, false if `timeoutMs` passes first. */
export function waitForGroupExit(leader: number, timeoutMs: number): Promise<boolean> {
  return pollUntil(() => !groupAlive(leader), timeoutMs);
}

async function pollUntil(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (done()) return true;
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
 * The processes whose parent is `parent` and whose program `wanted` accepts (this extension host's own children, for config/vscodeMcpJson.ts:
 * VS Code's MCP support starts its stdio servers from the extension host too), leaving out unread those
 * `skip` names. Linux reads /proc; macOS asks `ps`; Windows tells nothing (an empty list).
 */
export async function childrenOf(parent: number, wanted: (program: string) => boolean = () => true, skip: (pid: number) => boolean = () => false): Promise<ObservedProcess[]> {
  if (process.platform === 'win32') return [];
  const children = process.platform === 'linux' && hasChildrenFiles() ? directChildren(parent) : [...(await parentMap())].filter(([, ppid]) => ppid === parent).map(([pid]) => pid);
  // Skipped before anything is read: reading the cmdline of a process that is exiting can wait on the
  // kernel for as long as it takes to tear down (the servers being stopped, issue 30's stop profile).
  const pids = children.filter((pid) => !skip(pid));
  if (process.platform !== 'linux') return commandLines(pids);
  return pids.flatMap((pid): ObservedProcess[] => {
    const cmdline = procFile(`/proc/${pid}/cmdline`);
    if (cmdline === undefined) return []; // gone meanwhile
    const argv = cmdline.split('\0').slice(0, -1);
    // The environment and folder are read only for the programs asked about (issue 30: the extension host's
    // environment, copied into every child, was parsed for each of them every few seconds).
    if (!wanted(argv[0] ?? '')) return [];
    const env = Object.fromEntries(
      (procFile(`/proc/${pid}/environ`) ?? '')
        .split('\0')
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    );
    let cwd: string | undefined;
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      cwd = undefined;
    }
    return [{ pid, argv, commandLine: argv.join(' '), env, ...(cwd ? { cwd } : {}) }];
  });
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
