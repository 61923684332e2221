// The questions a session's state answers, for every state a session can be in: what the Servers view's
// menus, the notifications, the catalogs and the commands rely on instead of reading the fields.
import * as assert from 'node:assert/strict';
import { SessionState } from '../../../src/mcp/sessionState';

const states: Record<string, SessionState> = {
  stopped: { kind: 'stopped' },
  heldBack: { kind: 'stopped', reason: 'Not started: this workspace is not trusted.' },
  starting: { kind: 'starting' },
  running: { kind: 'running' },
  retrying: { kind: 'error', message: 'exited with code 1', retryInMs: 2000 },
  gaveUp: { kind: 'error', message: 'exited with code 1', gaveUp: true },
  failedForGood: { kind: 'error', message: 'command not found: nope' },
  needsAuth: { kind: 'error', message: 'Sign-in required.', needsAuth: true },
};

/** The names of the states for which `question` says yes. */
const yes = (question: (state: SessionState) => boolean) => Object.keys(states).filter((name) => question(states[name]!));

describe('SessionState questions', () => {
  it('tells running, starting, stopped and failed apart', () => {
    assert.deepEqual(yes(SessionState.isRunning), ['running']);
    assert.deepEqual(yes(SessionState.isStarting), ['starting']);
    assert.deepEqual(yes(SessionState.isStopped), ['stopped', 'heldBack']);
    assert.deepEqual(yes(SessionState.isFailed), ['retrying', 'gaveUp', 'failedForGood', 'needsAuth']);
  });

  it('says what the Servers view offers: Start, Stop, Restart, Sign In', () => {
    assert.deepEqual(yes(SessionState.canStart), ['stopped', 'heldBack', 'retrying', 'gaveUp', 'failedForGood', 'needsAuth']);
    // A failure that is retried can be stopped; one that gave up has nothing left to stop.
    assert.deepEqual(yes(SessionState.canStop), ['starting', 'running', 'retrying', 'failedForGood', 'needsAuth']);
    assert.deepEqual(yes(SessionState.canRestart), ['running', 'retrying', 'gaveUp', 'failedForGood', 'needsAuth']);
    assert.deepEqual(yes(SessionState.needsAuth), ['needsAuth']);
  });

  it('knows a server held back on purpose, one that gave up, and why it failed', () => {
    assert.deepEqual(yes(SessionState.isHeldBack), ['heldBack']);
    // No retry scheduled: gave up after the crash limit, or a failure that retrying cannot fix.
    assert.deepEqual(yes(SessionState.hasGivenUp), ['gaveUp', 'failedForGood', 'needsAuth']);
    assert.equal(SessionState.failure(states.retrying!), 'exited with code 1');
    assert.equal(SessionState.failure(states.running!), undefined);
  });
});
