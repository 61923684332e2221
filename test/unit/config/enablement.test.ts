// Servers turned on or off outside the settings (issue 27, part 1): this workspace's decision wins over the
// global one, "everywhere" clears this workspace's own, a new server stays off under newServers "disabled" until
// turned on, and the first read ever learns what exists (nothing that ran before is turned off by it). The
// session manager holds a turned-off server back with the reason, and a switch restarts nothing else.
import * as assert from 'node:assert/strict';
import { Enablement, type NewServers, type StateStore } from '../../../src/config/enablement';
import { resolveServers } from '../../../src/config/resolveServers';
import { TURNED_OFF_REASONS } from '../../../src/mcp/serverDefinition';
import type { ConfiguredServer } from '../../../src/mcp/sessionManager';

const ctx = { workspaceFolders: [{ name: 'w', path: '/w' }], userHome: '/home/u', env: {} };

class Store implements StateStore {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
}

const servers = (names: string[], scope: 'user' | 'workspace' = 'user'): ConfiguredServer[] =>
  resolveServers([{ scope, servers: Object.fromEntries(names.map((n) => [n, { command: 'node', args: [`${n}.js`] }])) }], ctx);
const off = (list: ConfiguredServer[]) => Object.fromEntries(list.map((s) => [s.name, s.definition?.turnedOff]));

describe('enablement (on/off here or everywhere, new servers)', () => {
  let workspace: Store;
  let global: Store;
  let policy: NewServers;
  let enablement: Enablement;
  beforeEach(() => {
    workspace = new Store();
    global = new Store();
    policy = 'enabled';
    enablement = new Enablement(workspace, global, () => policy);
  });

  it('turns a server off here only, or everywhere; this workspace wins; everywhere clears it', async () => {
    const list = servers(['a', 'b']);
    enablement.apply(list);
    await enablement.set(list[0]!.definition!, false, 'workspace');
    assert.deepEqual(off(enablement.apply(list)), { a: 'workspace', b: undefined });
    // Another workspace (another workspace store, the same global one) still runs it.
    assert.deepEqual(off(new Enablement(new Store(), global, () => policy).apply(list)), { a: undefined, b: undefined });
    await enablement.set(list[1]!.definition!, false, 'everywhere');
    await enablement.set(list[1]!.definition!, true, 'workspace');
    assert.deepEqual(off(enablement.apply(list)), { a: 'workspace', b: undefined }, 'on here although off everywhere');
    await enablement.set(list[0]!.definition!, false, 'everywhere');
    await enablement.set(list[1]!.definition!, false, 'everywhere');
    assert.deepEqual(off(enablement.apply(list)), { a: 'everywhere', b: 'everywhere' }, 'everywhere clears the workspace decision');
    await enablement.set(list[0]!.definition!, true, 'everywhere');
    assert.deepEqual(off(enablement.apply(list)), { a: undefined, b: 'everywhere' });
  });

  it('keeps a new server off under newServers "disabled" until turned on; the first read ever turns nothing off', async () => {
    policy = 'disabled';
    assert.deepEqual(off(enablement.apply(servers(['old']))), { old: undefined }, 'the first read learns what exists');
    const both = servers(['old', 'added']);
    assert.deepEqual(off(enablement.apply(both)), { old: undefined, added: 'new' });
    assert.deepEqual(off(enablement.apply(both)), { old: undefined, added: 'new' }, 'stays off on the next read');
    await enablement.set(both.find((s) => s.name === 'added')!.definition!, true, 'workspace');
    assert.deepEqual(off(enablement.apply(both)), { old: undefined, added: undefined });
    policy = 'enabled';
    assert.deepEqual(off(enablement.apply(servers(['old', 'added', 'third']))), { old: undefined, added: undefined, third: undefined });
  });

  it('keys a workspace server by what it runs: a look-alike with another command is another server', async () => {
    const list = servers(['tool'], 'workspace');
    enablement.apply(list);
    await enablement.set(list[0]!.definition!, false, 'everywhere');
    const changed = resolveServers([{ scope: 'workspace', servers: { tool: { command: 'node', args: ['other.js'] } } }], ctx);
    assert.equal(off(enablement.apply(changed)).tool, undefined);
    assert.equal(off(enablement.apply(list)).tool, 'everywhere');
  });

  it('says why and how to turn it on', () => {
    assert.match(TURNED_OFF_REASONS.workspace, /Turn On in This Workspace/);
    assert.match(TURNED_OFF_REASONS.everywhere, /Turn On Everywhere/);
    assert.match(TURNED_OFF_REASONS.new, /mcpClient\.newServers/);
  });
});
