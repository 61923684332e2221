// The session manager's rules, step by step, with stand-in sessions (test/unit/mcp/standIns.ts): which
// servers start and when (at window open, on first use, never when held back by the settings or the start
// gate), what a changed or removed server does to its session, and what the views are told.
// sessionManager.test.ts runs the same manager against fixture server processes.
import * as assert from 'node:assert/strict';
import type { ServerDefinition, StartPolicy } from '../../../src/mcp/serverDefinition';
import { TURNED_OFF_REASONS } from '../../../src/mcp/serverDefinition';
import { SessionManager, type ConfiguredServer } from '../../../src/mcp/sessionManager';
import { StandInSession, standInDefinition } from './standIns';

/** Lets the manager's background starts run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function setUp(options: { policy?: StartPolicy; refuse?: Record<string, string>; failStart?: string[]; holdStart?: string[] } = {}) {
  const sessions = new Map<string, StandInSession>();
  const gateAsked: string[] = [];
  const manager = new SessionManager({
    createSession: (definition: ServerDefinition) => {
      const session = new StandInSession(definition);
      if (options.failStart?.includes(definition.name)) session.startFailure = new Error(`${definition.name} would not start`);
      session.holdStart = !!options.holdStart?.includes(definition.name);
      sessions.set(definition.name, session);
      return session as never;
    },
    mayStart: async (definition, userAction) => {
      gateAsked.push(`${definition.name}${userAction ? ' (user)' : ''}`);
      return options.refuse?.[definition.name] ?? true;
    },
    ...(options.policy ? { startPolicy: () => options.policy! } : {}),
  });
  let changes = 0;
  manager.onDidChange(() => changes++);
  return { manager, sessions, gateAsked, changes: () => changes, session: (name: string) => sessions.get(name)! };
}

const server = (name: string, overrides: Partial<ServerDefinition> = {}): ConfiguredServer => ({ name, scope: 'user', definition: standInDefinition(name, overrides) });

/** Runs `body` with console.error captured. */
async function capturingErrors(body: () => Promise<void>): Promise<string[]> {
  const logged: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void logged.push(args.map(String).join(' | '));
  try {
    await body();
  } finally {
    console.error = original;
  }
  return logged;
}

describe('SessionManager rules', () => {
  it('lists every configured entry with its scope, error and session, and marks only the waiting ones as deferred', () => {
    const { manager, session } = setUp({ policy: 'onFirstUse' });
    manager.reconcile([server('lazy'), { name: 'bad', scope: 'workspace', error: 'bad url' }]);
    assert.deepEqual(manager.entries(), [
      { name: 'lazy', scope: 'user', configError: undefined, session: session('lazy'), deferred: true },
      { name: 'bad', scope: 'workspace', configError: 'bad url', session: undefined },
    ]);
    assert.equal('deferred' in manager.entries()[1]!, false);
    assert.equal(manager.isDeferred('lazy'), true);
    assert.equal(manager.isDeferred('bad'), false);
    assert.equal(manager.isDeferred('nobody'), false);
    assert.equal(manager.get('bad'), undefined);
    assert.equal(manager.get('lazy'), session('lazy'));
  });

  it('starts servers at window open by default, in the background, asking the start gate as an automatic start', async () => {
    const { manager, session, gateAsked } = setUp();
    manager.reconcile([server('a'), server('manual', { autoStart: false })]);
    assert.deepEqual(session('a').calls, [], 'reconcile does not wait for the gate');
    await settle();
    assert.deepEqual(session('a').calls, ['start']);
    assert.deepEqual(session('manual').calls, [], 'autoStart: false waits to be asked');
    assert.deepEqual(gateAsked, ['a']);
    await manager.start('manual');
    assert.deepEqual(gateAsked, ['a', 'manual (user)']);
    assert.deepEqual(session('manual').calls, ['start']);
  });

  it('holds back what the settings turn off, with the reason, without asking the start gate', async () => {
    const { manager, session, gateAsked } = setUp();
    manager.reconcile([
      server('refused', { refusedBy: 'Refused by your administrator.', disabled: true }),
      server('disabled', { disabled: true, turnedOff: 'workspace' }),
      server('off', { turnedOff: 'new', leftToVscode: 'VS Code runs it.' }),
      server('vscode', { leftToVscode: 'VS Code runs it.' }),
      // Not started by itself anyway: the reason shows all the same (the Servers view says why, not just "stopped").
      server('manualOff', { disabled: true, autoStart: false }),
    ]);
    await settle();
    assert.deepEqual(session('refused').calls, ['stop: Refused by your administrator.']);
    assert.deepEqual(session('manualOff').calls, ['stop: Disabled in settings ("disabled": true).']);
    assert.deepEqual(session('disabled').calls, ['stop: Disabled in settings ("disabled": true).']);
    assert.deepEqual(session('off').calls, [`stop: ${TURNED_OFF_REASONS.new}`]);
    assert.deepEqual(session('vscode').calls, ['stop: VS Code runs it.']);
    assert.equal(await manager.mayStart('disabled'), 'Disabled in settings ("disabled": true).');
    await manager.start('disabled');
    assert.deepEqual(session('disabled').calls, ['stop: Disabled in settings ("disabled": true).', 'stop: Disabled in settings ("disabled": true).'], 'Start shows the reason again');
    assert.deepEqual(gateAsked, []);
  });

  it('does nothing on Start for an entry whose settings are in error (it has no session)', async () => {
    const { manager, gateAsked } = setUp();
    manager.reconcile([{ name: 'bad', scope: 'workspace', error: 'bad url' }]);
    await manager.start('bad');
    await manager.start('bad', false);
    assert.deepEqual(gateAsked, [], 'nothing asked, nothing thrown');
    assert.deepEqual(manager.entries(), [{ name: 'bad', scope: 'workspace', configError: 'bad url', session: undefined }]);
  });

  it('stops a server the start gate refuses, with its reason, and answers for unknown servers', async () => {
    const { manager, session, gateAsked } = setUp({ refuse: { held: 'Not started: this workspace is not trusted.' } });
    manager.reconcile([server('held', { autoStart: false })]);
    assert.equal(await manager.mayStart('held', false), 'Not started: this workspace is not trusted.');
    assert.deepEqual(gateAsked, ['held']);
    await manager.mayStart('held');
    assert.deepEqual(gateAsked, ['held', 'held (user)'], 'asking is a user action unless said otherwise');
    await manager.start('held');
    assert.deepEqual(session('held').calls, ['stop: Not started: this workspace is not trusted.']);
    assert.equal(await manager.mayStart('nobody'), "No server named 'nobody' is configured.");
    await manager.start('nobody');
    await manager.stop('nobody');
    await manager.restart('nobody');
    await manager.use('nobody');
    assert.deepEqual(gateAsked, ['held', 'held (user)', 'held (user)'], 'nothing is asked for an unknown server');
  });

  it('defers servers to their first use by the global policy or their own, unless they were running', async () => {
    const { manager, session } = setUp({ policy: 'onFirstUse' });
    manager.reconcile([server('lazy'), server('eager', { start: 'atWindowOpen' }), server('own', { start: 'onFirstUse' }), server('manual', { autoStart: false })]);
    await settle();
    assert.deepEqual(session('lazy').calls, []);
    assert.deepEqual(session('own').calls, []);
    assert.deepEqual(session('eager').calls, ['start']);
    assert.equal(manager.isDeferred('manual'), false, 'a server that never starts by itself does not wait for first use');
    const defaults = setUp();
    defaults.manager.reconcile([server('own', { start: 'onFirstUse' })]);
    await settle();
    assert.deepEqual(defaults.session('own').calls, [], "the server's own policy");
    assert.equal(defaults.manager.isDeferred('own'), true);
    // Running, then changed: it runs again at once, whatever the policy.
    await manager.start('lazy');
    manager.reconcile([server('lazy', { timeoutMs: 5000 }), server('eager', { start: 'atWindowOpen' }), server('own', { start: 'onFirstUse' }), server('manual', { autoStart: false, timeoutMs: 1 })]);
    await settle();
    assert.deepEqual(session('lazy').calls, ['start'], 'the new session started');
    assert.equal(manager.isDeferred('lazy'), false);
    assert.deepEqual(session('manual').calls, [], 'a stopped autoStart: false server stays stopped when changed');
  });

  it('starts the deferred servers on first use (only those named), and waits while one is starting', async () => {
    const { manager, session, gateAsked } = setUp({ policy: 'onFirstUse', holdStart: ['slow'] });
    manager.reconcile([server('a'), server('b'), server('slow'), server('running', { start: 'atWindowOpen' })]);
    await settle();
    await manager.startDeferred(['a']);
    assert.deepEqual([session('a').calls, session('b').calls], [['start'], []]);
    assert.equal(manager.isDeferred('a'), false);
    assert.equal(manager.isDeferred('b'), true);
    let used = false;
    const use = manager.use('slow').then(() => (used = true));
    await settle();
    assert.deepEqual(session('slow').calls, ['start']);
    assert.equal(used, false, 'waits while the server starts');
    session('slow').finishStart();
    await use;
    assert.equal(session('slow').state.kind, 'running');
    await manager.use('running');
    assert.deepEqual(session('running').calls, ['start'], 'a running server costs nothing');
    await manager.startDeferred();
    assert.deepEqual(session('b').calls, ['start']);
    assert.deepEqual(gateAsked, ['running', 'a', 'slow', 'b'], 'first use is not a user action');
  });

  it('on first use, waits for a server that is already starting by itself until it has started', async () => {
    const { manager, session } = setUp({ holdStart: ['busy'] });
    manager.reconcile([server('busy')]);
    await settle();
    assert.equal(session('busy').state.kind, 'starting');
    let used = false;
    const use = manager.use('busy').then(() => (used = true));
    await settle();
    session('busy').set({ kind: 'starting' });
    await settle();
    assert.equal(used, false, 'still starting');
    session('busy').finishStart();
    await use;
    assert.deepEqual(session('busy').calls, ['start'], 'waiting started nothing more');
  });

  it('logs a deferred or background start that fails, naming the server', async () => {
    const { manager } = setUp({ policy: 'onFirstUse', failStart: ['lazy', 'eager'] });
    const logged = await capturingErrors(async () => {
      manager.reconcile([server('lazy'), server('eager', { start: 'atWindowOpen' })]);
      await settle();
      await manager.startDeferred();
    });
    assert.deepEqual(logged, ['MCP Client: starting eager failed | eager would not start', 'MCP Client: starting lazy failed | lazy would not start']);
  });

  it('leaves an unchanged server alone, replaces a changed one, stops a removed one, and tells the views only then', async () => {
    const { manager, session, changes } = setUp();
    manager.reconcile([server('keep'), server('change'), server('remove'), { name: 'bad', scope: 'user', error: 'one' }]);
    assert.equal(changes(), 1);
    await settle();
    const [keep, change, remove] = [session('keep'), session('change'), session('remove')];
    const before = changes();
    manager.reconcile([server('keep'), server('change'), server('remove'), { name: 'bad', scope: 'user', error: 'one' }]);
    assert.equal(changes(), before, 'nothing changed: nothing to redraw');
    manager.reconcile([server('keep'), server('change', { timeoutMs: 1 }), { name: 'bad', scope: 'user', error: 'two' }]);
    assert.equal(changes(), before + 1, 'one change event for the whole reconcile');
    assert.equal(manager.get('keep'), keep);
    assert.notEqual(manager.get('change'), change);
    assert.equal(manager.get('remove'), undefined);
    assert.deepEqual(manager.entries().find((e) => e.name === 'bad')?.configError, 'two');
    await settle();
    assert.deepEqual(keep.calls, ['start']);
    assert.deepEqual(change.calls, ['start', 'shutdown']);
    assert.deepEqual(remove.calls, ['start', 'shutdown']);
    assert.deepEqual(session('change').calls, ['start'], 'the changed server runs again');
    // A removed session's state changes are no news any more.
    const after = changes();
    remove.set({ kind: 'running' });
    assert.equal(changes(), after);
    keep.set({ kind: 'running' });
    assert.equal(changes(), after + 1, "a kept session's state change is");
  });

  it('removes a server whose definition became invalid, and one removed alone is news', async () => {
    const { manager, session, changes } = setUp();
    manager.reconcile([server('s', { autoStart: false }), server('t', { autoStart: false })]);
    const s = session('s');
    manager.reconcile([{ name: 's', scope: 'user', error: 'now invalid' }, server('t', { autoStart: false })]);
    await settle();
    assert.deepEqual(s.calls, ['shutdown']);
    assert.equal(manager.get('s'), undefined);
    const before = changes();
    manager.reconcile([server('t', { autoStart: false })]);
    assert.equal(changes(), before + 1);
    assert.deepEqual(manager.entries().map((e) => e.name), ['t']);
  });

  it('stops, restarts (through the start gate again), and passes log levels and roots to every session', async () => {
    const { manager, session, gateAsked } = setUp();
    manager.reconcile([server('a', { autoStart: false }), { name: 'bad', scope: 'user', error: 'x' }, server('b', { autoStart: false })]);
    await manager.start('a');
    await manager.stop('a');
    await manager.restart('a');
    assert.deepEqual(session('a').calls, ['start', 'stop', 'stop', 'start']);
    assert.deepEqual(gateAsked, ['a (user)', 'a (user)']);
    manager.setLogLevel('debug');
    manager.notifyRootsChanged();
    assert.deepEqual(session('a').calls.slice(4), ['log: debug', 'roots']);
    assert.deepEqual(session('b').calls, ['log: debug', 'roots']);
  });

  it('shuts every session down, forgets them and tells nobody afterwards', async () => {
    const { manager, session, changes } = setUp();
    manager.reconcile([server('x', { autoStart: false }), server('y', { autoStart: false })]);
    const [x, y] = [session('x'), session('y')];
    await manager.shutdown();
    assert.deepEqual([x.calls, y.calls], [['shutdown'], ['shutdown']]);
    assert.deepEqual(manager.entries(), []);
    const before = changes();
    x.set({ kind: 'running' });
    assert.equal(changes(), before);
  });
});
