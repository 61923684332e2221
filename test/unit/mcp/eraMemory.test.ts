import * as assert from 'node:assert/strict';
import { EraMemory, eraKey } from '../../../src/mcp/eraMemory';
import type { StdioTransportConfig } from '../../../src/mcp/serverDefinition';
import { MemoryStore } from '../helpers';

describe('EraMemory', () => {
  const server: StdioTransportConfig = { type: 'stdio', command: 'npx', args: ['-y', 'some-server'], env: { TOKEN: 'secret' } };

  it('remembers per way of running the server, and forgets when that changes', async () => {
    const memory = new EraMemory(new MemoryStore());
    await memory.remember(server, 'modern');
    assert.equal(memory.recall(server), 'modern');
    assert.equal(memory.recall({ ...server, args: ['-y', 'some-server@2'] }), undefined);
    assert.equal(memory.recall({ ...server, env: { TOKEN: 'other' } }), undefined);
    assert.equal(memory.recall({ ...server, cwd: '/elsewhere' }), undefined);
  });

  it('stores only a hash: no command line or secret in the store', () => {
    assert.match(eraKey(server), /^mcpClient\.era\.[0-9a-f]{32}$/);
  });

  it('re-checks a legacy verdict after a week, since the server may have learnt 2026-07-28', async () => {
    let now = 0;
    const memory = new EraMemory(new MemoryStore(), () => now);
    await memory.remember(server, 'legacy');
    now = 6 * 24 * 3600_000;
    assert.equal(memory.recall(server), 'legacy');
    now = 7 * 24 * 3600_000;
    assert.equal(memory.recall(server), 'legacy', 'a week old: still used');
    now = 7 * 24 * 3600_000 + 1;
    assert.equal(memory.recall(server), undefined);
  });

  it('keeps a modern verdict however old it is', async () => {
    let now = 0;
    const memory = new EraMemory(new MemoryStore(), () => now);
    await memory.remember(server, 'modern');
    now = 365 * 24 * 3600_000;
    assert.equal(memory.recall(server), 'modern');
  });

  it('forgets a verdict on request, removing it from the store', async () => {
    const store = new MemoryStore();
    const memory = new EraMemory(store);
    await memory.remember(server, 'legacy');
    await memory.remember(server, undefined);
    assert.equal(memory.recall(server), undefined);
    assert.deepEqual(store.keys(), []);
  });

  it('works without a store for the window it runs in', async () => {
    const memory = new EraMemory();
    await memory.remember(server, 'legacy');
    assert.equal(memory.recall(server), 'legacy');
    await memory.remember(server, undefined);
    assert.equal(memory.recall(server), undefined);
  });

  it('does not depend on the order the environment variables are written in', () => {
    const a: StdioTransportConfig = { ...server, env: { A: '1', B: '2', C: '3' } };
    const b: StdioTransportConfig = { ...server, env: { C: '3', A: '1', B: '2' } };
    assert.equal(eraKey(a), eraKey(b));
    assert.notEqual(eraKey(a), eraKey({ ...server, env: { A: '1', B: '2', C: '4' } }));
    assert.notEqual(eraKey({ ...server, env: { AB: '1' } }), eraKey({ ...server, env: { A: 'B1' } }), 'names and values stay apart');
    assert.equal(eraKey({ ...server, cwd: '' }), eraKey(server), 'no working directory is the empty one');
  });
});
