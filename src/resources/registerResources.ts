// Wires the resources feature into the extension: the watchers (subscriptions), the read-only
// `mcp-client-resource:` file system (registered at activation by a stand-in, which hands its calls to
// the one made here), the Resources view and its commands.
import * as vscode from 'vscode';
import { SettingKeys } from '../common/settingKeys';
import { ViewIds } from '../common/viewIds';
import type { IconCache } from '../icons/iconCache';
import type { CatalogStore } from '../mcp/catalogStore';
import type { Logger } from '../mcp/logger';
import type { SessionManager } from '../mcp/sessionManager';
import { registerResourceCommands } from './resourceCommands';
import { ResourceFileSystem } from './resourceFileSystem';
import { ResourcesTreeProvider } from './resourcesTree';
import { ResourceWatchers } from './resourceWatchers';

const DEFAULT_MAX_SIZE_MB = 50;

/** `mcpClient.resources.maxSizeMB` in bytes, read at each use so that changes apply at once. */
function maxBytes(): number {
  const mb = vscode.workspace.getConfiguration().get<number>(SettingKeys.resourcesMaxSizeMB, DEFAULT_MAX_SIZE_MB);
  return Math.max(0, Number.isFinite(mb) ? mb : DEFAULT_MAX_SIZE_MB) * 1024 * 1024;
}

export interface Resources {
  fileSystem: vscode.FileSystemProvider;
  tree: ResourcesTreeProvider;
  disposables: vscode.Disposable[];
}

export function registerResources(manager: SessionManager, loggerFor: (server: string) => Logger, icons?: IconCache, store?: CatalogStore): Resources {
  const watchers = new ResourceWatchers(manager, loggerFor);
  const fileSystem = new ResourceFileSystem(manager, watchers, maxBytes);
  const tree = new ResourcesTreeProvider(manager, loggerFor, icons, store);
  const view = vscode.window.createTreeView(ViewIds.resources, {
    treeDataProvider: tree,
    dragAndDropController: tree,
    showCollapseAll: true,
    canSelectMany: true,
  });
  return {
    fileSystem,
    tree,
    disposables: [watchers, fileSystem, tree, view, ...registerResourceCommands(manager, tree, maxBytes)],
  };
}
