// The catalog cache and the start policy in a real VS Code. A server's lists are kept in the extension's
// storage: when the server starts again and has not answered yet (the catalog fixture holds its handshake
// until a gate file exists), the prompt picker, the Tools view and the Resources view show what it listed
// last time, marked cached, and then its live lists. A server set to start on first use spawns no process
// until something needs it (launches are counted in a file, never timed).
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { api, callTool, hooks, serverTreeItem, stateOf } from '../helpers';

interface Row {
  separator: boolean;
  label: string;
  description?: string;
  icon?: string;
}
interface ToolsTreeRow {
  label: string;
  description?: string;
  children: { label: string; description?: string }[];
}
interface ResourceRow {
  id: string;
  label: string;
  description?: string;
  icon?: string;
}

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'servers', 'catalogFixture.js');
const config = () => vscode.workspace.getConfiguration('mcpClient');
const launches = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0);
const pickerNow = () => vscode.commands.executeCommand<Row[]>(hooks.promptPickerNow);
const toolsTree = () => vscode.commands.executeCommand<ToolsTreeRow[]>(hooks.toolsTree);
const resources = (children?: string) => vscode.commands.executeCommand<ResourceRow[] | undefined>(hooks.resources, children === undefined ? {} : { children });

describe('Catalog cache and start policy in the extension host', function () {
  this.timeout(90_000);
  let servers: Record<string, unknown>;
  let dir: string;

  const setServers = (extra: Record<string, unknown>) => config().update('servers', { ...servers, ...extra }, vscode.ConfigurationTarget.Global);

  before(async () => {
    await api();
    servers = config().inspect<Record<string, unknown>>('servers')!.globalValue!;
    dir = mkdtempSync(join(tmpdir(), 'mcp-catalog-'));
  });

  after(async () => {
    writeFileSync(join(dir, 'gate'), '');
    await config().update('servers', servers, vscode.ConfigurationTarget.Global);
    await until('the test servers to be gone', async () => !(await stateOf('gated')) && !(await stateOf('lazy')));
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the lists of a server that has not answered yet from the last time, marked cached, then the live ones', async () => {
    const gate = join(dir, 'gate');
    const count = join(dir, 'gated-launches');
    writeFileSync(gate, '');
    const gated = { command: process.execPath, args: [FIXTURE, `--gate=${gate}`, `--launches=${count}`] };
    await setServers({ gated });
    await until('gated running', async () => (await stateOf('gated')) === 'running');
    // What a user does once: opens the picker, the Tools view, the server's resources. The lists are kept.
    const live = await vscode.commands.executeCommand<Row[]>(hooks.promptPickerItems, 'gated');
    assert.deepEqual(live.find((r) => r.label === 'Say hello'), { separator: false, label: 'Say hello', description: 'gated/hello · [name]', detail: 'Greets you' });
    await until('the tools of gated', async () => (await toolsTree()).find((s) => s.label === 'gated')?.children.some((c) => c.label === 'Wave'));
    await until('the resources of gated', async () => (await resources('server:gated'))?.some((r) => r.label === 'Read me'));

    // Started again, the server now holds its handshake: it is starting, one more process, no answer.
    await vscode.commands.executeCommand('mcpClient.stopServer', 'gated');
    rmSync(gate);
    // (How many processes one start spawns is the session layer's business: the SDK's version probe may add one.)
    const firstStart = launches(count);
    void vscode.commands.executeCommand('mcpClient.startServer', 'gated');
    await until('gated starting', async () => (await stateOf('gated')) === 'starting');
    await until('a new process', () => launches(count) > firstStart);

    const rows = await pickerNow();
    const section = rows.slice(rows.findIndex((r) => r.separator && r.label === 'gated'));
    assert.match(section[1]?.label ?? '', /Starting gated/, 'the status row says it is starting');
    assert.deepEqual(
      section.find((r) => r.label === 'Say hello'),
      { separator: false, label: 'Say hello', description: 'gated/hello · [name] · (cached)', detail: 'Greets you', icon: 'history' },
      'the prompt from last time, marked cached',
    );
    const toolsNode = (await toolsTree()).find((s) => s.label === 'gated');
    // What the tool definitions cost ends the description (issue 27).
    assert.match(toolsNode?.description ?? '', /^1 tool · cached · starting · ≈?[\d,]+ tokens$/);
    assert.deepEqual(toolsNode?.children.map((c) => [c.label, c.description?.replace(/ · ≈?[\d,]+ tokens$/, '')]), [['Wave', 'wave · may be destructive, open world · (cached)']]);
    const resourceNode = (await resources())?.find((r) => r.label === 'gated');
    assert.deepEqual([resourceNode?.description, resourceNode?.icon], ['cached · starting…', 'history']);
    const cachedResources = await resources('server:gated');
    assert.deepEqual(cachedResources?.map((r) => [r.label, r.description]), [['Templates', '1 · (cached)'], ['Read me', 'text/plain · (cached)']]);
    assert.equal(await stateOf('gated'), 'starting', 'all of that while the server had not answered');

    // The server answers: live rows replace the cached ones.
    writeFileSync(gate, '');
    await until('gated running again', async () => (await stateOf('gated')) === 'running');
    const after = await vscode.commands.executeCommand<Row[]>(hooks.promptPickerItems, 'gated');
    assert.equal(after.find((r) => r.label === 'Say hello')?.description, 'gated/hello · [name]');
    await until('live tools', async () => (await toolsTree()).find((s) => s.label === 'gated')?.description?.replace(/ · ≈?[\d,]+ tokens$/, '') === '1 tool');
  });

  it('never shows the lists of an earlier definition of the server', async () => {
    const gate = join(dir, 'gate');
    rmSync(gate, { force: true });
    const changed = { command: process.execPath, args: [FIXTURE, `--gate=${gate}`, `--launches=${join(dir, 'gated-launches')}`], env: { CHANGED: '1' } };
    const before = launches(join(dir, 'gated-launches'));
    await setServers({ gated: changed });
    await until('the changed gated starting', async () => (await stateOf('gated')) === 'starting' && launches(join(dir, 'gated-launches')) > before);
    const rows = await pickerNow();
    assert.ok(rows.some((r) => /Starting gated/.test(r.label)), 'its section is there');
    assert.equal(rows.find((r) => r.label === 'Say hello'), undefined, 'no rows kept for another definition');
    assert.equal((await toolsTree()).find((s) => s.label === 'gated')?.children.length, 0);
    writeFileSync(gate, '');
    await until('gated running', async () => (await stateOf('gated')) === 'running');
  });

  it('starts a server set to start on first use only when it is first used', async () => {
    const lazyCount = join(dir, 'lazy-launches');
    const eagerCount = join(dir, 'eager-launches');
    await setServers({
      lazy: { command: process.execPath, args: [FIXTURE, `--launches=${lazyCount}`], start: 'onFirstUse' },
      eager: { command: process.execPath, args: [FIXTURE, `--launches=${eagerCount}`] },
    });
    // Both were configured together; by the time the eager one runs, a lazy one started with it would have spawned.
    await until('eager running', async () => (await stateOf('eager')) === 'running');
    assert.equal(launches(eagerCount), 1);
    assert.equal(launches(lazyCount), 0, 'no process before first use');
    assert.equal(await stateOf('lazy'), 'stopped');
    assert.equal((await serverTreeItem('lazy'))?.description, 'starts on first use');

    // First use: a tool call names it.
    const outcome = await callTool('lazy', 'wave', {});
    assert.equal(outcome.error, undefined, JSON.stringify(outcome));
    assert.equal(await stateOf('lazy'), 'running');
    const atFirstUse = launches(lazyCount);
    assert.ok(atFirstUse >= 1, 'started at first use');
    await vscode.commands.executeCommand(hooks.promptPickerItems);
    assert.equal(launches(lazyCount), atFirstUse, 'the picker uses the running server: no further process');
  });
});
