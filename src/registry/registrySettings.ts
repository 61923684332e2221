// The registry settings (`mcpClient.registry.*`) and the client they make. Application-scoped in
// package.json: a workspace cannot point the user at another registry, nor read the token sent to it.
import * as vscode from 'vscode';
import { VscodeCommandIds } from '../common/commandIds';
import { SettingKeys } from '../common/settingKeys';
import { inputReferences } from '../inputs/inputDefinitions';
import type { InputResolver } from '../inputs/inputResolver';
import { normalizeRegistryUrl, OFFICIAL_REGISTRY_URL, RegistryClient, RegistryError } from './registryClient';

export interface RegistrySettings {
  url: string;
  headers: Record<string, string>;
  checkForUpdates: boolean;
}

export function readRegistrySettings(): RegistrySettings {
  const config = vscode.workspace.getConfiguration();
  const headers = config.get<unknown>(SettingKeys.registryHeaders);
  return {
    url: config.get<string>(SettingKeys.registryUrl)?.trim() || OFFICIAL_REGISTRY_URL,
    headers: typeof headers === 'object' && headers !== null ? Object.fromEntries(Object.entries(headers).filter(([, v]) => typeof v === 'string')) : {},
    checkForUpdates: config.get<boolean>(SettingKeys.registryCheckForUpdates) !== false,
  };
}

export function affectsRegistrySettings(event: vscode.ConfigurationChangeEvent): boolean {
  return [SettingKeys.registryUrl, SettingKeys.registryHeaders, SettingKeys.registryCheckForUpdates].some((key) => event.affectsConfiguration(key));
}

/**
 * A client of `url` (the configured registry when omitted). The configured headers, with their
 * `${input:…}` filled in from secret storage (asked once; with `ask: false`, never), go only to the
 * configured registry: a server installed from another registry is checked there without them.
 */
export async function registryClientFor(inputs: InputResolver, url?: string, options: { ask?: boolean } = {}): Promise<RegistryClient> {
  const settings = readRegistrySettings();
  const configured = normalizeRegistryUrl(settings.url);
  if (url !== undefined && normalizeRegistryUrl(url) !== configured) return new RegistryClient({ url, configuredByUser: false });
  if (options.ask === false) {
    const stored = await inputs.storedIds();
    const missing = Object.values(settings.headers).flatMap(inputReferences).find((id) => !stored.includes(id));
    if (missing) throw new RegistryError(`${SettingKeys.registryHeaders} uses \${input:${missing}}, which has no value yet: Browse Servers… asks for it.`, 'setting');
  }
  const names = Object.keys(settings.headers);
  const values = await inputs.resolveTexts(Object.values(settings.headers), vscode.l10n.t('browse the registry again to enter it'));
  return new RegistryClient({ url: configured, configuredByUser: true, headers: Object.fromEntries(names.map((n, i) => [n, values[i]!])) });
}

export function openRegistrySettings(): Thenable<unknown> {
  return vscode.commands.executeCommand(VscodeCommandIds.openSettings, 'mcpClient.registry');
}
