import * as assert from 'node:assert/strict';
import { isAlive } from '../../../src/mcp/processTree';
import { McpSession } from '../../../src/mcp/session';
import { SessionManager, type ConfiguredServer } from '../../../src/mcp/sessionManager';
import { TURNED_OFF_REASONS, type ServerDefinition } from '../../../src/mcp/serverDefinition';
import { clientInfo, definition, MemoryLogger, stdio } from '../helpers';
import { until } from '../../shared/until';

describe('SessionManager reconciliation', function () {
  this.timeout(30_000);
  let manager: SessionManager;
  const blocked = new Set<string>();

  beforeEach(() => {
    blocked.clear();
    manager = new SessionManager({
      createSession: (d: ServerDefinition) => new McpSession({ definition: d, logger: new MemoryLogger(), clientInfo, stopTimings: { graceMs: 300, termMs: 300 } }),
      mayStart: async (d) => (blocked.has(d.name) ? 'blocked for the test' : true),
    });
  });
  afterEach(() => manager.shutdown());

  const server = (name: string, args: string[] = [], overrides: Partial<ServerDefinition> = {}): ConfiguredServer => ({
    name,
    scope: 'user',
    definition: definition(name, stdio('fixtureServer', args), overrides),
  });
  const running = (name: string) => manager.get(name)?.state.kind === 'running';

  it('starts added servers in parallel and in the background', async () => {
    let starting = 0;
    let maxStarting = 0;
    manager.onDidChange(() => {
      starting = manager.entries().filter((e) => e.session?.state.kind === 'starting').length;
      maxStarting = Math.max(maxStarting, starting);
    });
    manager.reconcile([server('a'), server('b'), server('c')]);
    // reconcile() returned before any server finished its handshake.
    assert.ok(!['a', 'b', 'c'].some(running));
    await until('all running', () => ['a', 'b', 'c'].every(running), 10_000);
    assert.equal(maxStarting, 3, 'all three were starting at the same time');
  });

  it('leaves untouched servers alone, restarts changed ones and stops removed ones', async () => {
    manager.reconcile([server('keep'), server('change'), server('remove')]);
    await until('all running', () => ['keep', 'change', 'remove'].every(running), 10_000);
    const keep = manager.get('keep')!;
    const keepPid = keep.pid;
    const changePid = manager.get('change')!.pid;
    const removed = manager.get('remove')!;
    const removedPid = removed.pid!;

    manager.reconcile([server('keep'), server('change', ['--era=legacy']), server('added')]);
    assert.equal(manager.get('keep'), keep, 'same session object');
    assert.equal(manager.get('remove'), undefined);
    await until('changed and added running', () => ['change', 'added'].every(running), 10_000);
    assert.equal(keep.pid, keepPid);
    assert.notEqual(manager.get('change')!.pid, changePid);
    assert.equal(manager.get('change')!.protocolVersion, '2025-11-25');
    await until('removed server stopped', () => removed.state.kind === 'stopped', 20_000);
    // Gone: not running (an exited child may stay a zombie for a moment until Node reaps it).
    assert.equal(isAlive(removedPid), false);
  });

  it('keeps an invalid entry with its error while the valid servers run', async () => {
    manager.reconcile([server('good'), { name: 'bad', scope: 'workspace', error: 'mcpClient.servers.bad.url: must be an http(s) URL' }]);
    await until('the condition', () => running('good'), 20_000);
    const bad = manager.entries().find((e) => e.name === 'bad')!;
    assert.equal(bad.configError, 'mcpClient.servers.bad.url: must be an http(s) URL');
    assert.equal(bad.session, undefined);
  });

  it('tells its listeners nothing when the settings are read again and no server changed (issue 30)', () => {
    const servers = () => [server('quiet', [], { autoStart: false }), { name: 'bad', scope: 'workspace' as const, error: 'bad url' }];
    manager.reconcile(servers());
    let changes = 0;
    manager.onDidChange(() => changes++);
    manager.reconcile(servers());
    assert.equal(changes, 0, 'the same servers again: no redraw');
    manager.reconcile([server('quiet', ['--era=legacy'], { autoStart: false }), { name: 'bad', scope: 'workspace', error: 'bad url' }]);
    assert.equal(changes, 1, 'a changed definition');
    manager.reconcile([server('quiet', ['--era=legacy'], { autoStart: false })]);
    assert.equal(changes, 2, 'a removed server');
  });

  it('does not start disabled servers, nor autoStart: false ones until asked', async () => {
    manager.reconcile([server('off', [], { disabled: true }), server('manual', [], { autoStart: false })]);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(manager.get('off')!.state.kind, 'stopped');
    assert.equal(manager.get('manual')!.state.kind, 'stopped');
    await manager.start('off');
    assert.deepEqual(manager.get('off')!.state, { kind: 'stopped', reason: 'Disabled in settings ("disabled": true).' });
    await manager.start('manual');
    assert.equal(manager.get('manual')!.state.kind, 'running');
  });

  it('stops a running server turned off (issue 27), says why, and starts it when turned on again', async () => {
    manager.reconcile([server('sw'), server('other')]);
    await until('both running', () => running('sw') && running('other'), 5000);
    const otherPid = manager.get('other')!.pid;
    manager.reconcile([server('sw', [], { turnedOff: 'workspace' }), server('other')]);
    await until('turned off', () => manager.get('sw')!.state.kind === 'stopped', 5000);
    assert.deepEqual(manager.get('sw')!.state, { kind: 'stopped', reason: TURNED_OFF_REASONS.workspace });
    await manager.start('sw');
    assert.equal(manager.get('sw')!.state.kind, 'stopped', 'Start does not run a server turned off');
    manager.reconcile([server('sw'), server('other')]);
    await until('on again', () => running('sw'), 5000);
    assert.equal(manager.get('other')!.pid, otherPid, 'the other server was left alone');
  });

  it('shows why a server was held back by the start gate', async () => {
    blocked.add('held');
    manager.reconcile([server('held')]);
    await until('the condition', () => manager.get('held')!.state.kind === 'stopped' && 'reason' in manager.get('held')!.state, 20_000);
    assert.deepEqual(manager.get('held')!.state, { kind: 'stopped', reason: 'blocked for the test' });
  });

  it('shutdown() stops every server process', async () => {
    manager.reconcile([server('x'), server('y')]);
    await until('the condition', () => ['x', 'y'].every(running), 20_000);
    const pids = ['x', 'y'].map((n) => manager.get(n)!.pid!);
    await manager.shutdown();
    for (const pid of pids) assert.equal(isAlive(pid), false, `process ${pid} is gone`);
  });
});
