// How the compatibility matrix finds a server's processes (test/matrix/processes.ts), with real processes:
// the tree under the process that was started, and a process that left that tree (re-parented by a shell
// that exited) found by the marker in its environment; a record whose process ended is not running, and
// a leftover is reported until it is killed.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { kill, leftAfter, MARKER, serverProcesses, stillRunning } from '../../matrix/processes';
import { until } from '../../shared/until';

describe('matrix: a server’s processes', () => {
  const marker = `unit-${process.pid}-${Date.now()}/leaky`;
  let server: ChildProcess | undefined;
  afterEach(async () => {
    server?.kill('SIGKILL');
    kill(await serverProcesses(marker, []));
  });

  it('finds the started process, its child, and a daemon that left the tree; all of them until they end', async function () {
    this.timeout(30_000);
    // A "server" (sh) with a child (sleep), which starts a second sleep through a shell that exits at once:
    // that one is re-parented away from the tree, and only the marker finds it.
    server = spawn('sh', ['-c', 'sh -c "sleep 300 &"; sleep 300'], { env: { ...process.env, [MARKER]: marker }, stdio: 'ignore' });
    const found = await until('the three processes', async () => {
      const records = await serverProcesses(marker, [server!.pid!]);
      return records.filter((r) => r.command.startsWith('sleep')).length === 2 && records;
    }, 10_000);
    assert.ok(found.some((r) => r.pid === server!.pid), 'the started process');
    server.kill('SIGKILL');
    const left = await leftAfter(found, 2000);
    assert.deepEqual(left.map((r) => r.command).sort(), ['sleep 300', 'sleep 300'], 'both sleeps outlive the killed server');
    kill(left);
    assert.deepEqual(await leftAfter(left, 5000), []);
    assert.deepEqual(stillRunning(found), []);
  });

  it('finds nothing of a server that never ran', async () => {
    assert.deepEqual(await serverProcesses(`${marker}-none`, []), []);
  });
});
