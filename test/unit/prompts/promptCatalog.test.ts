// The prompt catalog against real fixture servers (test/fixtures/servers/promptsFixture.ts): every page,
// list_changed, starting stopped servers, restarts; and the picker rows built from it.
import * as assert from 'node:assert/strict';
import { McpSession } from '../../../src/mcp/session';
import { SessionManager, type ConfiguredServer } from '../../../src/mcp/sessionManager';
import type { ServerDefinition } from '../../../src/mcp/serverDefinition';
import { buildPickerRows, type PickerRow } from '../../../src/prompts/pickerRows';
import { PromptCatalog } from '../../../src/prompts/promptCatalog';
import { RecentPrompts } from '../../../src/prompts/recentPrompts';
import { clientInfo, definition, MemoryLogger, stdio, MemoryStore } from '../helpers';
import { until } from '../../shared/until';

const FIXTURE_PROMPTS = ['greet', 'review_code', 'describe_image', 'everything', 'conversation', 'pick_city', 'many_items', 'failing'];


describe('PromptCatalog with fixture servers', function () {
  this.timeout(30_000);
  let manager: SessionManager;
  let catalog: PromptCatalog;

  const server = (name: string, args: string[], overrides: Partial<ServerDefinition> = {}): ConfiguredServer => ({
    name,
    scope: 'user',
    definition: definition(name, stdio('promptsFixture', args), overrides),
  });
  const names = (server: string) => catalog.servers().find((s) => s.server === server)?.items.map((p) => p.name);

  beforeEach(() => {
    manager = new SessionManager({
      createSession: (d) => new McpSession({ definition: d, logger: new MemoryLogger(), clientInfo, stopTimings: { graceMs: 300, termMs: 300 } }),
      mayStart: async () => true,
    });
    catalog = new PromptCatalog(manager);
  });
  afterEach(async () => {
    catalog.dispose();
    await manager.shutdown();
  });

  it('lists every page of every running server, in configuration order', async () => {
    manager.reconcile([server('modern', ['--era=modern']), server('legacy', ['--era=legacy'])]);
    await until('both running', () => manager.entries().every((e) => e.session?.state.kind === 'running'), 10_000);
    assert.deepEqual(catalog.servers().map((s) => s.status), ['loading', 'loading'], 'nothing is listed before someone asks');
    await catalog.load();
    assert.deepEqual(catalog.servers().map((s) => [s.server, s.status]), [['modern', 'ready'], ['legacy', 'ready']]);
    assert.deepEqual(names('modern'), FIXTURE_PROMPTS, 'all three pages');
    assert.deepEqual(names('legacy'), FIXTURE_PROMPTS);
    assert.equal(catalog.find('legacy', 'greet')?.title, 'Greeting');
  });

  for (const era of ['legacy', 'modern']) {
    it(`follows notifications/prompts/list_changed once it has loaded (${era})`, async () => {
      manager.reconcile([server(era, [`--era=${era}`])]);
      await until('running', () => manager.get(era)?.state.kind === 'running', 10_000);
      await catalog.load();
      await manager.get(era)!.callTool({ name: 'add_prompt', arguments: { name: 'late_arrival' } });
      await until('the new prompt to be listed', () => names(era)?.includes('late_arrival') === true, 5000);
    });
  }

  it('picks up changes of a 2026-07-28 server when asked to refresh', async () => {
    manager.reconcile([server('modern', ['--era=modern'])]);
    await until('running', () => manager.get('modern')?.state.kind === 'running', 10_000);
    await catalog.load();
    await manager.get('modern')!.callTool({ name: 'add_prompt', arguments: { name: 'fresh' } });
    await catalog.load({ refresh: true });
    assert.equal(names('modern')?.at(-1), 'fresh');
  });

  it('starts servers that are configured but stopped, and not those held back', async () => {
    manager.reconcile([server('manual', [], { autoStart: false }), server('off', [], { disabled: true })]);
    await until('off held back', () => manager.get('off')?.state.kind === 'stopped' && !!(manager.get('off')!.state as { reason?: string }).reason, 5000);
    assert.deepEqual(catalog.servers().map((s) => [s.server, s.status, !!s.heldBack]), [['manual', 'stopped', false], ['off', 'stopped', true]]);
    const started: string[] = [];
    await catalog.startStopped(async (name) => {
      started.push(name);
      await manager.start(name);
    });
    assert.deepEqual(started, ['manual']);
    await catalog.load();
    assert.deepEqual(names('manual'), FIXTURE_PROMPTS);
  });

  it('forgets a list when its server restarts, and lists again', async () => {
    manager.reconcile([server('legacy', ['--era=legacy'])]);
    await until('running', () => manager.get('legacy')?.state.kind === 'running', 10_000);
    await catalog.load();
    const states: string[] = [];
    catalog.onDidChange(() => states.push(catalog.servers()[0]!.status));
    await manager.restart('legacy');
    await catalog.load();
    assert.ok(states.includes('stopped') && states.includes('starting'), `went through stopped and starting: ${states.join(', ')}`);
    assert.equal(catalog.servers()[0]!.status, 'ready');
    assert.deepEqual(names('legacy'), FIXTURE_PROMPTS);
  });

  it('builds picker rows: recently used first, a section per server, the chat syntax as description', async () => {
    manager.reconcile([server('one', ['--era=legacy']), server('two', ['--era=modern'])]);
    await until('running', () => manager.entries().every((e) => e.session?.state.kind === 'running'), 10_000);
    await catalog.load();
    const recents = new RecentPrompts(new MemoryStore());
    await recents.add({ server: 'two', prompt: 'pick_city' });
    await recents.add({ server: 'one', prompt: 'greet' });
    await recents.add({ server: 'gone', prompt: 'whatever' });
    const rows = buildPickerRows(catalog.servers(), recents.list());
    const summary = (r: PickerRow) => (r.kind === 'separator' ? `-- ${r.label}` : r.kind === 'prompt' ? `${r.label} | ${r.description}` : r.label);
    assert.deepEqual(rows.slice(0, 4).map(summary), [
      '-- recently used',
      'Greeting | one/greet · name [style]',
      'Pick a city | two/pick_city · country city',
      '-- one',
    ]);
    const one = rows.slice(4, rows.findIndex((r) => r.kind === 'separator' && r.label === 'two'));
    assert.deepEqual(one.map((r) => (r as { prompt: { name: string } }).prompt.name), FIXTURE_PROMPTS.filter((n) => n !== 'greet'));
    const review = rows.find((r) => r.kind === 'prompt' && r.key === 'one\u0000review_code');
    assert.equal(review && 'detail' in review ? review.detail : undefined, 'Ask for a review of a piece of code');
    assert.equal(rows.filter((r) => r.kind === 'prompt').length, FIXTURE_PROMPTS.length * 2);
  });

  it('shows starting and failed servers as status rows', () => {
    const rows = buildPickerRows(
      [
        { server: 'slow', status: 'starting', items: [] },
        { server: 'bad', status: 'failed', items: [], message: 'The server process exited with code 1.' },
        { server: 'off', status: 'stopped', items: [], heldBack: true, message: 'Disabled in settings' },
      ],
      [],
    );
    assert.deepEqual(rows, [
      { kind: 'separator', label: 'slow' },
      { kind: 'status', key: 'slow\u0000#status', server: 'slow', busy: true, label: 'Starting slow…' },
      { kind: 'separator', label: 'bad' },
      { kind: 'status', key: 'bad\u0000#status', server: 'bad', busy: false, label: 'bad is not available', detail: 'The server process exited with code 1.' },
    ]);
  });
});
