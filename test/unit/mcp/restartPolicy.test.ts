// When a crashed server is started again, and when the client gives up: the delays the user sees in
// the Servers view ("restarting in 2 s") and the count in "Gave up after 5 failures in 3 minutes".
import * as assert from 'node:assert/strict';
import { RestartPolicy, defaultRestartPolicy, type RestartDecision } from '../../../src/mcp/restartPolicy';

const SECOND = 1000;
const delays = (decisions: RestartDecision[]) => decisions.map((d) => (d.kind === 'retry' ? d.delayMs : 'giveUp'));

describe('RestartPolicy', () => {
  it('by default waits 1, 2, 4 and 8 s after quick crashes and gives up at the 5th within 3 minutes', () => {
    let now = 0;
    const policy = new RestartPolicy(undefined, () => now);
    const decisions = [0, 1, 2, 3, 4].map((i) => ((now = i * 20 * SECOND), policy.recordCrash()));
    assert.deepEqual(delays(decisions), [1000, 2000, 4000, 8000, 'giveUp']);
    assert.deepEqual(decisions.map((d) => (d.kind === 'retry' ? d.attempt : d.crashes)), [1, 2, 3, 4, 5]);
    assert.deepEqual(decisions[4], { kind: 'giveUp', crashes: 5, inARow: false }, 'crashes of a server that was running: counted in the window');
    assert.equal(policy.windowMinutes, 3);
    assert.deepEqual(defaultRestartPolicy, { initialDelayMs: 1000, maxDelayMs: 30_000, maxCrashes: 5, windowMs: 180_000 });
  });

  it('caps the delay at 30 s', () => {
    const policy = new RestartPolicy({ ...defaultRestartPolicy, maxCrashes: 10 }, () => 0);
    const decisions = Array.from({ length: 8 }, () => policy.recordCrash());
    assert.deepEqual(delays(decisions), [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('forgets crashes older than the window: a server crashing once a minute is restarted for ever', () => {
    let now = 0;
    const policy = new RestartPolicy(undefined, () => now);
    const decisions = Array.from({ length: 10 }, (_, i) => ((now = i * 60 * SECOND), policy.recordCrash()));
    // Three minutes after a crash it has left the window: at most three crashes are in it at a time.
    assert.deepEqual(delays(decisions), [1000, 2000, 4000, 4000, 4000, 4000, 4000, 4000, 4000, 4000]);
  });

  it('a crash just inside the window still counts; one exactly the window old does not', () => {
    let now = 0;
    const policy = new RestartPolicy({ ...defaultRestartPolicy, maxCrashes: 2 }, () => now);
    policy.recordCrash();
    now = 180 * SECOND - 1;
    assert.equal(policy.recordCrash().kind, 'giveUp');
    const fresh = new RestartPolicy({ ...defaultRestartPolicy, maxCrashes: 2 }, () => now);
    now = 0;
    fresh.recordCrash();
    now = 180 * SECOND;
    assert.deepEqual(fresh.recordCrash(), { kind: 'retry', delayMs: 1000, attempt: 1 });
  });

  it('gives up after 5 failed starts in a row, however far apart', () => {
    let now = 0;
    const policy = new RestartPolicy(undefined, () => now);
    // Each start fails after a 60 s timeout: never more than three in the 3-minute window.
    const decisions = Array.from({ length: 5 }, (_, i) => ((now = i * 100 * SECOND), policy.recordCrash(true)));
    assert.deepEqual(delays(decisions), [1000, 2000, 4000, 8000, 'giveUp']);
    assert.deepEqual(decisions[4], { kind: 'giveUp', crashes: 5, inARow: true });
  });

  it('a start that came up, or a crash of a running server, ends the run of failed starts', () => {
    let now = 0;
    const spaced = () => (now += 100 * SECOND);
    const policy = new RestartPolicy(undefined, () => now);
    for (let i = 0; i < 4; i++) (spaced(), policy.recordCrash(true));
    policy.recordRunning();
    spaced();
    assert.deepEqual(policy.recordCrash(true), { kind: 'retry', delayMs: 2000, attempt: 2 }, 'two crashes in the window, one failed start');

    const other = new RestartPolicy(undefined, () => now);
    for (let i = 0; i < 4; i++) (spaced(), other.recordCrash(true));
    spaced();
    assert.equal(other.recordCrash(false).kind, 'retry', 'the server was running when it crashed');
    spaced();
    assert.deepEqual(other.recordCrash(true), { kind: 'retry', delayMs: 2000, attempt: 2 });
  });

  it('starts from a clean slate after reset (a start the user asked for)', () => {
    let now = 0;
    const policy = new RestartPolicy(undefined, () => now);
    for (let i = 0; i < 4; i++) policy.recordCrash();
    policy.reset();
    assert.deepEqual(policy.recordCrash(), { kind: 'retry', delayMs: 1000, attempt: 1 });

    const starts = new RestartPolicy(undefined, () => now);
    for (let i = 0; i < 4; i++) ((now += 100 * SECOND), starts.recordCrash(true));
    starts.reset();
    now += 1000 * SECOND;
    assert.deepEqual(starts.recordCrash(true), { kind: 'retry', delayMs: 1000, attempt: 1 }, 'the failed starts are forgotten too');
  });

  it('names the window in whole minutes', () => {
    assert.equal(new RestartPolicy({ ...defaultRestartPolicy, windowMs: 10 * 60_000 }).windowMinutes, 10);
    assert.equal(new RestartPolicy({ ...defaultRestartPolicy, windowMs: 150_000 }).windowMinutes, 3);
  });
});
