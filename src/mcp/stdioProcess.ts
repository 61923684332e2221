// Watches and stops the child process behind the stdio transport: the exit code and signal for
// error messages, the last stderr lines, and stopping the whole process tree.
import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { ManagedStdioTransport } from './managedStdioTransport';
import { processReaper } from './processReaper';
import { descendantsOf, signal, signalGroup, waitForExit, waitForGroupExit } from './processTree';

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface StopTimings {
  /** After closing stdin, how long to wait before SIGTERM. */
  graceMs: number;
  /** After SIGTERM, how long to wait before SIGKILL. */
  termMs: number;
}

export const defaultStopTimings: StopTimings = { graceMs: 2000, termMs: 2000 };

const STDERR_TAIL_LINES = 20;

export class StdioProcess {
  private child: ChildProcess | undefined;
  private exitInfo: ExitInfo | undefined;
  private readonly tail: string[] = [];
  private onExit: (() => void) | undefined;
  /** stop() runs: the reaper keeps the group until stop() is done with it. */
  private stopping = false;

  constructor(
    transport: ManagedStdioTransport,
    onStderrLine: (line: string) => void,
    onStarted: (pid: number) => void,
    /** What of a stderr line is the server's (a sandbox launcher's reports are taken out); undefined: nothing. */
    serverPart: (line: string) => string | undefined = (line) => line,
  ) {
    const stderr = transport.stderr as Readable | null;
    let partial = '';
    const push = (line: string) => {
      const own = serverPart(line);
      if (own !== undefined) this.pushLine(own, onStderrLine);
    };
    stderr?.setEncoding('utf8');
    stderr?.on('data', (chunk: string) => {
      const lines = (partial + chunk).split(/\r?\n/);
      partial = lines.pop() ?? '';
      for (const line of lines) push(line);
    });
    stderr?.on('end', () => partial && push(partial));

    transport.onSpawn = (child: ChildProcess) => {
      this.child = child;
      const pid = child.pid!; // set: the process has spawned
      // Ended by the reaper if this extension host dies before the server does (processReaper.ts).
      processReaper.watch(pid);
      child.once('exit', (code, sig) => {
        this.exitInfo = { code, signal: sig };
        // Its group may live on (a child it left behind): stop() still signals the group; then it is done.
        if (!this.stopping) processReaper.unwatch(pid);
        this.onExit?.();
      });
      onStarted(pid);
    };
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get exit(): ExitInfo | undefined {
    return this.exitInfo;
  }

  /** Resolves once the process has exited, or after `ms`, whichever comes first. */
  async waitForExit(ms: number): Promise<void> {
    if (this.exitInfo || !this.child) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.onExit = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  get stderrTail(): string[] {
    return [...this.tail];
  }

  /** "exited with code 1", "was killed by SIGKILL", or undefined while running. */
  describeExit(): string | undefined {
    const e = this.exitInfo;
    if (!e) return undefined;
    return e.signal ? `was killed by ${e.signal}` : `exited with code ${e.code}`;
  }

  /**
   * Close stdin, wait, SIGTERM, wait, SIGKILL, for the server and every process it started: its process
   * group (which holds what it left behind: a child whose parent exited is in no parent chain any more),
   * and its descendants (one may have left the group: a session of its own).
   * Descendants are collected before anything is signalled, since orphans lose their parent link.
   */
  async stop(timings: StopTimings = defaultStopTimings): Promise<void> {
    const child = this.child;
    if (!child) return;
    const pid = child.pid!; // set: this.child is set once the process has spawned
    this.stopping = true;
    try {
      const tree = new Set(await descendantsOf(pid));
      const all = () => [pid, ...tree];
      try {
        child.stdin!.end();
      } catch {
        // The pipe may already be broken; signals follow.
      }
      if (await this.exited(all, pid, timings.graceMs)) return;
      // What the server started while its input closed (an ended server has no descendants left to read).
      for (const p of await descendantsOf(pid)) tree.add(p);
      signalGroup(pid, 'SIGTERM');
      signal(all(), 'SIGTERM');
      if (await this.exited(all, pid, timings.termMs)) return;
      signalGroup(pid, 'SIGKILL');
      signal(all(), 'SIGKILL');
      await waitForExit(all(), 1000);
    } finally {
      processReaper.unwatch(pid);
    }
  }

  /**
   * Whether the server, `all()` and the process group `group` led ended within `ms`: the server's own exit
   * event first (issue 30: polling every 25 ms added half a poll on average to every stop), then the rest polled.
   */
  private async exited(all: () => number[], group: number, ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    const left = () => Math.max(0, deadline - Date.now());
    await this.waitForExit(ms);
    return (await waitForExit(all(), left())) && (await waitForGroupExit(group, left()));
  }

  private pushLine(line: string, onStderrLine: (line: string) => void): void {
    this.tail.push(line);
    if (this.tail.length > STDERR_TAIL_LINES) this.tail.shift();
    onStderrLine(line);
  }
}
