import * as assert from 'node:assert/strict';
import { RestartScheduler } from '../../../src/devmode/restartScheduler';
import { until } from '../../shared/until';

describe('dev-mode restart scheduling', () => {
  it('turns a burst of changes into one restart', async () => {
    let restarts = 0;
    const scheduler = new RestartScheduler(async () => void restarts++, 10);
    for (let i = 0; i < 20; i++) scheduler.changed();
    await until('a restart', () => restarts > 0);
    // A second burst proves the first produced exactly one (the scheduler serialises them).
    scheduler.changed();
    await until('the second restart', () => restarts > 1);
    assert.equal(restarts, 2);
    scheduler.dispose();
  });

  it('queues exactly one more restart for changes during a restart', async () => {
    const runs: (() => void)[] = [];
    let restarts = 0;
    const scheduler = new RestartScheduler(() => {
      restarts++;
      return new Promise<void>((resolve) => runs.push(resolve));
    }, 0);
    scheduler.changed();
    await until('the first restart to begin', () => runs.length === 1);
    for (let i = 0; i < 5; i++) scheduler.changed();
    runs[0]!();
    await until('the queued restart to begin', () => runs.length === 2);
    runs[1]!();
    scheduler.changed();
    await until('a later change to restart again', () => runs.length === 3);
    runs[2]!();
    assert.equal(restarts, 3);
    scheduler.dispose();
  });

  it('survives a failed restart and restarts on the next change', async () => {
    let calls = 0;
    const scheduler = new RestartScheduler(async () => {
      calls++;
      if (calls === 1) throw new Error('boom');
    }, 0);
    scheduler.changed();
    await until('the failing restart', () => calls === 1);
    scheduler.changed();
    await until('the next restart', () => calls === 2);
    scheduler.dispose();
  });

  it('does nothing after dispose', async () => {
    let calls = 0;
    const scheduler = new RestartScheduler(async () => void calls++, 0);
    scheduler.changed();
    scheduler.dispose();
    scheduler.changed();
    // Another scheduler's restart, scheduled after, runs: had the disposed one fired, it would have too.
    let other = 0;
    const probe = new RestartScheduler(async () => void other++, 0);
    probe.changed();
    await until('the probe', () => other === 1);
    assert.equal(calls, 0);
  });
});
