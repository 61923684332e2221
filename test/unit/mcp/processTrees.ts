// Real process trees for the process-tree tests (processTree*.test.ts), and the ways those tests look at
// what src/mcp/processTree.ts does with them: which /proc files it reads, and which of its routes it takes
// (it picks one by process.platform and by whether the kernel has /proc/<pid>/task/<tid>/children). The
// routes themselves run for real: `ps` answers on Linux too, so the macOS route is tested here as well.
import { spawn, type ChildProcess } from 'node:child_process';

// The module object itself (not an ES namespace copy), so that the wrappers below are what processTree calls.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fs = require('node:fs') as typeof import('node:fs');

/** The /proc paths read while `action` runs, through any of fs's ways of reading, and the most read at once. */
export async function procReads<T>(action: () => Promise<T> | T): Promise<{ result: T; paths: string[]; mostAtOnce: number }> {
  const paths: string[] = [];
  let inFlight = 0;
  let mostAtOnce = 0;
  const seen = (path: unknown) => typeof path === 'string' && path.startsWith('/proc/') && paths.push(path);
  const originals = { openSync: fs.openSync, readFileSync: fs.readFileSync, readFile: fs.promises.readFile, readlinkSync: fs.readlinkSync };
  fs.openSync = ((path: string, ...rest: unknown[]) => (seen(path), (originals.openSync as (...a: unknown[]) => number)(path, ...rest))) as typeof fs.openSync;
  fs.readFileSync = ((path: string, ...rest: unknown[]) => (seen(path), (originals.readFileSync as (...a: unknown[]) => unknown)(path, ...rest))) as typeof fs.readFileSync;
  fs.readlinkSync = ((path: string, ...rest: unknown[]) => (seen(path), (originals.readlinkSync as (...a: unknown[]) => unknown)(path, ...rest))) as typeof fs.readlinkSync;
  fs.promises.readFile = (async (path: string, ...rest: unknown[]) => {
    seen(path);
    mostAtOnce = Math.max(mostAtOnce, ++inFlight);
    try {
      return await (originals.readFile as (...a: unknown[]) => Promise<unknown>)(path, ...rest);
    } finally {
      inFlight--;
    }
  }) as typeof fs.promises.readFile;
  try {
    return { result: await action(), paths, mostAtOnce };
  } finally {
    Object.assign(fs, { openSync: originals.openSync, readFileSync: originals.readFileSync, readlinkSync: originals.readlinkSync });
    fs.promises.readFile = originals.readFile;
  }
}

const realPlatform = Object.getOwnPropertyDescriptor(process, 'platform')!;
/** The platform this test runs on, whatever asIfOn says meanwhile. */
export const platform = realPlatform.value as NodeJS.Platform;

/**
 * Runs `action` with processTree believing it runs on `platform` (it reads process.platform each time). A test
 * whose action never ends (a mutant's) would leave it so for the next: the suites also `afterEach(realPlatform)`.
 */
export async function asIfOn<T>(platform: NodeJS.Platform, action: () => Promise<T> | T): Promise<T> {
  Object.defineProperty(process, 'platform', { ...realPlatform, value: platform });
  try {
    return await action();
  } finally {
    restorePlatform();
  }
}

export function restorePlatform(): void {
  Object.defineProperty(process, 'platform', realPlatform);
}

/** Runs `action` with the /proc paths `pattern` matches unreadable, as if what they describe ended meanwhile. */
export async function withUnreadable<T>(pattern: RegExp, action: () => Promise<T> | T): Promise<T> {
  const { openSync, readlinkSync } = fs;
  const refuse = (path: unknown) => {
    if (typeof path === 'string' && pattern.test(path)) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
  };
  fs.openSync = ((path: string, ...rest: unknown[]) => (refuse(path), (openSync as (...a: unknown[]) => number)(path, ...rest))) as typeof fs.openSync;
  fs.readlinkSync = ((path: string, ...rest: unknown[]) => (refuse(path), (readlinkSync as (...a: unknown[]) => unknown)(path, ...rest))) as typeof fs.readlinkSync;
  try {
    return await action();
  } finally {
    Object.assign(fs, { openSync, readlinkSync });
  }
}

/** Runs `action` as on a Linux kernel without CONFIG_PROC_CHILDREN: no /proc/<pid>/task/<tid>/children. */
export function withoutChildrenFiles<T>(action: () => Promise<T> | T): Promise<T> {
  return withUnreadable(/^\/proc\/\d+\/task\/\d+\/children$/, action);
}

/** The state letter of /proc/<pid>/stat (R, S, Z, …), read here without processTree; undefined when gone. */
export function stateOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0];
  } catch {
    return undefined;
  }
}

/** The program /proc/<pid>/comm names (its name once it has started, its parent's before); undefined when gone. */
export function programOf(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Processes the tests started, killed (SIGKILL, without processTree) by `killAll`. */
export class Started {
  private readonly pids = new Set<number>();

  /** `sh -c script` with `options`; resolves once it printed `lines` lines, with the numbers they hold. */
  async sh(script: string, lines: number, options: { detached?: boolean; env?: NodeJS.ProcessEnv; cwd?: string; args?: string[]; uid?: number } = {}): Promise<{ child: ChildProcess; numbers: number[] }> {
    const child = spawn('sh', ['-c', script, ...(options.args ?? [])], { stdio: ['ignore', 'pipe', 'ignore'], detached: options.detached ?? false, env: options.env ?? process.env, cwd: options.cwd, uid: options.uid, gid: options.uid });
    this.pids.add(child.pid!);
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.split('\n').length > lines) resolve();
      });
      child.once('exit', () => reject(new Error(`sh exited before printing ${lines} lines: ${out}`)));
    });
    const numbers = out.split(/\s+/).filter(Boolean).map(Number);
    for (const pid of numbers) this.pids.add(pid);
    return { child, numbers };
  }

  /** Kills the processes started, the last started (the deepest) first, so that their parents can reap them. */
  killAll(): void {
    for (const pid of [...this.pids].reverse()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    this.pids.clear();
  }
}
