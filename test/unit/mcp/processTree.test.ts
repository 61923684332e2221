// Finding and stopping what a server started: wrappers (npx, sh -c) leave children that must be stopped
// with them. Real processes throughout; `ps` (the macOS path) is run here too and must agree with /proc.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { descendantsOf, isAlive, parentMapFromProc, parentMapFromPs, signal, waitForExit } from '../../../src/mcp/processTree';
import { until } from '../../shared/until';

describe('process trees', function () {
  this.timeout(20_000);
  const started: ChildProcess[] = [];
  /** `sh -c script`; its pid once it runs. */
  const shell = (script: string) => {
    const child = spawn('/bin/sh', ['-c', script], { stdio: 'ignore' });
    started.push(child);
    return child.pid!;
  };
  afterEach(async () => {
    for (const child of started.splice(0)) {
      const pids = [child.pid!, ...(await descendantsOf(child.pid!))];
      signal(pids, 'SIGKILL');
      await waitForExit(pids, 5000);
    }
  });

  it('finds children and grandchildren, the deepest last', async () => {
    // sh → (sh → sleep) and sh → sleep: two children, one grandchild.
    const root = shell("/bin/sh -c 'sleep 30; true' & sleep 30; wait");
    await until('three descendants', async () => (await descendantsOf(root)).length === 3, 10_000);
    const found = await descendantsOf(root);
    const parents = await parentMapFromProc();
    assert.deepEqual(found.slice(0, 2).map((p) => parents.get(p)), [root, root], 'the children first');
    assert.notEqual(parents.get(found[2]!), root, 'then the grandchild');
    assert.ok(found.slice(0, 2).includes(parents.get(found[2]!)!), "the grandchild's parent is one of the children");
  });

  it('finds nothing under a process without children, or a pid that does not exist', async () => {
    const lone = shell('exec sleep 30');
    await until('running', () => isAlive(lone), 5000);
    assert.deepEqual(await descendantsOf(lone), []);
    assert.deepEqual(await descendantsOf(2 ** 22 + 1), []);
  });

  it('reads the same parents from ps as from /proc (the path macOS takes)', async () => {
    const root = shell("sleep 30 & /bin/sh -c 'sleep 30; true' & wait");
    await until('three descendants', async () => (await descendantsOf(root)).length === 3, 10_000);
    const [fromPs, fromProc] = [await parentMapFromPs(), await parentMapFromProc()];
    for (const pid of [root, ...(await descendantsOf(root))]) assert.equal(fromPs.get(pid), fromProc.get(pid), `parent of ${pid}`);
    assert.ok(fromPs.size > 3);
  });

  it('tells a live process from an exited one, and from a zombie its parent has not reaped', async () => {
    // The shell's first child exits at once; `exec` makes the shell a sleep that never reaps it.
    const parent = shell('sleep 0 & exec sleep 30');
    await until('the zombie', async () => (await descendantsOf(parent)).length === 1, 10_000);
    const [zombie] = await descendantsOf(parent);
    await until('the child to have exited', () => !isAlive(zombie!), 5000);
    assert.equal(isAlive(parent), true);
    assert.equal(isAlive(zombie!), false, 'exited: a zombie is not alive');
    signal([parent], 'SIGKILL');
    assert.equal(await waitForExit([parent], 5000), true);
    assert.equal(isAlive(parent), false);
  });

  it("takes a process it may not signal (another user's) as alive", () => {
    // As root every signal is allowed: act as nobody for the check, the way an ordinary user runs VS Code.
    const root = process.getuid?.() === 0;
    if (root) process.seteuid!(65534);
    try {
      assert.equal(isAlive(1), true);
    } finally {
      if (root) process.seteuid!(0);
    }
  });

  it('signals every pid, going past the ones already gone', async () => {
    const gone = shell('exit 0');
    await until('exited', () => !isAlive(gone), 5000);
    const live = shell('exec sleep 30');
    await until('running', () => isAlive(live), 5000);
    signal([gone, live], 'SIGTERM');
    assert.equal(await waitForExit([live], 5000), true);
  });

  it('waits for processes to exit, and says so when they do not in time', async () => {
    const live = shell('exec sleep 30');
    await until('running', () => isAlive(live), 5000);
    assert.equal(await waitForExit([live], 100), false);
    assert.equal(await waitForExit([live], 0), false, 'no time at all: still running');
    signal([live], 'SIGKILL');
    assert.equal(await waitForExit([live], 5000), true);
    assert.equal(await waitForExit([live], 0), true, 'already gone: true at once');
  });
});
