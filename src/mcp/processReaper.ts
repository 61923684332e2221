// No server outlives the extension host that started it, however the host ends (issue 25, defect 10: after
// a browser reload, server-pdf, which ignores stdin closing, kept running with parent PID 1; the
// close-stdin → SIGTERM stop had not finished before the host went). The stop sequence of stdioProcess.ts
// needs a living host; this needs none.
//
// The mechanism: one small watchdog process per extension host (the "reaper"), started with the first
// server. The host holds the write end of the reaper's stdin pipe and tells it each server's process group
// as it starts ("+<pid>") and as it ends ("-<pid>"). The pipe closes when the host's process ends, in
// whatever way, SIGKILL included, since the kernel closes a dead process's files; the reaper sees the end of
// its input, signals every group it still knows (SIGTERM, then SIGKILL for what is left after a grace
// period) and exits. Node opens the pipe close-on-exec, so no server inherits it (a server holding it
// open would keep the reaper waiting).
//   - Linux and macOS: each stdio server is spawned as the leader of its own process group
//     (managedStdioTransport.ts), so a group signal reaches everything it started, wrappers (npx, sh -c)
//     and grandchildren included, even after they were re-parented. A process that makes its own session
//     (setsid) leaves the group; that is a daemon by intent.
//   - Windows: no process groups; the reaper ends each server's tree with `taskkill /T /F`, which follows
//     parent links from the server's pid (those survive the host's death).
// Normal stops still go through stdioProcess.ts (close stdin first, as the spec asks); the reaper only acts
// when its host is gone. If the reaper cannot be started (an unusual Node), servers run as before and
// the failure is logged once.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import type { Writable } from 'node:stream';

/** The reaper's whole program, run with `node -e`: plain Node, no files. */
const REAPER = String.raw`
'use strict';
const groups = new Set();
let input = '';
let reaping = false;
const windows = process.platform === 'win32';
const alive = (pid) => { try { process.kill(windows ? pid : -pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
function signal(sig) {
  for (const pid of groups) {
    if (windows) { try { require('child_process').spawnSync('taskkill', ['/pid', String(pid), '/T', '/F'], { windowsHide: true }); } catch {} }
    else { try { process.kill(-pid, sig); } catch {} }
  }
}
function reap() {
  if (reaping) return;
  reaping = true;
  signal('SIGTERM');
  const deadline = Date.now() + 3000;
  const check = setInterval(() => {
    for (const pid of groups) if (!alive(pid)) groups.delete(pid);
    if (groups.size > 0 && Date.now() < deadline) return;
    clearInterval(check);
    signal('SIGKILL');
    process.exit(0);
  }, 100);
}
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  input += chunk;
  for (let end; (end = input.indexOf('\n')) >= 0; input = input.slice(end + 1)) {
    const line = input.slice(0, end);
    const pid = Number(line.slice(1));
    if (!Number.isInteger(pid) || pid <= 0) continue;
    if (line[0] === '+') groups.add(pid);
    else if (line[0] === '-') groups.delete(pid);
  }
});
process.stdin.on('end', reap);
process.stdin.on('close', reap);
process.stdin.on('error', reap);
// Only the end of its input ends it: a terminal's or a group's signals are not about its host.
for (const sig of ['SIGINT', 'SIGHUP', 'SIGTERM']) { try { process.on(sig, sig === 'SIGTERM' ? reap : () => {}); } catch {} }
`;

export class ProcessReaper {
  private child?: ChildProcess;
  private input?: Writable;
  private failed = false;
  /** Every server process not yet ended, told again to a reaper that replaces one that died. */
  private readonly watched = new Set<number>();

  constructor(
    private readonly onError: (message: string) => void = (message) => console.error(`MCP Client: ${message}`),
    /** The Node the reaper runs on: the extension host's own. */
    private readonly node = process.execPath,
  ) {}

  /** Whether `pid` is one of the servers this extension host started (and has not seen end). */
  isOurs(pid: number): boolean {
    return this.watched.has(pid);
  }

  /** The reaper's pid (for tests), once it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** `pid` is a server's process (its group's leader on Linux and macOS): reaped if this host dies first. */
  watch(pid: number): void {
    this.watched.add(pid);
    this.send(`+${pid}`);
  }

  /** The server has ended (or was stopped): nothing to reap for it. */
  unwatch(pid: number): void {
    if (this.watched.delete(pid) && this.input) this.send(`-${pid}`);
  }

  private send(line: string): void {
    const fresh = !this.input;
    const input = this.start();
    // A reaper started now (the first, or one replacing a reaper that died) learns every server there is.
    // A write to a reaper that has just died fails on its own (its pipe's error is ignored, below); the
    // servers it was told of are told to the next one.
    if (fresh && input) input.write(`${[...this.watched].map((pid) => `+${pid}`).join('\n')}\n`);
    else input?.write(`${line}\n`);
  }

  private start(): Writable | undefined {
    if (this.input || this.failed) return this.input;
    try {
      // The host's own Node (in desktop VS Code an Electron binary, which ELECTRON_RUN_AS_NODE makes a Node).
      // Detached: its own process group, so a signal to the host's group does not take it first.
      // Its program travels in the environment: `ps` shows a short line that says what it is.
      const child = spawn(this.node, ['-e', 'eval(process.env.MCP_CLIENT_REAPER)', 'mcp-client-reaper'], {
        stdio: ['pipe', 'ignore', 'ignore'],
        detached: true,
        windowsHide: true,
        env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', MCP_CLIENT_REAPER: REAPER },
      });
      child.on('error', (error) => this.fail(error.message));
      // It ends only when this host has gone (or someone killed it): a new one for the servers to come. (A new
      // one is started only once this is done, so it is always the current one that ends here.)
      child.on('exit', () => (this.child = this.input = undefined));
      child.stdin!.on('error', () => undefined);
      // Neither the process nor its pipe keeps this host running.
      child.unref();
      (child.stdin as Socket).unref();
      this.child = child;
      this.input = child.stdin!;
    } catch (error) {
      this.fail((error as Error).message);
    }
    return this.input;
  }

  /** Once at most: a failed reaper is never started again (start() checks `failed`). */
  private fail(message: string): void {
    this.failed = true;
    this.child = this.input = undefined;
    this.onError(`The watchdog that ends servers when VS Code's extension host dies could not run (${message}); servers are still stopped when the extension stops normally.`);
  }
}

/** The one reaper of this extension host. */
export const processReaper = new ProcessReaper();
