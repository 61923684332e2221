// A server's details, the step after choosing it in the Browse list: what it is, each way it can run
// (with why a way cannot), and what can be done: install (in a chosen way), install another version,
// open its repository or website, read its server.json. Back returns to the list as it was.
import * as vscode from 'vscode';
import { openInBrowser } from '../common/browserHandOff';
import { WEB_PAGE } from '../common/handOffRules';
import { showWarning } from '../common/userMessages';
import { BACK } from './askQuestion';
import { homepageOf, plain } from './browseRows';
import { installOptions, type InstallOption } from './installOptions';
import { displayNameFor } from './naming';
import { missingRuntime } from './runtimes';
import type { RegistryEntry } from './serverJson';
import { shownArg, shownLine, TextCaps } from '../common/serverText';
import { createPicker, ShownPickItem } from '../common/shownUi';
import { l10n, withIcon } from '../common/shownL10n';

export type DetailsAction = { action: 'install'; option?: InstallOption } | { action: 'versions' } | typeof BACK;

type Item = ShownPickItem & { run?: () => DetailsAction | undefined };

export function showServerDetails(entry: RegistryEntry): Promise<DetailsAction | undefined> {
  const s = entry.server;
  const options = installOptions(s);
  const homepage = homepageOf(entry);
  const items: Item[] = [
    { label: l10n.t('$(cloud-download) {0}', l10n.t('Install…')), description: shownLine(s.version, TextCaps.rowDescription), detail: shownLine(plain(s.description, 500), TextCaps.rowDescription), run: () => ({ action: 'install' }) },
    { label: l10n.t('How it runs'), kind: vscode.QuickPickItemKind.Separator },
    ...options.map((option): Item => {
      const warning = option.unsupported ?? missingRuntime(option.command);
      return {
        label: withIcon(option.unsupported ? 'circle-slash' : option.remote ? 'globe' : 'package', plain(option.label)),
        description: shownLine(plain(option.detail), TextCaps.rowDescription),
        detail: option.unsupported
          ? l10n.t('Cannot be installed: {0}', plain(option.unsupported))
          : warning
            ? withIcon('warning', plain(warning))
            : l10n.t('Install this way'),
        run: () => (option.unsupported ? undefined : { action: 'install', option }),
      };
    }),
    { label: l10n.t('More'), kind: vscode.QuickPickItemKind.Separator },
    { label: l10n.t('$(versions) {0}', l10n.t('Other Versions…')), detail: l10n.t('Install an earlier version'), run: () => ({ action: 'versions' }) },
    ...(homepage
      ? [{ label: l10n.t('$(link-external) {0}', l10n.t('Open Repository or Website')), detail: plain(homepage), run: () => (void openInBrowser(homepage, WEB_PAGE, (reason) => void showWarning(shownArg(reason))), undefined) }]
      : []),
    { label: l10n.t('$(json) {0}', l10n.t('Show server.json')), detail: l10n.t('The registry entry, as published'), run: () => (void showServerJson(entry), undefined) },
  ];
  const picker = createPicker<Item>();
  const heading = l10n.t('{0} {1} · {2}', plain(displayNameFor(s), 100), plain(s.version, 60), plain(s.name, 200));
  picker.title = entry.status === 'deprecated' ? l10n.t('{0} (deprecated)', heading) : heading;
  picker.placeholder = plain(s.description, 200);
  picker.items = items;
  picker.buttons = [vscode.QuickInputButtons.Back];
  return new Promise<DetailsAction | undefined>((resolve) => {
    picker.onDidAccept(() => {
      const item = picker.selectedItems[0];
      const action = item?.run?.();
      if (action) resolve(action);
    });
    picker.onDidTriggerButton(() => resolve(BACK));
    picker.onDidHide(() => resolve(undefined));
    picker.show();
  }).finally(() => picker.dispose());
}

/** Picks one of `versions` (newest first); undefined when cancelled, BACK for Back. */
export async function pickVersion(versions: RegistryEntry[]): Promise<RegistryEntry | typeof BACK | undefined> {
  type VersionItem = ShownPickItem & { entry: RegistryEntry };
  const picker = createPicker<VersionItem>();
  picker.title = l10n.t('{0}: versions', shownArg(plain(displayNameFor(versions[0]!.server))));
  picker.placeholder = l10n.t('Version to install');
  picker.buttons = [vscode.QuickInputButtons.Back];
  picker.items = versions.map((entry) => ({
    label: plain(entry.server.version, 60),
    description: l10n.join([entry.isLatest && l10n.t('latest'), entry.status === 'deprecated' && l10n.t('deprecated')], ' · '),
    detail: entry.publishedAt ? l10n.t('Published {0}', shownLine(new Date(entry.publishedAt).toLocaleDateString())) : undefined,
    entry,
  }));
  return new Promise<RegistryEntry | typeof BACK | undefined>((resolve) => {
    picker.onDidAccept(() => resolve(picker.selectedItems[0]?.entry));
    picker.onDidTriggerButton(() => resolve(BACK));
    picker.onDidHide(() => resolve(undefined));
    picker.show();
  }).finally(() => picker.dispose());
}

async function showServerJson(entry: RegistryEntry): Promise<void> {
  const document = await vscode.workspace.openTextDocument({ language: 'json', content: `${JSON.stringify(entry.server, null, 2)}\n` });
  await vscode.window.showTextDocument(document, { preview: true });
}
