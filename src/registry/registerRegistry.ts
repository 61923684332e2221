// Finding and adding servers from an MCP registry: the Browse Servers…, Install, Update Server and
// Check for Server Updates commands, the background update checks, and the notes they put on the
// Servers view's nodes (activation hands them to the view).
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { SettingKeys } from '../common/settingKeys';
import type { UserAnswers } from '../common/userAnswers';
import { showError, showInfo } from '../common/userMessages';
import type { InputResolver } from '../inputs/inputResolver';
import type { ServerEntry, SessionManager } from '../mcp/sessionManager';
import { BACK } from './askQuestion';
import { browseRegistry, type BrowseState } from './browsePicker';
import { installFromRegistry, type InstallServices } from './installFlow';
import { readInstalledServers } from './installedServers';
import type { RegistryClient } from './registryClient';
import { affectsRegistrySettings, openRegistrySettings, registryClientFor } from './registrySettings';
import { RegistryUpdates } from './registryUpdates';
import { pickVersion, showServerDetails } from './serverDetails';
import { updateServer } from './updateFlow';
import type { ServerDefinition } from '../mcp/serverDefinition';

export interface RegistryHost {
  globalState: vscode.Memento;
  sessions: SessionManager;
  inputs: InputResolver;
  answers: UserAnswers;
  /** The install's last step showed the exact command: a workspace install, as that definition, is not asked about again. */
  confirmNextStart(definition: ServerDefinition): void;
}

/** A note for a server's node in the Servers view (the shape src/servers/serversTree.ts takes). */
export interface UpdateNotes {
  readonly onDidChange: vscode.Event<void>;
  noteFor(name: string): { description: string; tooltip: string; contextWord: string; mark: string } | undefined;
}

export function registerRegistry(host: RegistryHost): { notes: UpdateNotes; disposables: vscode.Disposable[] } {
  const services: InstallServices = { sessions: host.sessions, inputs: host.inputs, answers: host.answers, confirmNextStart: host.confirmNextStart };
  /** A client of `url` (the configured registry by default); undefined, with the reason shown, when the settings do not make one. */
  const clientFor = async (url?: string): Promise<RegistryClient | undefined> => {
    try {
      return await registryClientFor(host.inputs, url);
    } catch (error) {
      const settings = vscode.l10n.t('Registry Settings');
      if (await showError(vscode.l10n.t('cannot use the MCP registry: {0}', (error as Error).message), settings)) void openRegistrySettings();
      return undefined;
    }
  };
  const update = async (name: string) => {
    const installed = readInstalledServers().find((s) => s.name === name);
    if (!installed) return void showInfo(vscode.l10n.t("'{0}' was not installed from an MCP registry.", name));
    const client = await clientFor(installed.registry.url);
    if (client && (await updateServer(services, client, installed, updates.updateFor(name)?.latest))) updates.updated(name);
  };
  const updates = new RegistryUpdates(
    // Background checks never ask for the registry's token: without it stored, they report the registry unreachable.
    (url) => registryClientFor(host.inputs, url, { ask: false }),
    host.globalState,
    host.answers,
    (available) => update(available.installed.name),
  );

  const browse = async () => {
    const client = await clientFor();
    if (!client) return;
    const state: BrowseState = { search: '', entries: [], complete: false };
    for (;;) {
      const result = await browseRegistry(client, readInstalledServers, state);
      if (!result) return;
      if (result.action === 'settings') return void openRegistrySettings();
      const entry = result.entry!;
      if (result.action === 'install') return void (await installFromRegistry(services, entry, client.url));
      const details = await showServerDetails(entry);
      if (details === BACK) continue;
      if (!details) return;
      if (details.action === 'install') return void (await installFromRegistry(services, entry, client.url, details.option));
      const versions = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('MCP: reading versions…') }, () => client.versions(entry.server.name)).then(
        (v) => v,
        (error: Error) => void showError(error.message),
      );
      if (!versions?.length) return;
      const picked = await pickVersion(versions);
      if (picked === BACK) continue;
      if (picked) await installFromRegistry(services, picked, client.url);
      return;
    }
  };

  const install = async (arg?: { name?: string; version?: string } | string): Promise<void> => {
    const name = typeof arg === 'string' ? arg : arg?.name;
    if (!name) return browse();
    const client = await clientFor();
    if (!client) return;
    try {
      const entry = await client.version(name, (typeof arg === 'object' && arg.version) || 'latest');
      await installFromRegistry(services, entry, client.url);
    } catch (error) {
      const retry = vscode.l10n.t('Retry');
      if (await showError(vscode.l10n.t('could not install {0}: {1}', name, (error as Error).message), retry)) await install(arg);
    }
  };

  const checkNow = async (): Promise<void> => {
    const title = vscode.l10n.t('MCP Client: checking for server updates…');
    const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, () => updates.check(false));
    const installed = readInstalledServers().length;
    if (result.errors.length) {
      const [retry, settings] = [vscode.l10n.t('Retry'), vscode.l10n.t('Registry Settings')];
      const choice = await showError(vscode.l10n.t('could not check for updates. {0}', result.errors.join(' ')), retry, settings);
      if (choice === retry) return checkNow();
      if (choice === settings) void openRegistrySettings();
    } else if (result.updates.length === 0) {
      if (installed === 0) void showInfo(vscode.l10n.t('no server was installed from an MCP registry.'));
      else if (installed === 1) void showInfo(vscode.l10n.t('the server installed from a registry is up to date.'));
      else void showInfo(vscode.l10n.t('all {0} servers installed from a registry are up to date.', installed));
    } else {
      const list = result.updates.map((u) => `'${u.installed.name}' ${u.latest.server.version}`).join(', ');
      const all = vscode.l10n.t('Update All');
      if (await showInfo(vscode.l10n.t('updates available: {0}.', list), all)) for (const u of result.updates) await update(u.installed.name);
    }
  };

  let debounce: NodeJS.Timeout | undefined;
  const later = () => {
    clearTimeout(debounce);
    debounce = setTimeout(() => void updates.checkInBackground(), 1000);
  };
  later();
  const notes: UpdateNotes = {
    onDidChange: updates.onDidChange,
    noteFor: (name) => {
      const available = updates.updateFor(name);
      if (!available) return undefined;
      const version = available.latest.server.version;
      return {
        description: vscode.l10n.t('update {0}', version),
        contextWord: 'updateAvailable',
        mark: '↑',
        tooltip: vscode.l10n.t('Version {0} is available (installed: {1}).', version, available.installed.registry.version),
      };
    },
  };
  return {
    notes,
    disposables: [
      updates,
      { dispose: () => clearTimeout(debounce) },
      vscode.workspace.onDidChangeConfiguration((e) => (e.affectsConfiguration(SettingKeys.servers) || affectsRegistrySettings(e)) && later()),
      vscode.commands.registerCommand(CommandIds.browseRegistry, browse),
      vscode.commands.registerCommand(CommandIds.installFromRegistry, install),
      vscode.commands.registerCommand(CommandIds.updateServer, async (arg?: ServerEntry | string) => {
        const name = typeof arg === 'string' ? arg : (arg?.name ?? (await pickInstalled()));
        if (name) await update(name);
      }),
      vscode.commands.registerCommand(CommandIds.checkForServerUpdates, checkNow),
    ],
  };
}

async function pickInstalled(): Promise<string | undefined> {
  const installed = readInstalledServers();
  if (installed.length === 0) return void showInfo(vscode.l10n.t('no server was installed from an MCP registry.'));
  const items = installed.map((s) => ({ label: s.name, description: `${s.registry.name} ${s.registry.version}` }));
  return (await vscode.window.showQuickPick(items, { placeHolder: vscode.l10n.t('Server to update') }))?.label;
}
