// Browse Servers…, install and update in a real VS Code, against the fixture registry (real server.json
// documents over HTTP on 127.0.0.1, four to a page) started here, in the extension host. The quick picks
// are driven with the workbench's own commands (select next, accept) and the list's typing hook; the
// install's questions and last step are answered through the test hooks (src/common/userAnswers.ts).
// server-everything is installed as any user would (`npx -y @modelcontextprotocol/server-everything@…`):
// the workspace lies inside this repository, so npx finds the package in its node_modules, offline.
import * as assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { REGISTRY_DOCUMENTS, startRegistryFixture, type RegistryFixture } from '../../fixtures/registry/registryFixture';
import { until } from '../../shared/until';
import { answer, api, callTool, hooks, questions, serverTreeItem, type Question } from '../helpers';

interface Row {
  row: string;
  label: string;
  description?: string;
  detail?: string;
}
type Settings = Record<string, Record<string, unknown>>;

const config = () => vscode.workspace.getConfiguration('mcpClient');
const userServers = () => config().inspect<Settings>('servers')!.globalValue!;
const browseList = (type?: string) => vscode.commands.executeCommand<{ rows: Row[]; busy: boolean } | undefined>(hooks.registry, type === undefined ? {} : { type });
const serverRows = (list: { rows: Row[] } | undefined) => list?.rows.filter((r) => r.row === 'server') ?? [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const asked = async () => (await vscode.commands.executeCommand<Question[]>(hooks.questions, false)) ?? [];
const everythingDocument = () => readFileSync(join(REGISTRY_DOCUMENTS, 'everything.json'), 'utf8');

/** Opens Browse Servers… and waits until it lists servers (or `ready` says it shows what is expected). */
async function openBrowse(ready: (list: { rows: Row[]; busy: boolean }) => boolean = (l) => !l.busy && serverRows(l).length > 0) {
  const done = vscode.commands.executeCommand('mcpClient.registry.browse');
  const list = await until('the Browse list', async () => {
    const l = await browseList();
    return l && ready(l) && l;
  });
  return { done, list };
}

async function closeBrowse(done: Thenable<unknown>): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  await done;
}

describe('MCP registry: browse, install, update', () => {
  let registry: RegistryFixture;
  let servers: Settings;
  let inputs: unknown;

  before(async () => {
    registry = await startRegistryFixture({ pageSize: 4 });
    servers = userServers();
    inputs = config().inspect('inputs')!.globalValue;
    await config().update('registry.url', registry.url, vscode.ConfigurationTarget.Global);
    await questions();
  });

  beforeEach(() => questions());

  afterEach(async () => {
    // A test that failed half-way must not leave the registry failing, a list open or answers queued.
    registry.fail('none');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand(hooks.unqueueAnswers);
  });

  after(async () => {
    for (const name of ['everything-2', 'secretcheck']) await vscode.commands.executeCommand('mcpClient.stopServer', name);
    await config().update('servers', servers, vscode.ConfigurationTarget.Global);
    await config().update('inputs', inputs, vscode.ConfigurationTarget.Global);
    for (const key of ['registry.url', 'registry.headers']) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
    await registry.close();
  });

  it('lists title, name, version, how a server runs and whether it needs a secret, page after page as the selection moves down', async () => {
    const { done, list } = await openBrowse();
    assert.ok(serverRows(list).length < 15, 'the list starts with a page, not the whole registry');
    const brave = serverRows(list).find((r) => r.label === 'Brave Search MCP Server');
    assert.equal(brave?.description, '2.1.3 · npm · $(key) needs a secret');
    assert.equal(brave?.detail, 'io.github.brave/brave-search-mcp-server — Brave Search MCP Server: web results, images, videos, rich results, AI summaries, and more.');
    const all = await until('every page, loaded as the selection moves down', async () => {
      await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
      const l = await browseList();
      return l && !l.busy && serverRows(l).length === 15 && l;
    }, 30_000);
    assert.ok(!all.rows.some((r) => r.row === 'more'), 'no "Load more" row after the last page');
    assert.equal(new Set(serverRows(all).map((r) => r.label)).size, 15);
    // Each page asked for once, with the cursor the registry gave (it holds "/" and ":", sent encoded).
    const lists = registry.requests.filter((r) => r.startsWith('/v0.1/servers?'));
    const cursors = lists.map((r) => new URL(r, 'http://x').searchParams.get('cursor')).filter(Boolean);
    assert.equal(cursors.length, 3, lists.join('\n'));
    assert.ok(lists.every((r) => r.includes('version=latest') && r.includes('limit=50')));
    assert.ok(cursors.every((c) => /^io\.github\.[\w.-]+\/[\w.-]+:[\w.]+$/.test(c!)), cursors.join(', '));
    await closeBrowse(done);
  });

  it('searches the registry as the user types', async () => {
    const { done } = await openBrowse();
    await browseList('time');
    const found = await until('the search results', async () => {
      const l = await browseList();
      return l && !l.busy && serverRows(l).length === 3 && l;
    });
    assert.deepEqual(serverRows(found).map((r) => r.label).sort(), ['Server Time', 'Time MCP Nuget', 'Time MCP Pypi']);
    assert.ok(registry.requests.some((r) => r.includes('search=time')));
    await browseList('no-such-server');
    const none = await until('no result', async () => {
      const l = await browseList();
      return l && !l.busy && l.rows[0]?.row === 'message' && l;
    });
    assert.equal(none.rows[0]!.label, '$(info) No server name contains "no-such-server"');
    await closeBrowse(done);
  });

  it('says why the registry failed, offers Retry, and recovers', async () => {
    registry.fail('refuse');
    const { done, list } = await openBrowse((l) => !l.busy && l.rows.some((r) => r.row === 'retry'));
    assert.deepEqual(list.rows.map((r) => r.row), ['retry', 'settings']);
    assert.match(list.rows[0]!.detail!, /^Could not reach the MCP registry at http:\/\/127\.0\.0\.1:\d+: the connection was cut off\.$/);
    registry.fail('none');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await until('the servers after Retry', async () => serverRows(await browseList()).length > 0);
    registry.fail('unavailable');
    await browseList('air');
    const failed = await until('the 503', async () => {
      const l = await browseList();
      return l && !l.busy && l.rows.some((r) => r.row === 'retry') && l;
    });
    assert.match(failed.rows.find((r) => r.row === 'retry')!.detail!, /answered 503 Service Unavailable: The registry is down for maintenance\.$/);
    registry.fail('none');
    await closeBrowse(done);
  });

  it('installs a server that needs a secret: the secret in secret storage, a reference in settings', async () => {
    await answer({ kind: 'registryQuestion', answer: 'BSA-host-secret' }, { kind: 'registryInstall', answer: { scope: 'user', start: false } });
    await vscode.commands.executeCommand('mcpClient.registry.install', 'io.github.brave/brave-search-mcp-server');
    const [question, review] = await questions();
    assert.deepEqual(question, { kind: 'registryQuestion', key: 'BRAVE_API_KEY', secret: true, required: true, default: undefined });
    assert.equal(review?.runs, 'npx -y @brave/brave-search-mcp-server@2.1.3 · BRAVE_API_KEY=(from secret storage)');
    assert.deepEqual(userServers()['brave-search'], {
      command: 'npx',
      args: ['-y', '@brave/brave-search-mcp-server@2.1.3'],
      env: { BRAVE_API_KEY: '${input:brave-search.BRAVE_API_KEY}' },
      registry: { url: registry.url, name: 'io.github.brave/brave-search-mcp-server', version: '2.1.3', package: 'npm' },
      autoStart: false,
    });
    assert.deepEqual(config().inspect<unknown[]>('inputs')!.globalValue, [{ type: 'promptString', id: 'brave-search.BRAVE_API_KEY', description: 'Your API key for the service', password: true }]);
    assert.ok(!JSON.stringify(config().inspect('servers')).includes('BSA-host-secret') && !JSON.stringify(config().inspect('inputs')).includes('BSA-host-secret'));
    // The value is in secret storage under the id the settings use: a server referring to it gets it, unasked.
    const everything = userServers().everything as { command: string; args: string[] };
    await config().update('servers', { ...userServers(), secretcheck: { ...everything, env: { BRAVE_API_KEY: '${input:brave-search.BRAVE_API_KEY}' }, autoStart: false } }, vscode.ConfigurationTarget.Global);
    await until('secretcheck to be listed', async () => (await api()).servers().some((s) => s.name === 'secretcheck'));
    // Were the value asked for, the input box would hold the start until this test timed out.
    await vscode.commands.executeCommand('mcpClient.startServer', 'secretcheck');
    const outcome = await callTool('secretcheck', 'get-env');
    assert.match(outcome.markdown ?? '', /BSA-host-secret/);
  });

  it('installs into workspace settings, where the server waits for the user (trust and consent apply)', async () => {
    const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    try {
      await answer({ kind: 'registryQuestion', answer: '' }, { kind: 'registryInstall', answer: { scope: 'workspace', start: false } });
      await vscode.commands.executeCommand('mcpClient.registry.install', { name: 'io.github.upstash/context7' });
      const workspace = config().inspect<Settings>('servers')!.workspaceValue!;
      assert.deepEqual(workspace.context7, {
        command: 'npx',
        args: ['-y', '@upstash/context7-mcp@1.0.26'],
        registry: { url: registry.url, name: 'io.github.upstash/context7', version: '1.0.0', package: 'npm' },
        autoStart: false,
      });
      assert.equal(config().inspect('inputs')!.workspaceValue, undefined, 'the optional secret was left out: no input');
      const listed = await until('context7 in the Servers view', async () => (await api()).servers().find((s) => s.name === 'context7'));
      assert.equal(listed.scope, 'workspace');
      assert.equal(listed.state.kind, 'stopped');
    } finally {
      await config().update('servers', undefined, vscode.ConfigurationTarget.Workspace);
      rmSync(join(folder, '.vscode'), { recursive: true, force: true });
    }
  });

  it('installs server-everything from the Browse list in two steps, starts it and shows its tools and prompts', async function () {
    // npx resolves the package in the repository's node_modules, then the server starts: on a busy machine, a while.
    this.timeout(150_000);
    await answer({ kind: 'registryInstall', answer: { scope: 'user', start: true } }, { kind: 'registryStarted', answer: undefined });
    const { done } = await openBrowse();
    await browseList('everything');
    await until('Server Everything alone', async () => {
      const rows = serverRows(await browseList());
      return rows.length === 1 && rows[0]!.label === 'Server Everything';
    });
    // Enter on the server opens its details; Enter again on their first row, Install…. With two mutation
    // workers beside VS Code on this 2-core machine, this step once took over 20 s; it has 60 of the 150 s.
    await until('the install to reach its last step', async () => {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await sleep(300);
      return (await asked()).some((q) => q.kind === 'registryInstall');
    }, 60_000);
    await done;
    const started = await until('the server to run and its tools and prompts to be shown', async () => (await asked()).find((q) => q.kind === 'registryStarted'), 120_000).catch(async (error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify((await api()).servers().find((s) => s.name === 'everything-2'))}`);
    });
    assert.equal(started.server, 'everything-2', '"everything" was taken by the settings of these tests');
    assert.ok((started.tools as string[]).includes('echo') && (started.tools as string[]).includes('get-env'), String(started.tools));
    assert.ok((started.prompts as string[]).length > 0);
    assert.match(started.message as string, /^MCP Client: 'everything-2' is running with \d+ tools \(echo, .*\) and \d+ prompts\.$/);
    assert.deepEqual(userServers()['everything-2'], {
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-everything@2026.8.31', 'stdio'],
      registry: { url: registry.url, name: 'io.github.modelcontextprotocol/server-everything', version: '2026.8.31', package: 'npm' },
    });
    assert.equal((await api()).servers().find((s) => s.name === 'everything-2')?.state.kind, 'running');
    await questions();
  });

  it('shows that a newer version is published, and updates in one action keeping the user’s changes', async () => {
    // The user turned autoStart off (kept by the update; it also keeps npx from looking for a version this machine lacks).
    await vscode.commands.executeCommand('mcpClient.stopServer', 'everything-2');
    await config().update('servers', { ...userServers(), 'everything-2': { ...userServers()['everything-2'], autoStart: false } }, vscode.ConfigurationTarget.Global);
    registry.publish(JSON.parse(everythingDocument().replaceAll('2026.8.31', '2026.9.1')) as Record<string, unknown>);
    void vscode.commands.executeCommand('mcpClient.registry.checkForUpdates');
    const noted = await until('the update on the server node', async () => {
      const item = await serverTreeItem('everything-2');
      return item?.description.startsWith('update 2026.9.1 · ') && item;
    });
    assert.match(noted.contextValue, /\bupdateAvailable\b/);
    assert.ok(noted.tooltip.includes('Version 2026\\.9\\.1 is available'), noted.tooltip);
    assert.doesNotMatch((await serverTreeItem('everything'))!.contextValue, /updateAvailable/, 'a server not from the registry has no update');
    await vscode.commands.executeCommand('mcpClient.registry.update', 'everything-2');
    assert.deepEqual(userServers()['everything-2'], {
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-everything@2026.9.1', 'stdio'],
      registry: { url: registry.url, name: 'io.github.modelcontextprotocol/server-everything', version: '2026.9.1', package: 'npm' },
      autoStart: false,
    });
    await until('the note to go', async () => !(await serverTreeItem('everything-2'))?.contextValue.includes('updateAvailable'));
  });

  it('sends a private registry its token from an input kept in secret storage', async () => {
    const privateRegistry = await startRegistryFixture({ authorization: 'Bearer host-registry-token' });
    try {
      await config().update('inputs', [...((config().inspect<unknown[]>('inputs')!.globalValue) ?? []), { type: 'promptString', id: 'registry-token', description: 'Registry token', default: 'host-registry-token' }], vscode.ConfigurationTarget.Global);
      await config().update('registry.headers', { Authorization: 'Bearer ${input:registry-token}' }, vscode.ConfigurationTarget.Global);
      await config().update('registry.url', privateRegistry.url, vscode.ConfigurationTarget.Global);
      const done = vscode.commands.executeCommand('mcpClient.registry.browse');
      // The token is asked once (its input box shows the default; Enter takes it), then the list opens.
      const list = await until('the private registry list', async () => {
        const l = await browseList();
        if (!l) await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        return l && !l.busy && serverRows(l).length > 0 && l;
      });
      assert.equal(serverRows(list).length, 15);
      await closeBrowse(done);
      assert.ok(!JSON.stringify(config().inspect('registry.headers')).includes('host-registry-token'));
    } finally {
      await config().update('registry.url', registry.url, vscode.ConfigurationTarget.Global);
      await privateRegistry.close();
    }
  });
});
