// Registry servers in settings: reading the entries that carry a `registry` origin, and writing an
// installed or updated entry with the inputs its secrets need, at user or workspace scope.
import * as vscode from 'vscode';
import { SettingKeys } from '../common/settingKeys';
import type { RegistryOrigin, SecretInput } from './toSettingsEntry';

export type InstallScope = 'user' | 'workspace';

export interface InstalledServer {
  /** The entry's name in `mcpClient.servers`. */
  name: string;
  scope: InstallScope;
  entry: Record<string, unknown>;
  registry: RegistryOrigin;
}

const config = () => vscode.workspace.getConfiguration();
const targetOf = (scope: InstallScope) => (scope === 'user' ? vscode.ConfigurationTarget.Global : vscode.ConfigurationTarget.Workspace);

function scoped<T>(key: string, scope: InstallScope): T | undefined {
  const inspected = config().inspect<T>(key);
  return scope === 'user' ? inspected?.globalValue : inspected?.workspaceValue;
}

/** Servers in user and workspace settings that were installed from a registry. */
export function readInstalledServers(): InstalledServer[] {
  const scopes: InstallScope[] = vscode.workspace.workspaceFolders?.length ? ['user', 'workspace'] : ['user'];
  return scopes.flatMap((scope) =>
    Object.entries(scoped<Record<string, unknown>>(SettingKeys.servers, scope) ?? {}).flatMap(([name, value]) => {
      const entry = value as Record<string, unknown> | null;
      const registry = entry?.registry as Partial<RegistryOrigin> | undefined;
      const valid = registry && typeof registry.url === 'string' && typeof registry.name === 'string' && typeof registry.version === 'string' && typeof registry.package === 'string';
      return valid ? [{ name, scope, entry: entry!, registry: registry as RegistryOrigin }] : [];
    }),
  );
}

/** Every server name in use, in any scope: a new install must not take one. */
export function takenServerNames(): Set<string> {
  const inspected = config().inspect<Record<string, unknown>>(SettingKeys.servers);
  return new Set([inspected?.globalValue, inspected?.workspaceValue, inspected?.workspaceFolderValue].flatMap((v) => Object.keys(v ?? {})));
}

/**
 * Writes `entry` as `name` at `scope`, after defining the inputs its secrets use (so that a server that
 * starts on the settings change finds them). An input already defined at that scope is left as it is.
 * Resolves once the change has reached the servers: the session manager's listener, registered at
 * activation, runs before the one registered here.
 */
export async function writeServer(scope: InstallScope, name: string, entry: Record<string, unknown>, secrets: readonly SecretInput[]): Promise<void> {
  const inputs = [...(scoped<Record<string, unknown>[]>(SettingKeys.inputs, scope) ?? [])];
  const missing = secrets.filter((s) => !inputs.some((i) => i.id === s.id));
  if (missing.length) {
    inputs.push(...missing.map((s) => ({ type: 'promptString', id: s.id, description: s.description, password: true })));
    await config().update(SettingKeys.inputs, inputs, targetOf(scope));
  }
  const servers = scoped<Record<string, unknown>>(SettingKeys.servers, scope) ?? {};
  if (JSON.stringify(servers[name]) === JSON.stringify(entry)) return;
  let listener: vscode.Disposable | undefined;
  const applied = new Promise<void>((resolve) => {
    listener = vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(SettingKeys.servers) && resolve());
  });
  try {
    await config().update(SettingKeys.servers, { ...servers, [name]: entry }, targetOf(scope));
    await applied;
  } finally {
    listener?.dispose();
  }
}
