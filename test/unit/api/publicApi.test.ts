// The API other extensions get: facts and results as copies. An extension that changes what it was given
// (capabilities, a state, a list of tools) changes nothing the extension itself lists or decides on.
import * as assert from 'node:assert/strict';
import { createApi } from '../../../src/api/publicApi';
import { McpSession } from '../../../src/mcp/session';
import { SessionManager } from '../../../src/mcp/sessionManager';
import { until } from '../../shared/until';
import { clientInfo, definition, MemoryLogger, stdio } from '../helpers';

/** Tries to change `target` as another extension might; a frozen copy throws, which is fine too. */
function tamper(change: () => void): void {
  try {
    change();
  } catch {
    // frozen: the change did not happen
  }
}

describe('public API', function () {
  this.timeout(30_000);
  let manager: SessionManager;

  before(async () => {
    manager = new SessionManager({
      createSession: (d) => new McpSession({ definition: d, logger: new MemoryLogger(), clientInfo, stopTimings: { graceMs: 300, termMs: 300 } }),
      mayStart: async () => true,
    });
    manager.reconcile([{ name: 'a', scope: 'user', definition: definition('a', stdio('fixtureServer')) }]);
    await until('running', () => manager.get('a')?.state.kind === 'running', 10_000);
  });
  after(() => manager.shutdown());

  it('hands out copies of capabilities, server info and state: changing them changes nothing inside', () => {
    const api = createApi(manager);
    const session = api.getSession('a')!;
    const before = JSON.stringify(manager.get('a')!.capabilities);
    assert.ok(session.capabilities?.tools, 'the fixture offers tools');
    tamper(() => delete (session.capabilities as Record<string, unknown>).tools);
    tamper(() => ((session.serverInfo as { name: string }).name = 'impostor'));
    tamper(() => ((session.state as { kind: string }).kind = 'stopped'));
    const listed = api.servers()[0]!;
    tamper(() => ((listed.capabilities as Record<string, unknown>).prompts = { listChanged: true }));
    tamper(() => delete (listed.capabilities as Record<string, unknown>).tools);
    assert.equal(JSON.stringify(manager.get('a')!.capabilities), before);
    assert.equal(manager.get('a')!.serverInfo?.name, listed.server?.name);
    assert.notEqual(manager.get('a')!.serverInfo?.name, 'impostor');
    assert.equal(manager.get('a')!.state.kind, 'running');
    assert.ok(api.getSession('a')!.capabilities?.tools);
  });

  it('hands out copies of results: a tool list changed by its receiver is not the next one', async () => {
    const session = createApi(manager).getSession('a')!;
    const first = await session.listTools();
    const names = first.map((t) => t.name);
    tamper(() => first.splice(0, first.length));
    tamper(() => ((first[0] as { name: string } | undefined) && ((first[0] as { name: string }).name = 'renamed')));
    assert.deepEqual((await session.listTools()).map((t) => t.name), names);
    assert.deepEqual((await manager.get('a')!.listTools()).map((t) => t.name), names);
  });
});
