// Issue 30: stopping a server looked up its process tree by reading every process's /proc/<pid>/stat, each
// through fs.promises.readFile (a /proc file says it is empty, so each read took a 64 KB chunk), all at once;
// the 20 lookups of stopping 20 servers left the extension host ~60–90 MB of RSS it never gave back, and the
// .vscode/mcp.json sharing watcher did one more every 5 s. These tests count what is read: a tree lookup
// reads only the files of the processes in that tree (and this process's own children list), one at a time.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { childrenOf, descendantsOf, isAlive, signal } from '../../../src/mcp/processTree';
import { until } from '../../shared/until';
import { procReads } from './processTrees';

const pidOf = (path: string) => Number(/^\/proc\/(\d+)\//.exec(path)?.[1]);

describe('Process trees (Linux /proc)', function () {
  this.timeout(20_000);
  const started: ChildProcess[] = [];
  const sleepers = new Set<number>();
  after(() => signal([...started.map((c) => c.pid!), ...sleepers].filter(isAlive), 'SIGKILL'));
  before(function () {
    if (process.platform !== 'linux') this.skip();
  });

  /** `sh` running two `sleep`s: a small tree whose leaves are known. */
  async function tree(): Promise<{ root: number; leaves: number[] }> {
    const sh = spawn('sh', ['-c', 'sleep 30 & sleep 30 & echo $!; wait'], { stdio: ['ignore', 'pipe', 'ignore'] });
    started.push(sh);
    await new Promise((resolve) => sh.stdout!.once('data', resolve));
    const leaves = await descendantsOf(sh.pid!);
    await until('both sleeps to run', async () => (await descendantsOf(sh.pid!)).length === 2, 5000);
    for (const pid of await descendantsOf(sh.pid!)) sleepers.add(pid);
    return { root: sh.pid!, leaves: leaves.length === 2 ? leaves : await descendantsOf(sh.pid!) };
  }

  it("finds a server's descendants reading only the files of its own tree, one at a time", async () => {
    const { root, leaves } = await tree();
    const { result, paths, mostAtOnce } = await procReads(() => descendantsOf(root));
    assert.deepEqual([...result].sort(), [...leaves].sort(), 'the two sleeps');
    const strangers = paths.filter((p) => ![root, ...leaves, process.pid].includes(pidOf(p)));
    assert.deepEqual(strangers, [], `read other processes' files (${paths.length} /proc reads in all)`);
    assert.ok(mostAtOnce <= 1, `${mostAtOnce} /proc files were read at once`);
  });

  it('twenty lookups at once (20 servers stopping) read one /proc file at a time, each only its tree', async () => {
    const { root, leaves } = await tree();
    const { paths, mostAtOnce } = await procReads(() => Promise.all(Array.from({ length: 20 }, () => descendantsOf(root))));
    assert.ok(mostAtOnce <= 1, `${mostAtOnce} /proc files were read at once`);
    assert.deepEqual(paths.filter((p) => ![root, ...leaves, process.pid].includes(pidOf(p))), [], `read other processes' files (${paths.length} /proc reads in all)`);
  });

  it("lists this process's children (what VS Code runs beside us) from their own files only", async () => {
    const { root } = await tree();
    const { result, paths } = await procReads(() => childrenOf(process.pid));
    const mine = result.find((p) => p.pid === root);
    assert.ok(mine, 'the sh child is listed');
    assert.equal(mine.argv?.[0], 'sh');
    const children = new Set(result.map((p) => p.pid));
    const strangers = paths.filter((p) => pidOf(p) !== process.pid && !children.has(pidOf(p)));
    assert.deepEqual(strangers, [], `read other processes' files (${paths.length} /proc reads in all)`);
    const unwanted = await procReads(() => childrenOf(process.pid, (program) => program === 'no-such-program'));
    assert.deepEqual(unwanted.result, []);
    assert.deepEqual(unwanted.paths.filter((p) => /\/(environ|cwd)$/.test(p)), [], 'no environment read for programs not asked about');
    // Our own servers (skipped) are not read at all: one that is exiting can hold a read of its cmdline.
    const skipped = await procReads(() => childrenOf(process.pid, () => true, (pid) => pid === root));
    assert.equal(skipped.result.find((p) => p.pid === root), undefined);
    assert.deepEqual(skipped.paths.filter((p) => pidOf(p) === root), [], 'nothing of the skipped process was read');
  });
});
