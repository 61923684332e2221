// Whether a server's processes are still there, and how they are ended (src/mcp/processTree.ts), on real
// processes this test starts: a process that exited but was not reaped (a zombie) is gone, a process group
// is signalled as a whole, and the waits end when the processes do. A stop that believes a process gone
// while it runs leaves it running; one that never believes it gone waits for nothing.
import * as assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { groupAlive, isAlive, procFile, signal, signalGroup, waitForExit, waitForGroupExit } from '../../../src/mcp/processTree';
import { asIfOn, platform, restorePlatform, procReads, programOf, Started, stateOf } from './processTrees';
import { until } from '../../shared/until';

/** Why signal 0 to `pid` fails (undefined: it does not). */
function refusal(pid: number): string | undefined {
  try {
    process.kill(pid, 0);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code;
  }
}

describe('Process liveness and signals', function () {
  this.timeout(30_000);
  const started = new Started();
  before(function () {
    if (platform !== 'linux') this.skip();
  });
  afterEach(restorePlatform);
  after(() => started.killAll());

  it('a running process is alive, an exited one is not, a zombie is not (on Linux), whatever answers signal 0', async () => {
    const { child, numbers } = await started.sh('sleep 0 & echo $!; exec sleep 60', 1);
    const [zombie] = numbers as [number];
    const holder = child.pid!; // sh, then (exec) the sleep 60 that never reaps the sleep 0
    await until('the sleep 0 to be a zombie', () => stateOf(zombie) === 'Z', 10_000);
    assert.doesNotThrow(() => process.kill(zombie, 0), 'a zombie answers signal 0');
    assert.equal(isAlive(zombie), false, 'a zombie is gone');
    assert.equal(isAlive(holder), true);
    const mac = await asIfOn('darwin', () => procReads(() => [isAlive(holder), isAlive(zombie)]));
    assert.deepEqual(mac.result, [true, true], 'without /proc, signal 0 is all there is to go by');
    assert.deepEqual(mac.paths, [], 'nothing read under /proc where there is none');
    child.kill('SIGKILL');
    await until('the holder to be reaped', () => stateOf(holder) === undefined, 10_000);
    assert.equal(isAlive(holder), false, 'gone');
  });

  it('a process that may not be signalled is alive (EPERM), and so is its group', async function () {
    if (process.getuid?.() !== 0 || !process.seteuid) this.skip();
    // Run by one user, looked at as another (neither may signal the other; root's own right is set aside with its uid).
    const { child } = await started.sh('sleep 60 & echo $!; wait', 1, { detached: true, uid: 65533 });
    process.seteuid(65534);
    let seen: [boolean, boolean, string | undefined];
    try {
      seen = [isAlive(child.pid!), groupAlive(child.pid!), refusal(child.pid!)];
    } finally {
      process.seteuid(0);
    }
    assert.deepEqual(seen, [true, true, 'EPERM']);
  });

  it('signals every process of a group, even one that left the parent chain, and waits for the group to end', async () => {
    // The leader reaps its children when told to stop, so that no zombie of the group outlives the test.
    const script = `trap 'wait; exit 0' TERM; sleep 60 & a=$!; sleep 60 & echo $a $!; wait`;
    const { child, numbers } = await started.sh(script, 1, { detached: true });
    const leader = child.pid!;
    // Until a sleep has started, its fork still holds the trap, and would take the signal for the leader's.
    await until('both sleeps to run', () => numbers.every((pid) => programOf(pid) === 'sleep'), 10_000);
    assert.equal(groupAlive(leader), true);
    assert.equal(await waitForGroupExit(leader, 0), false, 'still there');
    await asIfOn('win32', () => signalGroup(leader, 'SIGKILL'));
    assert.deepEqual([leader, ...numbers].map(isAlive), [true, true, true], 'Windows has no process groups: nothing signalled');
    assert.equal(await asIfOn('win32', () => groupAlive(leader)), false, 'Windows has no process groups');
    signalGroup(leader, 'SIGTERM');
    assert.equal(await waitForGroupExit(leader, 20_000), true, 'the group ended');
    assert.deepEqual([leader, ...numbers].map(isAlive), [false, false, false], 'the leader and both sleeps');
    assert.equal(groupAlive(leader), false);
    assert.doesNotThrow(() => signalGroup(leader, 'SIGKILL'), 'a group that is gone');
  });

  it('signals each process named, past those already gone', async () => {
    const { numbers } = await started.sh('sleep 60 & echo $!; sleep 60 & echo $!; wait', 2);
    const [first, second] = numbers as [number, number];
    const gone = (await started.sh('echo $$', 1)).child.pid!;
    await until('the short sh to exit', () => stateOf(gone) === undefined, 10_000);
    signal([gone, first, second], 'SIGKILL');
    assert.equal(await waitForExit([first, second], 20_000), true);
  });

  it('waits until every process named is gone, or says it is not after the time given', async () => {
    const { numbers } = await started.sh('sleep 60 & echo $!; wait', 1);
    const [sleep] = numbers as [number];
    assert.equal(await waitForExit([], 0), true, 'nothing to wait for');
    assert.equal(await waitForExit([sleep], 0), false, 'still running');
    const waited = waitForExit([sleep], 20_000); // looks once at once, then every 25 ms
    process.kill(sleep, 'SIGKILL');
    assert.equal(await waited, true, 'ended while waited for');
  });

  it('reads a /proc file of any length, and nothing that is not one, closing every file it opens', () => {
    const fds = () => readdirSync('/proc/self/fd').length;
    const before = fds();
    const mounts = procFile('/proc/self/mountinfo');
    assert.match(mounts ?? '', /\n$/);
    assert.equal(procFile('/proc/self/no-such-file'), undefined);
    assert.equal(procFile('/proc/self'), undefined, 'a folder');
    for (let i = 0; i < 20; i++) procFile('/proc/self/stat'), procFile('/proc/self');
    assert.equal(fds(), before, 'no file left open');
  });
});
