// Reads what VS Code's own MCP support runs, for vscodeMcpJson.ts: its switch (`chat.mcp.access`), the
// folders' .vscode/mcp.json, the user's mcp.json, and the processes it runs now (which the sharing watcher,
// servers/vscodeSharing.ts, observes and hands over). Loaded with the contributions (not at activation).
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { readLocalFileSync } from '../mcp/localFile';
import { VSCODE_MCP_ACCESS } from './configurationReader';
import type { ServerSource } from './resolveServers';
import type { ObservedProcess } from '../mcp/processTree';
import { mcpJsonServers, type McpJsonFile, type VscodeMcp, WORKSPACE_MCP_JSON } from './vscodeMcpJson';

/** The extension host's children that MCP Client did not start, as last observed. */
let observed: readonly ObservedProcess[] = [];
/** Whether the last read found an mcp.json at all (nothing to watch for otherwise). */
let foundMcpJson = false;

export function setVscodeProcesses(processes: readonly ObservedProcess[]): void {
  observed = processes;
}

export function mcpJsonFound(): boolean {
  return foundMcpJson;
}

/**
 * What VS Code's own MCP support runs: its switch, the folders' `.vscode/mcp.json` and the user's
 * mcp.json (`<user data>/User/mcp.json`, found from our global storage `<User>/globalStorage/<id>`).
 */
export function readVscodeMcp(globalStoragePath: string): VscodeMcp {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const multiRoot = vscode.workspace.workspaceFile !== undefined;
  const workspace = folders.flatMap((folder): McpJsonFile[] => {
    const servers = readMcpJson(join(folder.uri.fsPath, WORKSPACE_MCP_JSON));
    if (!servers) return [];
    const label = multiRoot ? `${folder.name}/${WORKSPACE_MCP_JSON}` : WORKSPACE_MCP_JSON;
    // In a multi-root window each folder's file belongs to that folder, as folder settings do.
    const source: ServerSource = multiRoot ? { scope: 'folder', folder: { name: folder.name, path: folder.uri.fsPath }, servers } : { scope: 'workspace', servers };
    return [{ label, source }];
  });
  const userServers = readMcpJson(join(dirname(dirname(globalStoragePath)), 'mcp.json'));
  foundMcpJson = workspace.length > 0 || !!userServers;
  return {
    enabled: vscode.workspace.getConfiguration().get<string>(VSCODE_MCP_ACCESS, 'all') !== 'none',
    running: observed,
    workspace,
    ...(userServers ? { user: { label: 'user mcp.json', source: { scope: 'user', servers: userServers } } } : {}),
  };
}

/** An mcp.json is a few KB; a repository's could be a FIFO or a link to /dev/zero, read while settings are read. */
const MAX_MCP_JSON_BYTES = 1024 * 1024;

function readMcpJson(path: string): Record<string, unknown> | undefined {
  try {
    return mcpJsonServers(readLocalFileSync(path, { maxBytes: MAX_MCP_JSON_BYTES }).toString('utf8'));
  } catch {
    return undefined;
  }
}
