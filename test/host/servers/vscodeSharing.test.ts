// Issue 16, item 1: no server runs twice. A workspace with .vscode/mcp.json (two stdio fixture servers,
// told apart by a marker argument): MCP Client reads it in place and, while VS Code's own MCP support is
// on (the default), leaves both to VS Code. The user then chooses "Run Here Only" in the real quick pick
// and allows each server in the real consent dialog: exactly one process of each server runs (counted
// with ps), MCP Client's. "Leave to VS Code" stops MCP Client's copies again.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { activateAll, answer, questions, serverTreeItem, stateOf } from '../helpers';
import { ui } from '../uiDriver';

const folder = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
const NAMES = ['shared-a', 'shared-b'];
const marker = (name: string) => `--share=${name}`;

/** Processes on this machine whose command line carries the server's marker. */
function copies(name: string): number {
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((line) => line.includes(marker(name)) && !line.includes('ps -eo')).length;
}

async function choose(label: string): Promise<void> {
  void vscode.commands.executeCommand('mcpClient.servers.chooseMcpJsonRunner');
  await ui.click('.quick-input-widget .monaco-list-row:visible', label);
}

describe('Sharing .vscode/mcp.json with VS Code', () => {
  const dir = () => join(folder(), '.vscode');

  before(async function () {
    this.timeout(60_000);
    await activateAll();
    const fixture = join(process.env.MCP_CLIENT_FIXTURES!, 'servers', 'fixtureServer.js');
    mkdirSync(dir(), { recursive: true });
    const servers = Object.fromEntries(NAMES.map((name) => [name, { command: process.execPath, args: [fixture, '--era=legacy', marker(name)] }]));
    writeFileSync(join(dir(), 'mcp.json'), `// as VS Code writes it\n${JSON.stringify({ servers, inputs: [] }, null, 2)}\n`);
  });

  after(async function () {
    this.timeout(30_000);
    await vscode.workspace.getConfiguration().update('chat.mcp.access', undefined, vscode.ConfigurationTarget.Workspace);
    rmSync(join(dir(), 'mcp.json'), { force: true });
    await until('the mcp.json servers to go', async () => (await stateOf(NAMES[0]!)) === undefined);
  });

  it('lists the servers of .vscode/mcp.json and leaves them to VS Code while its MCP support is on', async () => {
    for (const name of NAMES) {
      const item = await until(`${name} in the Servers view`, () => serverTreeItem(name));
      assert.match(item.tooltip, /Left to VS Code/);
      assert.equal(await stateOf(name), 'stopped');
      assert.ok(copies(name) <= 1, `${name}: ${copies(name)} processes`);
    }
  });

  it('Run Here Only: MCP Client runs them, VS Code does not, one process each', async function () {
    this.timeout(90_000);
    await questions();
    // A workspace server runs code from the repository: the user allows them (the consent dialog's answer,
    // queued before the choice: code-server's test mode refuses modal dialogs).
    await answer({ kind: 'workspaceConsent', answer: 'all' });
    await choose('Run Here Only');
    await until('VS Code MCP off in the workspace', () => vscode.workspace.getConfiguration().inspect('chat.mcp.access')?.workspaceValue === 'none');
    for (const name of NAMES) {
      await until(`${name} running`, async () => (await stateOf(name)) === 'running', 30_000);
      await until(`one copy of ${name}`, () => copies(name) === 1);
    }
    assert.deepEqual(NAMES.map(copies), [1, 1]);
    const asked = (await questions()).filter((q) => q.kind === 'workspaceConsent');
    assert.equal(asked.length, 1, 'one consent question');
    assert.deepEqual((asked[0]!.servers as { name: string }[]).map((s) => s.name).sort(), NAMES);
  });

  it('Leave to VS Code: MCP Client stops its copies', async function () {
    this.timeout(60_000);
    await choose('Leave to VS Code');
    for (const name of NAMES) {
      await until(`${name} left to VS Code`, async () => (await stateOf(name)) === 'stopped' && /Left to VS Code/.test((await serverTreeItem(name))?.tooltip ?? ''), 30_000);
      await until(`at most one copy of ${name}`, () => copies(name) <= 1);
    }
    assert.equal(vscode.workspace.getConfiguration().inspect('chat.mcp.access')?.workspaceValue, undefined);
  });
});
