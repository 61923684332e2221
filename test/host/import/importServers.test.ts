// "Import Servers…" in a real VS Code: a Claude Desktop configuration is read, its server is picked
// (preselected) and written to user settings; the field it cannot carry over is reported, not kept.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../../shared/until';

describe('Import Servers in the extension host', () => {
  const config = () => vscode.workspace.getConfiguration('mcpClient');
  let servers: Record<string, unknown>;
  let dir: string;

  before(() => {
    servers = config().inspect<Record<string, unknown>>('servers')!.globalValue!;
    dir = mkdtempSync(join(tmpdir(), 'mcp-import-'));
  });

  after(async () => {
    await config().update('servers', servers, vscode.ConfigurationTarget.Global);
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports the chosen server into user settings and leaves out what has no equivalent', async () => {
    const file = join(dir, 'claude_desktop_config.json');
    const imported = { command: 'node', args: ['server.js'], env: { MODE: 'test' }, disabled: true };
    writeFileSync(file, JSON.stringify({ mcpServers: { 'from-claude': { ...imported, alwaysAllow: ['read'] } } }));
    const done = vscode.commands.executeCommand('mcpClient.importServers', vscode.Uri.file(file));
    // First the servers found (preselected), then the scope (User Settings first): Enter, Enter.
    await until('the server to be written to user settings', async () => {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await new Promise((r) => setTimeout(r, 200));
      return config().inspect<Record<string, unknown>>('servers')?.globalValue?.['from-claude'] !== undefined;
    });
    await done;
    const written = config().inspect<Record<string, unknown>>('servers')!.globalValue!;
    assert.deepEqual(written['from-claude'], imported);
    assert.deepEqual(written.fixture, servers.fixture, 'the servers already there are kept');
  });
});
