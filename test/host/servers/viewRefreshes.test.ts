// Issue 30: the views redraw only when something they show changed, and causes close together make one
// redraw. The settings are read again on every change of a server setting; when no server's definition
// changed (here only `autoStart` of a running server, which a definition's identity leaves out), no view
// is told to redraw. Counted through a test hook (sent and pending whole-tree refreshes), never timed.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { api, hooks, stateOf } from '../helpers';

type Counts = Record<'servers' | 'tools' | 'resources', { sent: number; pending: boolean }>;
const counts = () => vscode.commands.executeCommand<Counts>(hooks.treeRefreshes);
const config = () => vscode.workspace.getConfiguration('mcpClient');
const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'servers', 'toolsFixture.js');
const settled = async () => until('no refresh pending', async () => {
  const c = await counts();
  return Object.values(c).every((v) => !v.pending) && c;
});
/** Changes the user's servers and resolves once this extension host has been told (after the extension under test: it listened first). */
async function setServers(servers: Record<string, unknown>): Promise<void> {
  const told = new Promise<void>((resolve) => {
    const listener = vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('mcpClient.servers')) return;
      listener.dispose();
      resolve();
    });
  });
  await config().update('servers', servers, vscode.ConfigurationTarget.Global);
  await told;
}

describe('View refreshes', function () {
  this.timeout(60_000);
  let servers: Record<string, unknown>;

  before(async () => {
    await api();
    servers = config().inspect<Record<string, unknown>>('servers')!.globalValue!;
  });
  after(async () => {
    await config().update('servers', servers, vscode.ConfigurationTarget.Global);
    await until('the test server to be gone', async () => !(await stateOf('refreshes')));
  });

  it('redraws no view when the settings are read again and nothing a view shows changed, and redraws when a server stops', async () => {
    await setServers({ ...servers, refreshes: { command: process.execPath, args: [FIXTURE] } });
    await until('the server to run', async () => (await stateOf('refreshes')) === 'running');
    const before = await settled();

    // Only autoStart changes: the same definition, so the same rows.
    await setServers({ ...servers, refreshes: { command: process.execPath, args: [FIXTURE], autoStart: false } });
    const after = await counts();
    assert.deepEqual(after, before, 'nothing sent and nothing pending after the settings were read again');
    assert.equal(await stateOf('refreshes'), 'running');

    // The counter is live: a stop is a change every view shows.
    await vscode.commands.executeCommand('mcpClient.stopServer', 'refreshes');
    await until('the stop to be drawn in the Servers and Tools views', async () => {
      const c = await settled();
      return c.servers.sent > before.servers.sent && c.tools.sent > before.tools.sent;
    });
  });
});
