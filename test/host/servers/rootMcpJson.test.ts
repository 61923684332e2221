// The workspace-root .mcp.json (issue 27, part 5), VS Code 1.140's file and Claude Code's: read in place with
// both its keys (`servers`, `mcpServers`), watched (an edit adds a server, deleting the file removes them), shown
// as its own source, and a workspace server for trust and consent (the user is asked, naming the file).
import * as assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { activateAll, answer, questions, serverTreeItem, stateOf } from '../helpers';

const folder = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
const file = () => join(folder(), '.mcp.json');
const fixture = () => join(process.env.MCP_CLIENT_FIXTURES!, 'servers', 'fixtureServer.js');
const entry = (name: string) => ({ command: process.execPath, args: [fixture(), '--era=legacy', `--root-mcp-json=${name}`] });

describe('The workspace-root .mcp.json (issue 27)', () => {
  before(async function () {
    this.timeout(60_000);
    await activateAll();
    await questions();
  });

  after(async function () {
    this.timeout(30_000);
    rmSync(file(), { force: true });
    await until('the .mcp.json servers to go', async () => (await stateOf('claude-style')) === undefined && (await stateOf('vscode-style')) === undefined);
  });

  it('runs the servers of .mcp.json (mcpServers), after asking, and shows the file as their source', async function () {
    this.timeout(90_000);
    await answer({ kind: 'workspaceConsent', answer: 'all' });
    writeFileSync(file(), JSON.stringify({ mcpServers: { 'claude-style': entry('claude-style') } }, null, 2));
    await until('claude-style running', async () => (await stateOf('claude-style')) === 'running', 60_000);
    const item = (await serverTreeItem('claude-style'))!;
    assert.match(item.tooltip, /Defined in: \\\.mcp\\\.json \\\(workspace\\\)/);
    const asked = (await questions()).filter((q) => q.kind === 'workspaceConsent');
    assert.deepEqual((asked[0]!.servers as { where: string }[]).map((s) => s.where), ['.mcp.json'], 'a workspace server: asked, naming the file');
  });

  it('watches the file: a server added under servers runs, and deleting the file removes them', async function () {
    this.timeout(90_000);
    await answer({ kind: 'workspaceConsent', answer: 'all' });
    writeFileSync(file(), JSON.stringify({ servers: { 'vscode-style': entry('vscode-style') }, mcpServers: { 'claude-style': entry('claude-style') } }, null, 2));
    await until('vscode-style running', async () => (await stateOf('vscode-style')) === 'running', 60_000);
    assert.equal(await stateOf('claude-style'), 'running', 'the other server was left running');
    rmSync(file());
    await until('both gone', async () => (await stateOf('claude-style')) === undefined && (await stateOf('vscode-style')) === undefined);
  });
});
