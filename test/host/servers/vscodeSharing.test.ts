// Sharing .vscode/mcp.json with VS Code's own MCP support: no server runs twice, and nothing is claimed that
// is not so (issue 16, item 1; issue 25, defect 8). A workspace with .vscode/mcp.json (two stdio fixture
// servers, told apart by a marker argument). In code-server VS Code's MCP support reads the file but starts
// nothing, so MCP Client runs them and says so. Then "VS Code" starts them: VS Code starts its stdio servers
// from the extension host, so the test does what it does, from the extension host (where it runs); MCP Client
// stops its copies, names both in one notification, and keeps a settings server with the same command but
// another environment, which is another server. Processes are counted with ps.
import * as assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { activateAll, answer, hooks, questions, serverTreeItem, stateOf } from '../helpers';
import { ui } from '../uiDriver';

const folder = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
const NAMES = ['shared-a', 'shared-b'];
const marker = (name: string) => `--share=${name}`;
const fixture = () => join(process.env.MCP_CLIENT_FIXTURES!, 'servers', 'fixtureServer.js');

/**
 * Running copies of the server: processes on this machine that are the fixture itself with the server's
 * marker. Only the server counts, not what runs it: a workspace server runs sandboxed (issue 28), and the
 * sandbox's own processes (launcher, bwrap, shell) carry its command line in theirs.
 */
function copies(name: string): number {
  const server = `${process.execPath} ${fixture()} `;
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((line) => line.startsWith(server) && line.includes(marker(name))).length;
}

async function notifications(): Promise<string[]> {
  return ((await vscode.commands.executeCommand<{ message: string }[]>(hooks.notifications)) ?? []).map((n) => n.message);
}

async function choose(label: string): Promise<void> {
  void vscode.commands.executeCommand('mcpClient.servers.chooseMcpJsonRunner');
  await ui.click('.quick-input-widget .monaco-list-row:visible', label);
}

describe('Sharing .vscode/mcp.json with VS Code', () => {
  const dir = () => join(folder(), '.vscode');
  const vscodeCopies: ChildProcess[] = [];

  before(async function () {
    this.timeout(60_000);
    await activateAll();
    // The notice that MCP Client runs them is told once per workspace; an earlier suite (the root .mcp.json's) may have had it.
    await vscode.commands.executeCommand(hooks.forgetWorkspaceState, 'mcpClient.vscodeSharing.toldRunHere');
    await vscode.commands.executeCommand(hooks.notifications, { clear: true });
    await questions();
    // Workspace servers run repository code: the user allows them (queued: code-server's test mode refuses modal dialogs).
    await answer({ kind: 'workspaceConsent', answer: 'all' });
    mkdirSync(dir(), { recursive: true });
    const servers = Object.fromEntries(NAMES.map((name) => [name, { command: process.execPath, args: [fixture(), '--era=legacy', marker(name)] }]));
    writeFileSync(join(dir(), 'mcp.json'), `// as VS Code writes it\n${JSON.stringify({ servers, inputs: [] }, null, 2)}\n`);
  });

  after(async function () {
    this.timeout(30_000);
    for (const child of vscodeCopies) child.kill('SIGKILL');
    await vscode.workspace.getConfiguration().update('chat.mcp.access', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.getConfiguration('mcpClient').update('servers', undefined, vscode.ConfigurationTarget.Workspace);
    rmSync(join(dir(), 'mcp.json'), { force: true });
    await until('the mcp.json servers to go', async () => (await stateOf(NAMES[0]!)) === undefined);
  });

  it('runs the servers of .vscode/mcp.json while VS Code does not, says so, and labels them as coming from there', async function () {
    this.timeout(90_000);
    for (const name of NAMES) {
      await until(`${name} running`, async () => (await stateOf(name)) === 'running', 60_000);
      await until(`one copy of ${name}`, () => copies(name) === 1);
      const item = (await serverTreeItem(name))!;
      assert.match(item.tooltip, /Defined in: \\\.vscode\/mcp\\\.json/, 'not "workspace settings"');
      assert.match(item.tooltip, /VS Code does not run it now, so MCP Client does/);
      assert.doesNotMatch(item.tooltip, /Left to VS Code/);
    }
    const told = await until('the notice', async () => (await notifications()).find((m) => m.includes('has not started')));
    assert.match(told, /'shared-a' and 'shared-b'/, 'names every server');
    const asked = (await questions()).filter((q) => q.kind === 'workspaceConsent');
    assert.deepEqual((asked[0]!.servers as { where: string }[]).map((s) => s.where), ['.vscode/mcp.json', '.vscode/mcp.json']);
  });

  it('stops its copies only while VS Code runs the same definitions, names them all, and keeps a look-alike with another env', async function () {
    this.timeout(120_000);
    // The same command line as shared-a, with an environment of its own: another server.
    await answer({ kind: 'workspaceConsent', answer: 'all' });
    const lookalike = { command: process.execPath, args: [fixture(), '--era=legacy', marker('shared-a')], env: { SHARED_FLAVOUR: 'mine' } };
    await vscode.workspace.getConfiguration('mcpClient').update('servers', { lookalike }, vscode.ConfigurationTarget.Workspace);
    await until('the look-alike running', async () => (await stateOf('lookalike')) === 'running', 60_000);
    await vscode.commands.executeCommand(hooks.notifications, { clear: true });

    try {
      await vscodeStartsAndStops();
    } finally {
      for (const child of vscodeCopies.splice(0)) child.kill('SIGKILL');
      await vscode.workspace.getConfiguration('mcpClient').update('servers', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  async function vscodeStartsAndStops(): Promise<void> {
    // VS Code starts both (from the extension host, with the definitions of mcp.json).
    for (const name of NAMES) vscodeCopies.push(spawn(process.execPath, [fixture(), '--era=legacy', marker(name)], { cwd: folder(), stdio: ['pipe', 'ignore', 'ignore'] }));
    for (const name of NAMES) {
      const pid = vscodeCopies[NAMES.indexOf(name)]!.pid;
      await until(`${name} left to VS Code`, async () => (await stateOf(name)) === 'stopped' && new RegExp(`Left to VS Code: .*process ${pid}`).test((await serverTreeItem(name))?.tooltip ?? ''), 30_000);
    }
    await until("only VS Code's copies", () => copies('shared-b') === 1 && copies('shared-a') === 2);
    assert.equal(await stateOf('lookalike'), 'running', 'the same command with another env is not stopped');
    const told = (await notifications()).filter((m) => m.includes('stopped its cop'));
    assert.equal(told.length, 1, JSON.stringify(told));
    assert.match(told[0]!, /'shared-a' and 'shared-b'/, 'names every server it stopped');

    // VS Code stops them: MCP Client runs them again.
    for (const child of vscodeCopies.splice(0)) child.kill('SIGKILL');
    for (const name of NAMES) await until(`${name} running again`, async () => (await stateOf(name)) === 'running', 60_000);
  }

  it('Run Here Only: MCP Client runs them with VS Code’s MCP support off; Leave to VS Code takes that back', async function () {
    this.timeout(90_000);
    await choose('Run Here Only');
    await until('VS Code MCP off in the workspace', () => vscode.workspace.getConfiguration().inspect('chat.mcp.access')?.workspaceValue === 'none');
    for (const name of NAMES) {
      await until(`${name} running`, async () => (await stateOf(name)) === 'running', 30_000);
      await until(`one copy of ${name}`, () => copies(name) === 1);
    }
    await choose('Leave to VS Code');
    await until('the workspace value gone', () => vscode.workspace.getConfiguration().inspect('chat.mcp.access')?.workspaceValue === undefined);
    // VS Code still runs none of them here: MCP Client keeps its copies, one each.
    for (const name of NAMES) assert.equal(await stateOf(name), 'running');
    assert.deepEqual(NAMES.map(copies), [1, 1]);
  });
});
