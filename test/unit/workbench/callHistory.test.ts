// The call history's store: a real session started with an `${input:…}` value (as the input resolver
// hands it over), a tool call by hand whose arguments and result both carry that value: what lands in
// workspaceState has it masked everywhere, keys included. Also the caps, pinning and clearing.
import * as assert from 'node:assert/strict';
import type { HandCall } from '../../../src/common/handCalls';
import type { McpSession } from '../../../src/mcp/session';
import { CallHistory, HISTORY_KEY, MAX_RESULT_CHARS, MAX_UNPINNED, type MementoLike } from '../../../src/workbench/history/callHistory';
import { maskDeep } from '../../../src/workbench/maskDeep';
import { definition, newSession, stdio, waitForState } from '../helpers';

class Memento implements MementoLike {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    // As VS Code stores it: JSON.
    this.values.set(key, JSON.parse(JSON.stringify(value)));
  }
  raw(): string {
    return JSON.stringify(this.values.get(HISTORY_KEY));
  }
}

const call = (overrides: Partial<HandCall> = {}): HandCall => ({ kind: 'tool', server: 's', name: 'echo', arguments: { text: 'hi' }, startedAt: 1_700_000_000_000, durationMs: 12.4, outcome: { result: { content: [] } }, ...overrides });

describe('the call history', () => {
  const sessions: McpSession[] = [];
  after(() => Promise.all(sessions.map((s) => s.shutdown())));

  it('never stores the value of a masked input, in arguments, results or keys', async () => {
    const secret = 'pa55-w0rd-4711';
    const session = newSession(definition('secretive', stdio('toolsFixture')), { prepare: async (d) => ({ definition: d, secrets: [secret] }) }, sessions);
    await session.start();
    await waitForState(session, 'running');
    const result = await session.callTool({ name: 'echo', arguments: { text: `token=${secret}` } });
    const memento = new Memento();
    const history = new CallHistory(memento, (server, text) => (server === 'secretive' ? session.mask(text) : text));
    await history.add(call({ server: 'secretive', arguments: { text: `token=${secret}`, [secret]: 1 }, outcome: { result } }));
    assert.match(JSON.stringify(result), new RegExp(secret), 'the server echoed it');
    assert.ok(!memento.raw().includes(secret), memento.raw());
    const [entry] = history.entries();
    assert.deepEqual(entry!.arguments, { text: 'token=***', '***': 1 });
    assert.match(JSON.stringify(entry!.outcome), /token=\*\*\*/);
  });

  it('masks numbers that equal a short secret without breaking the entry', () => {
    assert.deepEqual(maskDeep({ pin: 4711, other: 12, text: 'pin 4711' }, (t) => t.replace(/\b4711\b/g, '***')), { pin: '***', other: 12, text: 'pin ***' });
  });

  it('keeps the newest unpinned calls up to its cap, pinned ones on top until unpinned, and clears only unpinned ones', async () => {
    const history = new CallHistory(new Memento(), (_s, t) => t);
    const first = await history.add(call({ name: 'first' }));
    await history.setPinned(first.id, true);
    for (let i = 0; i < MAX_UNPINNED + 5; i++) await history.add(call({ name: `n${i}`, startedAt: 1_700_000_000_000 + i }));
    const entries = history.entries();
    assert.equal(entries.length, MAX_UNPINNED + 1);
    assert.equal(entries[0]!.name, 'first');
    assert.equal(entries[1]!.name, `n${MAX_UNPINNED + 4}`, 'newest first');
    assert.equal(await history.clear(), MAX_UNPINNED);
    assert.deepEqual(history.entries().map((e) => e.name), ['first']);
    await history.setPinned(first.id, false);
    await history.remove(first.id);
    assert.equal(history.entries().length, 0);
  });

  it('keeps a note instead of a result larger than its cap', async () => {
    const history = new CallHistory(new Memento(), (_s, t) => t);
    const entry = await history.add(call({ outcome: { result: { content: [{ type: 'text', text: 'x'.repeat(MAX_RESULT_CHARS) }] }, isError: true } }));
    assert.ok('tooLarge' in entry.outcome && entry.outcome.tooLarge > MAX_RESULT_CHARS);
    assert.equal((entry.outcome as { isError?: boolean }).isError, true);
  });
});
