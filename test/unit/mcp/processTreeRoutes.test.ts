// Each way processTree.ts reads a process tree gives the same answer, on a real tree this test starts:
// the kernel's children lists (Linux), every process's /proc/<pid>/stat (Linux kernels without those lists),
// `ps` (macOS; procps answers the same on Linux), nothing (Windows). A stopped server whose grandchildren
// were missed keeps running; a server VS Code runs that is missed is started a second time.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childrenOf, descendantsOf, isAlive, parentMap } from '../../../src/mcp/processTree';
import { until } from '../../shared/until';
import { asIfOn, platform, restorePlatform, procReads, programOf, Started, stateOf, withoutChildrenFiles, withUnreadable } from './processTrees';

describe('Process trees, every route', function () {
  this.timeout(20_000);
  const started = new Started();
  before(function () {
    if (platform !== 'linux') this.skip();
  });
  afterEach(restorePlatform);
  after(() => started.killAll());

  /** sh → (sleep A, sh S → sleep B): a tree two levels deep, its pids known. */
  async function tree(): Promise<{ root: number; a: number; s: number; b: number }> {
    const { child, numbers } = await started.sh(`sleep 60 & echo $!; sh -c 'sleep 60 & echo $$ $!; wait' & wait`, 2);
    const [a, s, b] = numbers as [number, number, number];
    return { root: child.pid!, a, s, b };
  }

  it('finds children and grandchildren the same way on every route, deepest last', async () => {
    const { root, a, s, b } = await tree();
    const expected = [a, s, b].sort();
    const linux = await descendantsOf(root);
    assert.deepEqual([...linux].sort(), expected, 'from the children lists');
    assert.equal(linux[2], b, 'the grandchild after the children');
    const stat = await withoutChildrenFiles(() => procReads(() => descendantsOf(root)));
    assert.deepEqual([...stat.result].sort(), expected, 'from every /proc/<pid>/stat');
    assert.ok(stat.paths.includes('/proc/1/stat'), 'read from the whole /proc table');
    const ps = await asIfOn('darwin', () => procReads(() => descendantsOf(root)));
    assert.deepEqual([...ps.result].sort(), expected, 'from ps');
    assert.deepEqual(ps.paths, [], 'nothing read under /proc where there is none');
    assert.deepEqual(await asIfOn('win32', () => descendantsOf(root)), [], 'Windows tells nothing');
    assert.deepEqual(await descendantsOf(b), [], 'a leaf has none');
    // A thread that ends while its children list is read: what the others list is still found.
    const vanished = await withUnreadable(new RegExp(`^/proc/${s}/task/`), () => descendantsOf(root));
    assert.deepEqual([...vanished].sort(), [a, s].sort(), "all but the sh whose list could not be read's child");
  });

  it('finds nothing below a process that is gone, on every route', async () => {
    const gone = (await started.sh('echo $$', 1)).child.pid!;
    await until('the short sh to be reaped', () => stateOf(gone) === undefined, 10_000);
    assert.deepEqual(await descendantsOf(gone), [], 'children lists');
    assert.deepEqual(await withoutChildrenFiles(() => descendantsOf(gone)), [], '/proc/<pid>/stat');
    assert.deepEqual(await asIfOn('darwin', () => descendantsOf(gone)), [], 'ps');
    assert.deepEqual(await childrenOf(gone), [], 'children lists');
    assert.deepEqual(await asIfOn('darwin', () => childrenOf(gone)), [], 'ps');
  });

  it("reads each process's parent from /proc and from ps alike, even with parentheses in a program's name", async () => {
    const { root, a, s, b } = await tree();
    // The name in /proc/<pid>/stat is the program's file name, in parentheses: it may hold anything.
    const folder = mkdtempSync(join(tmpdir(), 'mcp-tree-'));
    const odd = join(folder, 'x) S 1 (y');
    symlinkSync(execFileSync('sh', ['-c', 'command -v sleep']).toString().trim(), odd);
    try {
      const { child, numbers } = await started.sh('"$0" 60 & echo $!; wait', 1, { args: [odd] });
      const [oddSleep] = numbers as [number];
      await until('the oddly named sleep to run', () => programOf(oddSleep) === 'x) S 1 (y', 10_000);
      for (const [route, table] of [
        ['/proc', await parentMap()],
        ['ps', await asIfOn('darwin', () => parentMap())],
      ] as const) {
        assert.deepEqual(
          [table.get(root), table.get(a), table.get(s), table.get(b), table.get(oddSleep), table.get(1)],
          [process.pid, root, root, s, child.pid, 0],
          `${route}: sh's parent is this process, each sleep's its sh, init's is 0`,
        );
        assert.ok([...table.keys()].every((pid) => Number.isInteger(pid) && pid > 0), `${route}: only processes`);
      }
      assert.equal(isAlive(oddSleep), true, 'the oddly named sleep runs');
      // An orphan (its sh exited) gets init, or a subreaper, as its parent: a short pid, padded in ps's column.
      const orphaned = await started.sh('sleep 60 & echo $!', 1);
      const orphan = orphaned.numbers[0]!;
      await until('the orphan to be adopted', async () => ![undefined, orphaned.child.pid].includes((await parentMap()).get(orphan)), 10_000);
      const adopter = (await parentMap()).get(orphan);
      assert.equal((await asIfOn('darwin', () => parentMap())).get(orphan), adopter, "ps: the orphan's new parent");
      const partial = await withUnreadable(new RegExp(`^/proc/${a}/stat$`), () => parentMap());
      assert.deepEqual([partial.has(a), partial.get(s)], [false, root], 'a process that ended while the table was read is left out');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    assert.equal((await asIfOn('win32', () => parentMap())).size, 0, 'Windows tells nothing');
  });

  describe("this process's children (the servers VS Code runs beside us)", () => {
    let folder: string;
    before(() => (folder = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-tree-')))));
    after(() => rmSync(folder, { recursive: true, force: true }));

    /** A child with a known environment (larger than one 16 KB read) and folder, its last argument ending in a space. */
    async function child() {
      const big = Array.from({ length: 4000 }, (_, i) => i).join(',');
      const env = { PATH: process.env.PATH!, MCP_TREE_PAIR: 'a=b=c', MCP_TREE_BIG: big };
      const script = 'sleep 60 & echo $!; wait';
      const { child, numbers } = await started.sh(script, 1, { env, cwd: folder, args: ['last '] });
      return { pid: child.pid!, sleep: numbers[0]!, env, argv: ['sh', '-c', script, 'last '] };
    }

    it('lists each with its arguments, environment and folder on Linux, its command line from ps elsewhere', async () => {
      const { pid, sleep, env, argv } = await child();
      assert.ok(Buffer.byteLength(Object.entries(env).join('\0')) > 16 * 1024);
      const programs: string[] = [];
      const linux = (await childrenOf(process.pid, (program) => (programs.push(program), true))).find((p) => p.pid === pid);
      assert.deepEqual(linux, { pid, argv, commandLine: argv.join(' '), env, cwd: folder });
      assert.ok(programs.includes('sh'), 'asked about the program, argv[0]');
      const ps = await asIfOn('darwin', () => procReads(() => childrenOf(process.pid)));
      assert.deepEqual(
        ps.result.find((p) => p.pid === pid),
        { pid, commandLine: argv.join(' ') },
        "ps's command line is the arguments joined, the space ending the last one kept",
      );
      assert.deepEqual(ps.paths, [], 'nothing read under /proc where there is none');
      // ps pads the pid column: init's line (pid 1, a child of 0) starts with spaces, whatever pids the test got.
      const init = async () => (await childrenOf(0)).find((p) => p.pid === 1)?.commandLine;
      const fromProc = await withoutChildrenFiles(init);
      assert.ok(fromProc, 'init is listed');
      assert.equal(await asIfOn('darwin', init), fromProc, "init's command line, from ps and from /proc");
      assert.deepEqual(await asIfOn('win32', () => childrenOf(process.pid)), [], 'Windows tells nothing');
      assert.deepEqual(await asIfOn('darwin', () => childrenOf(sleep)), [], 'ps: a process without children');
      const unreadable = await withUnreadable(new RegExp(`^/proc/${pid}/(environ|cwd)$`), () => childrenOf(process.pid));
      assert.deepEqual(unreadable.find((p) => p.pid === pid), { pid, argv, commandLine: argv.join(' '), env: {} }, 'environment and folder unknown');
    });

    it('leaves out a child that exited (a zombie), and takes the name a process gave itself as its one argument', async () => {
      const { child, numbers } = await started.sh('sleep 0 & echo $!; exec sleep 60', 1);
      await until('the sleep 0 to be a zombie', () => stateOf(numbers[0]!) === 'Z', 10_000);
      assert.deepEqual(await childrenOf(child.pid!), [], 'the zombie is not listed');
      const titled = await started.sh(`"$0" -e "process.title = 'mcp-tree-titled'; console.log(process.pid); setInterval(() => {}, 60_000)" a b & wait`, 1, { args: [process.execPath] });
      const listed = await childrenOf(titled.child.pid!);
      assert.deepEqual(listed.map((p) => [p.pid, p.argv, p.commandLine]), [[titled.numbers[0], ['mcp-tree-titled'], 'mcp-tree-titled']]);
    });

    it('reads nothing of a skipped child, and no environment or folder of a program not asked about', async () => {
      const { pid } = await child();
      for (const platform of ['linux', 'darwin'] as const) {
        const skipped = await asIfOn(platform, () => procReads(() => childrenOf(process.pid, () => true, (p) => p === pid)));
        assert.equal(skipped.result.find((p) => p.pid === pid), undefined, `${platform}: skipped`);
        assert.deepEqual(skipped.paths.filter((p) => p.startsWith(`/proc/${pid}/`)), [], `${platform}: nothing of it read`);
      }
      const unwanted = await procReads(() => childrenOf(process.pid, (program) => program !== 'sh'));
      assert.equal(unwanted.result.find((p) => p.pid === pid), undefined, 'not listed');
      assert.deepEqual(unwanted.paths.filter((p) => p.startsWith(`/proc/${pid}/`)), [`/proc/${pid}/cmdline`], 'only its arguments read');
      const onlySh = await withoutChildrenFiles(() => childrenOf(process.pid, (program) => program === 'sh'));
      assert.deepEqual(onlySh.find((p) => p.pid === pid)?.env?.MCP_TREE_PAIR, 'a=b=c', 'found through /proc/<pid>/stat too');
    });

    it('leaves out a child that exits while the list is read', async () => {
      // The sleep is killed (and reaped by its sh) after it was listed, before it is read.
      for (const platform of ['linux', 'darwin'] as const) {
        const { child, numbers } = await started.sh('sleep 60 & echo $!; wait', 1);
        const [sleep] = numbers as [number];
        const gone = (pid: number) => {
          if (pid !== sleep) return false;
          process.kill(sleep, 'SIGKILL');
          while (stateOf(sleep) !== undefined) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
          return false;
        };
        assert.deepEqual(await asIfOn(platform, () => childrenOf(child.pid!, () => true, gone)), [], platform);
      }
    });
  });
});
