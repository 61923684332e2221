// The one place in src/config that talks to VS Code: it reads the raw setting values per scope, for the
// pure resolver (resolveServers.ts, which the unit tests cover in plain Node), and tells of changes.
// Light: activation loads it, so it imports neither zod nor the SDK (configuredServers.ts does).
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import * as vscode from 'vscode';
import { SETTINGS_SECTION, SettingKeys } from '../common/settingKeys';
import type { McpLogLevel } from '../mcp/logger';
import { START_POLICIES, type StartPolicy } from '../mcp/serverDefinition';
import type { ResolveContext, ServerSource } from './resolveServers';
import { defaultSandboxContext, sandboxPolicyOf } from './sandboxPolicy';

const LOG_LEVELS: readonly McpLogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/**
 * The raw `mcpClient.servers` value of every scope, least specific first.
 *
 * `inspect()` rather than `get()`: `mcpClient.servers` is a restricted setting, and in an untrusted
 * workspace `get()` silently drops its workspace and folder values. `inspect()` still returns them,
 * and we need them: the servers view lists those servers as "not started: workspace not trusted"
 * instead of pretending they do not exist. The trust check happens before a server starts.
 */
export function readServerSources(): ServerSource[] {
  const inspected = vscode.workspace.getConfiguration().inspect<unknown>(SettingKeys.servers);
  const sources: ServerSource[] = [
    { scope: 'user', servers: inspected?.globalValue },
    { scope: 'workspace', servers: inspected?.workspaceValue },
  ];
  // In a single-folder window the folder's .vscode/settings.json *is* the workspace settings and
  // inspect() reports it twice; count it once, as workspace. Only a .code-workspace (multi-root)
  // window has folder settings of its own.
  if (vscode.workspace.workspaceFile !== undefined) {
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const value = vscode.workspace.getConfiguration(undefined, folder.uri).inspect<unknown>(SettingKeys.servers)?.workspaceFolderValue;
      sources.push({ scope: 'folder', folder: { name: folder.name, path: folder.uri.fsPath }, servers: value });
    }
  }
  return sources.filter((s) => s.servers !== undefined);
}

/** VS Code's setting that switches its own MCP support off ("none"), or limits it ("registry"). */
export const VSCODE_MCP_ACCESS = 'chat.mcp.access';

/** VS Code's own User folder (settings, state, secrets), which no sandbox reads: set once the storage path is known. */
let vscodePrivateDirs: string[] = [];

/**
 * `globalStoragePath` (the extension's storage, …/User/globalStorage/<extension>) tells where VS Code keeps its
 * own data: two folders up is the User folder. Not the user data folder above it: code-server keeps the
 * extensions there, this one's sandbox launcher too. Every later resolution (registry installs included) uses it.
 */
export function rememberVscodeStorage(globalStoragePath: string): void {
  vscodePrivateDirs = [dirname(dirname(globalStoragePath))];
}

/**
 * What `${workspaceFolder}`, `${userHome}` and `${env:…}` resolve against, and the sandbox policy.
 * `mcpClient.sandbox.default` is read from user settings only: a workspace must not choose its own sandbox.
 */
export function readResolveContext(): ResolveContext {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const userHome = homedir();
  const policy = sandboxPolicyOf(vscode.workspace.getConfiguration().inspect<string>(SettingKeys.sandboxDefault)?.globalValue);
  return {
    workspaceFolders: folders.map((f) => ({ name: f.name, path: f.uri.fsPath })),
    userHome,
    env: process.env,
    sandbox: { ...defaultSandboxContext(userHome, process.env), policy, privateDirs: vscodePrivateDirs },
  };
}

export function readLogLevel(): McpLogLevel {
  const value = vscode.workspace.getConfiguration().get<string>(SettingKeys.logLevel);
  return LOG_LEVELS.find((l) => l === value) ?? 'info';
}

/** `mcpClient.startServers`: when servers without a `start` of their own start. */
export function readStartPolicy(): StartPolicy {
  const value = vscode.workspace.getConfiguration().get<string>(SettingKeys.startServers);
  return START_POLICIES.find((p) => p === value) ?? 'atWindowOpen';
}

export interface ConfigurationChange {
  servers: boolean;
  logLevel: boolean;
}

/**
 * Calls `listener` when any `mcpClient.*` setting changes, in any scope (a folder-level change
 * affects `mcpClient` too). Adding or removing workspace folders does not fire this; callers that
 * resolve `${workspaceFolder}` should also re-read on `workspace.onDidChangeWorkspaceFolders`.
 */
export function onDidChange(listener: (change: ConfigurationChange) => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    const vscodeMcp = event.affectsConfiguration(VSCODE_MCP_ACCESS);
    if (!event.affectsConfiguration(SETTINGS_SECTION) && !vscodeMcp) return;
    listener({
      // Whether VS Code runs the mcp.json servers decides whether we do.
      // The sandbox policy is part of each server's definition (which ones run sandboxed).
      servers: vscodeMcp || event.affectsConfiguration(SettingKeys.servers) || event.affectsConfiguration(SettingKeys.sandboxDefault),
      logLevel: event.affectsConfiguration(SettingKeys.logLevel),
    });
  });
}
