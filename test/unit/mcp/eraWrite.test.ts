// Issue 30: the era verdict (mcp/eraMemory.ts) is written to VS Code's globalState, whose update resolves
// only after a round trip to the window. A start awaited that write between the server's answer to
// `initialize` and the session becoming running, so every server's lists waited on the window (the
// client's own share of a start was 13× VS Code's in the peer bench). A start must not wait on it.
import * as assert from 'node:assert/strict';
import { EraMemory, type KeyValueStore } from '../../../src/mcp/eraMemory';
import type { McpSession } from '../../../src/mcp/session';
import { SessionState } from '../../../src/mcp/sessionState';
import { definition, newSession, stdio } from '../helpers';
import { until } from '../../shared/until';

/** A store whose writes land only when the test says so, as globalState's wait for the window. */
class HeldStore implements KeyValueStore {
  readonly values = new Map<string, unknown>();
  readonly held: (() => void)[] = [];
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  update(key: string, value: unknown): Promise<void> {
    return new Promise((resolve) => this.held.push(() => (this.values.set(key, value), resolve())));
  }
}

describe('The era verdict and the start (issue 30)', function () {
  this.timeout(30_000);
  const sessions: McpSession[] = [];
  afterEach(() => Promise.all(sessions.splice(0).map((s) => s.shutdown())));

  it('runs and lists tools while the era write is still on its way, and the verdict lands afterwards', async () => {
    const store = new HeldStore();
    const memory = new EraMemory(store);
    const def = definition('held', stdio('fixtureServer', ['--era=legacy']));
    const session = newSession(def, { eraMemory: memory }, sessions);
    let started = false;
    const start = session.start().then(() => (started = true));
    try {
      // Liveness, not speed: with the write held for ever, a start that waits on it never ends.
      await until('the start to end while the era write is held', () => started, 15_000).catch(() => undefined);
      assert.equal(started, true, `the start waited on the era write (writes held: ${store.held.length})`);
      assert.equal(session.state.kind, 'running', SessionState.failure(session.state));
      assert.equal((await session.listTools()).length, 9, 'tools/list answered with the write held');
      assert.equal(store.held.length, 1, 'one era write, still held');
    } finally {
      store.held.splice(0).forEach((land) => land());
      await start;
    }
    assert.equal(memory.recall(def.transport as never), 'legacy', 'the verdict is kept once the write lands');
  });
});
