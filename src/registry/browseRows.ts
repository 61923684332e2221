// How a registry server reads in the Browse list: its title, name and version, what it does, how it can
// run, whether it needs a secret, and whether it is installed. Registry text is untrusted: control
// characters are dropped and `$(icon)` syntax is escaped, so a description cannot draw "installed" badges.
import * as vscode from 'vscode';
import type { InstalledServer } from './installedServers';
import { installOptions } from './installOptions';
import { displayNameFor, isNewerVersion } from './naming';
import type { RegistryEntry } from './serverJson';
import { questionsFor } from './toSettingsEntry';

export type RowKind = 'server' | 'more' | 'retry' | 'settings' | 'message';

export interface BrowseRow extends vscode.QuickPickItem {
  row: RowKind;
  entry?: RegistryEntry;
}

export const INSTALL_BUTTON = { iconPath: new vscode.ThemeIcon('cloud-download'), tooltip: vscode.l10n.t('Install…') };
export const OPEN_BUTTON = { iconPath: new vscode.ThemeIcon('link-external'), tooltip: vscode.l10n.t('Open the repository or website') };

const KIND_NAMES: Record<string, string> = { npm: 'npm', pypi: 'PyPI', oci: 'Docker', nuget: 'NuGet', remote: 'Remote' };

/** Registry text made safe to show: one line, no control characters, icons escaped. */
export function plain(text: string | undefined, max = 300): string {
  const line = (text ?? '').replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return (line.length > max ? `${line.slice(0, max - 1)}…` : line).replace(/\$\(/g, '\\$(');
}

/** Where to read more about a server: its repository, else its website (http(s) only). */
export function homepageOf(entry: RegistryEntry): string | undefined {
  return [entry.server.repository?.url, entry.server.websiteUrl].find((u) => typeof u === 'string' && /^https?:\/\//.test(u));
}

/** "npm · Docker", the ways it can run here; empty when none. */
export function runsAs(entry: RegistryEntry): string {
  const kinds = installOptions(entry.server).filter((o) => !o.unsupported).map((o) => KIND_NAMES[o.kind] ?? o.kind);
  return [...new Set(kinds)].join(' · ');
}

export function needsSecret(entry: RegistryEntry): boolean {
  return installOptions(entry.server)
    .filter((o) => !o.unsupported)
    .some((o) => questionsFor(entry.server, o).some((q) => q.secret && q.required));
}

export function serverRow(entry: RegistryEntry, installed: readonly InstalledServer[]): BrowseRow {
  const s = entry.server;
  const mine = installed.filter((i) => i.registry.name === s.name);
  const outdated = mine.find((i) => isNewerVersion(s.version, i.registry.version));
  const runs = runsAs(entry);
  // What decides an install comes first, where it cannot be cut off: version, how it runs, secrets, installed.
  const facts = [
    plain(s.version, 60),
    runs || `$(circle-slash) ${vscode.l10n.t('cannot be installed here')}`,
    needsSecret(entry) ? `$(key) ${vscode.l10n.t('needs a secret')}` : '',
    outdated
      ? `$(arrow-circle-up) ${vscode.l10n.t('{0} installed, update available', plain(outdated.registry.version, 60))}`
      : mine.length
        ? `$(check) ${vscode.l10n.t('installed')}`
        : '',
    entry.status === 'deprecated' ? `$(warning) ${vscode.l10n.t('deprecated')}` : '',
  ].filter(Boolean);
  return {
    row: 'server',
    entry,
    label: plain(displayNameFor(s), 100),
    description: facts.join(' · '),
    detail: `${plain(s.name, 200)} — ${plain(s.description) || vscode.l10n.t('no description')}`,
    buttons: [INSTALL_BUTTON, ...(homepageOf(entry) ? [OPEN_BUTTON] : [])],
    alwaysShow: true,
  };
}

/** Rows that are not servers: always shown, whatever is typed (the registry did the searching). */
export function actionRow(row: Exclude<RowKind, 'server'>, label: string, detail?: string): BrowseRow {
  return { row, label, detail, alwaysShow: true };
}
