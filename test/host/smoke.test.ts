// Proves the whole chain works: code-server loaded this repository as the extension under development,
// opened the test workspace, and ran this file through test/host/index.ts.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';

// Compiled to out/test/host/, three levels below the repository root.
const workspaceFolder = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'workspaces', 'host');

describe('Extension host smoke test', () => {
  it('loads the extension under development in the test workspace', () => {
    const extension = vscode.extensions.getExtension('mcp-client.mcp-client');
    assert.ok(extension, 'extension mcp-client.mcp-client is not installed in the host');

    const folders = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.fsPath);
    assert.deepEqual(folders, [workspaceFolder]);
  });

  it('runs the extension from where the run says: this repository, or the installed .vsix', () => {
    const extension = vscode.extensions.getExtension('mcp-client.mcp-client')!;
    const repository = path.resolve(__dirname, '..', '..', '..');
    if (process.env.MCP_CLIENT_HOST_MODE === 'vsix') {
      assert.notEqual(extension.extensionPath, repository);
      assert.match(path.basename(extension.extensionPath), /^mcp-client\.mcp-client-\d+\.\d+\.\d+$/);
    } else {
      assert.equal(extension.extensionPath, repository);
    }
  });
});
