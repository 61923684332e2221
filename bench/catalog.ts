// Window open with 20 servers, measured on the layer under the VS Code UI (a full window is not needed:
// the picker renders buildPickerRows(catalog.servers()) as it is, and the same SessionManager, PromptCatalog
// and CatalogStore run here). "Window open" is reconcile() with 20 stdio catalog fixtures; "picker rows
// visible" is the first moment buildPickerRows has a prompt row for every one of the 20 servers. Cold: new
// processes, a new manager and catalog; "with the catalog cache" the store holds the lists of an earlier
// window (measured in the same run). Then the start policy: what each costs at window open (processes)
// and at first use (picker opened → every prompt runnable).
import { join } from 'node:path';
import { CatalogStore, type KeyValueStore } from '../src/mcp/catalogStore';
import type { Logger } from '../src/mcp/logger';
import { McpSession } from '../src/mcp/session';
import type { ServerDefinition, StartPolicy } from '../src/mcp/serverDefinition';
import { SessionManager } from '../src/mcp/sessionManager';
import { SessionState } from '../src/mcp/sessionState';
import { buildPickerRows } from '../src/prompts/pickerRows';
import { PromptCatalog } from '../src/prompts/promptCatalog';
import { median, ms, ratio } from './measure';
import type { Row } from './scenarios';

const N = Number(process.env.BENCH_SERVERS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FIXTURE = join(__dirname, '..', 'test', 'fixtures', 'servers', 'catalogFixture.js');
const quiet: Logger = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, traceEnabled: false };

class MemoryStore implements KeyValueStore {
  private readonly values = new Map<string, unknown>();
  keys = () => [...this.values.keys()];
  get = <T>(key: string) => this.values.get(key) as T | undefined;
  update = async (key: string, value: unknown) => void this.values.set(key, value);
}

function servers(): { name: string; scope: 'user'; definition: ServerDefinition }[] {
  return Array.from({ length: N }, (_, i) => ({
    name: `s${i}`,
    scope: 'user' as const,
    definition: { name: `s${i}`, scope: 'user', transport: { type: 'stdio', command: process.execPath, args: [FIXTURE], env: {} }, timeoutMs: 60_000, roots: true, autoStart: true, disabled: false },
  }));
}

/** One cold window: a new manager and catalog, the 20 servers configured at t=0, the picker opened at once. */
async function openWindow(store: KeyValueStore | undefined, policy: StartPolicy = 'atWindowOpen'): Promise<{ rowsVisible: number; allLive: number }> {
  const manager = new SessionManager({
    createSession: (definition) => new McpSession({ definition, logger: quiet, clientInfo: { name: 'bench', version: '0' } }),
    mayStart: async () => true,
    startPolicy: () => policy,
  });
  const catalog = new PromptCatalog(manager, store ? new CatalogStore(store) : undefined);
  const start = performance.now();
  try {
    let rowsVisible = 0;
    let allLive = 0;
    const check = () => {
      const rows = buildPickerRows(catalog.servers(), []);
      const shown = new Set(rows.flatMap((r) => (r.kind === 'prompt' ? [r.server] : [])));
      const live = new Set(rows.flatMap((r) => (r.kind === 'prompt' && !r.cached ? [r.server] : [])));
      if (!rowsVisible && shown.size === N) rowsVisible = performance.now() - start;
      if (!allLive && live.size === N) allLive = performance.now() - start;
    };
    const listener = catalog.onDidChange(check);
    manager.reconcile(servers());
    // What the picker does as it opens (promptPicker.ts): render, start the stopped servers, refresh.
    check();
    const starting = catalog.startStopped((name) => manager.start(name));
    await catalog.load({ refresh: true });
    await starting;
    for (let pending = !allLive; pending; pending = !allLive) {
      await catalog.load({ refresh: true });
      check();
      if (!allLive) await new Promise((r) => setTimeout(r, 10));
    }
    listener.dispose();
    return { rowsVisible, allLive };
  } finally {
    catalog.dispose();
    await manager.shutdown();
  }
}

/** Window open with the servers running already, then the picker: until every prompt is runnable. */
async function firstUse(policy: StartPolicy): Promise<{ processesAtOpen: number; untilRunnable: number }> {
  const manager = new SessionManager({
    createSession: (definition) => new McpSession({ definition, logger: quiet, clientInfo: { name: 'bench', version: '0' } }),
    mayStart: async () => true,
    startPolicy: () => policy,
  });
  try {
    manager.reconcile(servers());
    // The user opens the picker a while later: by then eager servers are up, deferred ones not started.
    await Promise.all(manager.entries().map((e) => (manager.isDeferred(e.name) ? undefined : manager.use(e.name))));
    const processesAtOpen = manager.entries().filter((e) => e.session && !SessionState.isStopped(e.session.state)).length;
    const start = performance.now();
    await Promise.all(manager.entries().map((e) => manager.use(e.name)));
    return { processesAtOpen, untilRunnable: performance.now() - start };
  } finally {
    await manager.shutdown();
  }
}

export async function catalogAtWindowOpen(): Promise<Row[]> {
  const warm = new MemoryStore();
  await openWindow(warm); // an earlier window: fills the store
  const without: number[] = [];
  const withCache: number[] = [];
  const liveWith: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    without.push((await openWindow(undefined)).rowsVisible);
    const cached = await openWindow(warm);
    withCache.push(cached.rowsVisible);
    liveWith.push(cached.allLive);
  }
  const [a, b, live] = [median(withCache), median(without), median(liveWith)];
  const eager = await firstUse('atWindowOpen');
  const lazy = await firstUse('onFirstUse');
  return [
    {
      what: `window open → prompt picker rows of all ${N} servers visible (cold; median of ${ROUNDS})`,
      ours: `${ms(a)} (catalog cache; live rows after ${ms(live)})`,
      baseline: `${ms(b)} (no cache: after every start)`,
      ratio: ratio(a, b),
      goal: 'well under 1×',
      value: a / b,
    },
    {
      what: `${N} servers, picker opened once they could be up → every prompt runnable`,
      ours: `${ms(lazy.untilRunnable)} (onFirstUse: ${lazy.processesAtOpen} started at window open)`,
      baseline: `${ms(eager.untilRunnable)} (atWindowOpen: ${eager.processesAtOpen} started at window open)`,
      ratio: ratio(lazy.untilRunnable, eager.untilRunnable),
      goal: 'report (chooses the default)',
    },
  ];
}
