// Issue 25, defect 10: no server outlives its extension host, even when the host is killed with SIGKILL
// and its servers ignore stdin closing and SIGTERM. A stand-in host (test/fixtures/hosts/sessionHost.ts)
// starts two such servers with the extension's session code, one behind a wrapper that would orphan it;
// the test SIGKILLs the host and then checks the process table: every server process is gone.
import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { isAlive, signal } from '../../../src/mcp/processTree';
import { until } from '../../shared/until';

/** Every process on this machine whose command line carries `tag` (ps, as a person would look). */
function processesWith(tag: string): string[] {
  return execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(tag) && !line.includes('ps -eo'));
}

describe('Servers and a killed extension host', function () {
  this.timeout(60_000);
  const tag = `reaper-${process.pid}-${Date.now()}`;
  let leftovers: number[] = [];
  // Whatever the outcome, nothing of this test stays (on code without the reaper, the servers would).
  after(() => signal(leftovers.filter(isAlive), 'SIGKILL'));

  it('leaves no server process behind after the host is killed with SIGKILL', async () => {
    const host = spawn(process.execPath, [join(__dirname, '..', '..', 'fixtures', 'hosts', 'sessionHost.js'), tag], { stdio: ['ignore', 'pipe', 'inherit'] });
    const { pids } = await new Promise<{ pids: number[] }>((resolve, reject) => {
      let out = '';
      host.stdout!.on('data', (chunk) => {
        out += String(chunk);
        const ready = /ready (\{.*\})/.exec(out);
        if (ready) resolve(JSON.parse(ready[1]!) as { pids: number[] });
        if (/failed /.test(out)) reject(new Error(out));
      });
      host.once('exit', (code) => reject(new Error(`the host exited with ${code}: ${out}`)));
    }).catch((error: unknown) => {
      host.kill('SIGKILL');
      throw error;
    });
    leftovers = [host.pid!];
    leftovers.push(...pids);
    assert.equal(pids.length, 3, 'two servers, one with its wrapper');
    assert.ok(pids.every(isAlive), 'all running');
    assert.equal(processesWith(tag).length, 4, `the host and its three: ${processesWith(tag).join('\n')}`);

    host.kill('SIGKILL');
    await until('every server process to be gone', () => !pids.some(isAlive) && processesWith(tag).length === 0, 20_000).catch(() => undefined);
    assert.deepEqual(processesWith(tag), [], 'no process of the servers is left');
    assert.deepEqual(pids.filter(isAlive), []);
  });
});
