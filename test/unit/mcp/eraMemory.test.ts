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
    now = 8 * 24 * 3600_000;
    assert.equal(memory.recall(server), undefined);
  });
});
