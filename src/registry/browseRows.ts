// How a registry server reads in the Browse list: its title, name and version, what it does, how it can
// run, whether it needs a secret, and whether it is installed. Registry text is untrusted: control
// characters are dropped and `$(icon)` syntax is escaped, so a description cannot draw "installed" badges.
import * as vscode from 'vscode';
import type { InstalledServer } from './installedServers';
import { installOptions } from './installOptions';
import { displayNameFor, isNewerVersion } from './naming';
import type { RegistryEntry } from './serverJson';
import { questionsFor } from './toSettingsEntry';
import type { ShownPickItem } from '../common/shownUi';
import { shownLine, type ShownText } from '../common/serverText';
import { l10n, withIcon } from '../common/shownL10n';

export type RowKind = 'server' | 'more' | 'retry' | 'settings' | 'message';

export interface BrowseRow extends ShownPickItem {
  row: RowKind;
  entry?: RegistryEntry;
}

export const INSTALL_BUTTON = { iconPath: new vscode.ThemeIcon('cloud-download'), tooltip: vscode.l10n.t('Install…') };
export const OPEN_BUTTON = { iconPath: new vscode.ThemeIcon('link-external'), tooltip: vscode.l10n.t('Open the repository or website') };

const KIND_NAMES: Record<string, string> = { npm: 'npm', pypi: 'PyPI', oci: 'Docker', nuget: 'NuGet', remote: 'Remote' };

/** Registry text made safe to show (serverText.ts): one line, no invisible or bidi characters, icons escaped, capped. */
export function plain(text: string | undefined, max = 300): ShownText {
  return shownLine(text, max);
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
  // The registry's words are cleaned (plain); the icons are ours.
  const facts = [
    plain(s.version, 60),
    runs ? plain(runs) : withIcon('circle-slash', l10n.t('cannot be installed here')),
    needsSecret(entry) && withIcon('key', l10n.t('needs a secret')),
    outdated ? withIcon('arrow-circle-up', l10n.t('{0} installed, update available', plain(outdated.registry.version, 60))) : mine.length > 0 && withIcon('check', l10n.t('installed')),
    entry.status === 'deprecated' && withIcon('warning', l10n.t('deprecated')),
  ];
  return {
    row: 'server',
    entry,
    label: plain(displayNameFor(s), 100),
    description: l10n.join(facts, ' · '),
    detail: l10n.t('{0} — {1}', plain(s.name, 200), plain(s.description) || l10n.t('no description')),
    buttons: [INSTALL_BUTTON, ...(homepageOf(entry) ? [OPEN_BUTTON] : [])],
    alwaysShow: true,
  };
}

/** Rows that are not servers: always shown, whatever is typed (the registry did the searching). */
export function actionRow(row: Exclude<RowKind, 'server'>, label: ShownText, detail?: ShownText): BrowseRow {
  return { row, label, detail, alwaysShow: true };
}
