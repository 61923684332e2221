// Wires the resources feature into the extension (one call from features.ts): the watchers
// (subscriptions), the read-only `mcp-client-resource:` file system (registered at activation by
// extension.ts, which hands its calls to the one made here), the Resources view and its commands.
import * as vscode from 'vscode';
import type { Logger } from '../mcp/logger';
import type { SessionManager } from '../mcp/sessionManager';
import { registerResourceTestCommand } from '../testHooks';
import { ResourcesTreeProvider } from '../views/resourcesTree';
import { registerResourceCommands } from './resourceCommands';
import { ResourceFileSystem } from './resourceFileSystem';
import { ResourceWatchers } from './resourceWatchers';

const DEFAULT_MAX_SIZE_MB = 50;

/** `mcpClient.resources.maxSizeMB` in bytes, read at each use so that changes apply at once. */
function maxBytes(): number {
  const mb = vscode.workspace.getConfiguration('mcpClient.resources').get<number>('maxSizeMB', DEFAULT_MAX_SIZE_MB);
  return Math.max(0, Number.isFinite(mb) ? mb : DEFAULT_MAX_SIZE_MB) * 1024 * 1024;
}

export function registerResources(
  manager: SessionManager,
  loggerFor: (server: string) => Logger,
): { fileSystem: vscode.FileSystemProvider; disposables: vscode.Disposable[] } {
  const watchers = new ResourceWatchers(manager, loggerFor);
  const fileSystem = new ResourceFileSystem(manager, watchers, maxBytes);
  const tree = new ResourcesTreeProvider(manager, loggerFor);
  const view = vscode.window.createTreeView('mcpClient.resources', {
    treeDataProvider: tree,
    dragAndDropController: tree,
    showCollapseAll: true,
    canSelectMany: true,
  });
  return {
    fileSystem,
    disposables: [watchers, fileSystem, tree, view, ...registerResourceCommands(manager, tree, maxBytes), registerResourceTestCommand(tree)],
  };
}
