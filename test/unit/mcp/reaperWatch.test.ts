// The reaper as the extension host drives it (ProcessReaper, src/mcp/processReaper.ts), in this process:
// groups it is told of and told are gone, a reaper that died and its replacement, a reaper that cannot run,
// and what it costs the host. The host's death itself is processReaper.test.ts's (a stand-in host killed
// with SIGKILL); here its end of the pipe is closed instead, which is what the kernel does when it dies.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { ProcessReaper } from '../../../src/mcp/processReaper';
import { isAlive, signal } from '../../../src/mcp/processTree';
import { until } from '../../shared/until';
import { groupOf } from './stdioStandIns';

/** Leads a process group of its own (as each stdio server does); `stubborn` ignores SIGTERM; `withChild` starts one in its group. */
function groupLeader(options: { stubborn?: boolean; withChild?: boolean } = {}): { pid: number; child?: number; ready: Promise<void> } {
  const keep = `${options.stubborn ? "process.on('SIGTERM', () => {});" : ''} setInterval(() => {}, 1000);`;
  const program = options.withChild
    ? `const c = require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(keep)}], { stdio: 'ignore' }); console.log(c.pid); ${keep}`
    : `console.log(0); ${keep}`;
  const leader = spawn(process.execPath, ['-e', program], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
  const result: { pid: number; child?: number; ready: Promise<void> } = { pid: leader.pid!, ready: Promise.resolve() };
  // Ready once it has printed (its SIGTERM handler is set before), with its child's pid if it has one.
  result.ready = new Promise((resolve) => leader.stdout!.once('data', (d: Buffer) => resolve(void (options.withChild && (result.child = Number(String(d).trim()))))));
  return result;
}

/** The host's end of the reaper's pipe (closed by the kernel when the host dies; closed here by hand). */
const pipeOf = (reaper: ProcessReaper) => (reaper as unknown as { input: Writable }).input;

describe('ProcessReaper: what the extension host tells its watchdog', function () {
  this.timeout(30_000);
  const started: number[] = [];
  const leader = (options?: Parameters<typeof groupLeader>[0]) => {
    const l = groupLeader(options);
    started.push(l.pid);
    return l;
  };
  afterEach(() => {
    for (const pid of started.splice(0)) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Reaped, as it should be.
      }
    }
  });

  it('ends every group it was told of once the host’s end of its pipe closes: SIGTERM, then SIGKILL; not those it was told are gone', async () => {
    const errors: string[] = [];
    const reaper = new ProcessReaper((m) => errors.push(m));
    const polite = leader();
    const stubborn = leader({ stubborn: true, withChild: true });
    const forgotten = leader();
    await Promise.all([polite.ready, stubborn.ready, forgotten.ready]);
    for (const l of [polite, stubborn, forgotten]) reaper.watch(l.pid);
    reaper.unwatch(forgotten.pid);
    assert.deepEqual([polite, stubborn, forgotten].map((l) => reaper.isOurs(l.pid)), [true, true, false]);
    const reaperPid = reaper.pid!;
    assert.equal(groupOf(reaperPid), reaperPid, 'a group of its own: a signal to the host’s group does not take it');
    assert.match(readFileSync(`/proc/${reaperPid}/cmdline`, 'utf8').split('\0').at(-2)!, /^mcp-client-reaper$/, 'ps names it');
    assert.ok(readFileSync(`/proc/${reaperPid}/environ`, 'utf8').split('\0').includes('ELECTRON_RUN_AS_NODE=1'), 'plain Node under VS Code’s Electron');
    pipeOf(reaper).end();
    await until('the groups it knew to be gone', () => ![polite.pid, stubborn.pid, stubborn.child!].some(isAlive), 15_000);
    assert.equal(isAlive(forgotten.pid), true, 'the group it was told is gone is not its to end');
    await until('the reaper itself to end', () => !isAlive(reaperPid), 5000);
    assert.deepEqual(errors, []);
  });

  it('is replaced when it died: the new one learns every server there is; forgetting a server starts none', async () => {
    const reaper = new ProcessReaper();
    const [a, b, c] = [leader(), leader(), leader()];
    await Promise.all([a.ready, b.ready, c.ready]);
    reaper.watch(a.pid);
    reaper.watch(b.pid);
    const first = reaper.pid!;
    process.kill(first, 'SIGKILL');
    await until('the host to see it go', () => reaper.pid === undefined, 5000);
    reaper.unwatch(b.pid);
    assert.equal(reaper.pid, undefined, 'no reaper started only to be told to forget');
    reaper.watch(c.pid);
    assert.ok(reaper.pid && reaper.pid !== first, 'a new reaper');
    pipeOf(reaper).end();
    await until('a and c ended by the new reaper', () => !isAlive(a.pid) && !isAlive(c.pid), 15_000);
    assert.equal(isAlive(b.pid), true);
  });

  it('survives telling a reaper that has just died, and tells the next one', async () => {
    const reaper = new ProcessReaper();
    const [a, b, c] = [leader(), leader(), leader()];
    await Promise.all([a.ready, b.ready, c.ready]);
    reaper.watch(a.pid);
    const first = reaper.pid!;
    process.kill(first, 'SIGKILL');
    // Dead, and the host has not seen it yet (no event can run in this loop): this line goes to a broken pipe.
    while (isAlive(first));
    reaper.watch(b.pid);
    await until('the host to see it go', () => reaper.pid === undefined, 5000);
    reaper.watch(c.pid);
    pipeOf(reaper).end();
    await until('all three ended by the next reaper', () => ![a.pid, b.pid, c.pid].some(isAlive), 15_000);
  });

  it('does not keep the host running: neither its process nor its pipe holds the host’s event loop', () => {
    const holding = () => process.getActiveResourcesInfo().filter((r) => r === 'ProcessWrap' || r === 'PipeWrap').length;
    const l = leader();
    const before = holding();
    const reaper = new ProcessReaper();
    reaper.watch(l.pid);
    assert.ok(reaper.pid);
    assert.equal(holding(), before);
    signal([reaper.pid], 'SIGKILL');
  });

  it('says once, in the extension host’s log, that servers are not guarded when it cannot run, and keeps track all the same', async () => {
    const logged: string[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void logged.push(args.join(' '));
    try {
      const missing = new ProcessReaper(undefined, '/nonexistent/node');
      missing.watch(101);
      await until('the message', () => logged[0], 5000);
      missing.watch(102);
      assert.equal(missing.pid, undefined);
      assert.equal(missing.isOurs(102), true);
      const unusable = new ProcessReaper(undefined, 'no\0de');
      unusable.watch(103);
      unusable.watch(104);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      console.error = consoleError;
    }
    const says = (why: string) =>
      `MCP Client: The watchdog that ends servers when VS Code's extension host dies could not run (${why}); servers are still stopped when the extension stops normally.`;
    assert.equal(logged.length, 2, logged.join('\n'));
    assert.equal(logged[0], says('spawn /nonexistent/node ENOENT'));
    assert.match(logged[1]!, /^MCP Client: The watchdog that ends servers .* could not run \(.*null bytes.*\); servers are still stopped/);
  });
});
