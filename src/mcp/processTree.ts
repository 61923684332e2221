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
  const children = process.platform === 'linux' && hasChildrenFiles() ? directChildren : childrenIn(await parentMap());
  const result: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const next = children(queue.shift()!);
    result.push(...next);
    queue.push(...next);
  }
  return result;
}

/** The children of `pid` from the kernel's lists: each of its threads lists those it started. */
function directChildren(pid: number): number[] {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return []; // gone
  }
  return threads.flatMap((tid) => (procFile(`/proc/${pid}/task/${tid}/children`) ?? '').split(' ').filter(Boolean).map(Number));
}

/**
 * Whether this kernel has /proc/<pid>/task/<tid>/children (CONFIG_PROC_CHILDREN). Asked each time (one small
 * read): remembering it would save little, and would keep a test from standing in for a kernel without them.
 */
function hasChildrenFiles(): boolean {
  return procFile(`/proc/${process.pid}/task/${process.pid}/children`) !== undefined;
}

/** Each process's children, from a table of each process's parent. */
function childrenIn(parents: Map<number, number>): (pid: number) => number[] {
  const children = new Map<number, number[]>();
  for (const [child, parent] of parents) {
    const list = children.get(parent);
    if (list) list.push(child);
    else children.set(parent, [child]);
  }
  return (pid) => children.get(pid) ?? [];
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

/** Each process's parent: from /proc on Linux, else from `ps`; empty on Windows. */
export async function parentMap(): Promise<Map<number, number>> {
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
    if (stat) map.set(Number(e), Number(statFields(stat)[1])); // undefined: exited meanwhile
  }
  return map;
}

/**
 * The fields of a /proc/<pid>/stat after the program's name: state, parent, …. The name (`pid (comm) state
 * ppid …`) may hold spaces and parentheses, so the fields start after its last `)`.
 */
function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** `ps`'s table (a failed `ps`, or none installed, prints nothing: an empty table). */
function parentMapFromPs(): Promise<Map<number, number>> {
  return new Promise((resolve) => {
    execFile('ps', ['-A', '-o', 'pid=,ppid='], (_error, stdout) => {
      const map = new Map<number, number>();
      for (const line of stdout.split('\n')) {
        const [pid = 0, ppid = 0] = line.trim().split(/\s+/).map(Number);
        if (pid) map.set(pid, ppid);
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
    return stat !== undefined && statFields(stat)[0] !== 'Z';
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
  const children = process.platform === 'linux' && hasChildrenFiles() ? directChildren(parent) : childrenIn(await parentMap())(parent);
  // Skipped before anything is read: reading the cmdline of a process that is exiting can wait on the
  // kernel for as long as it takes to tear down (the servers being stopped, issue 30's stop profile).
  const pids = children.filter((pid) => !skip(pid));
  if (process.platform !== 'linux') return commandLines(pids);
  return pids.flatMap((pid): ObservedProcess[] => {
    const cmdline = procFile(`/proc/${pid}/cmdline`);
    if (!cmdline) return []; // gone meanwhile, or exited (a zombie keeps no arguments)
    // Each argument ends in a NUL; a process that renamed itself (process.title) pads its new name with NULs.
    const argv = cmdline.replace(/\0+$/, '').split('\0');
    // The environment and folder are read only for the programs asked about (issue 30: the extension host's
    // environment, copied into every child, was parsed for each of them every few seconds).
    if (!wanted(argv[0]!)) return [];
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
      // Gone meanwhile: no folder.
    }
    return [{ pid, argv, commandLine: argv.join(' '), env, ...(cwd ? { cwd } : {}) }];
  });
}

function commandLines(pids: number[]): Promise<ObservedProcess[]> {
  if (pids.length === 0) return Promise.resolve([]);
  return new Promise((resolve) => {
    // A failed `ps` (the processes exited meanwhile, or none installed) prints nothing: an empty list.
    execFile('ps', ['-o', 'pid=,command=', '-p', pids.join(',')], (_error, stdout) => {
      resolve(
        stdout
          .split('\n')
          .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
          .filter((m): m is RegExpExecArray => !!m)
          .map((m) => ({ pid: Number(m[1]), commandLine: m[2]! })),
      );
    });
  });
}
