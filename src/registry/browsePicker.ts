// "Browse Servers…": a quick pick over the registry. Typing searches the registry (debounced, the previous
// request cancelled); the next page loads as the selection nears the end of the list, or from the "Load
// more" row. A registry that fails shows why, with Retry and the registry settings, and never leaves the
// list spinning: every request has a time limit. Enter opens a server's details; its buttons install it
// or open its repository.
import { openInBrowser } from '../common/browserHandOff';
import { WEB_PAGE } from '../common/handOffRules';
import { SettingKeys } from '../common/settingKeys';
import { showWarning } from '../common/userMessages';
import { actionRow, homepageOf, INSTALL_BUTTON, plain, serverRow, type BrowseRow } from './browseRows';
import type { InstalledServer } from './installedServers';
import type { RegistryClient } from './registryClient';
import type { RegistryEntry } from './serverJson';
import { shownArg, shownLine, TextCaps } from '../common/serverText';
import { createPicker } from '../common/shownUi';
import { l10n, withIcon } from '../common/shownL10n';

const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZE = 50;
/** The next page loads when the selection is this close to the end. */
const LOAD_AHEAD = 5;

export type BrowseResult = { action: 'details' | 'install' | 'settings'; entry?: RegistryEntry };

/** What the user had typed and loaded, so that Back from a server's details returns to the same list. */
export interface BrowseState {
  search: string;
  entries: RegistryEntry[];
  cursor?: string;
  complete: boolean;
  active?: string;
}

/** The open Browse list, for the host tests' hook: what it shows, and typing into it. */
export let activeBrowsePicker: { rows(): { row: string; label: string; description?: string; detail?: string }[]; busy(): boolean; type(text: string): void } | undefined;

export function browseRegistry(client: RegistryClient, installed: () => readonly InstalledServer[], state: BrowseState): Promise<BrowseResult | undefined> {
  const picker = createPicker<BrowseRow>();
  picker.title = l10n.t('MCP Servers in {0}', shownArg(new URL(client.url).host));
  picker.placeholder = l10n.t('Search server names; Enter for details, the cloud button installs');
  picker.matchOnDescription = true;
  picker.matchOnDetail = true;
  picker.keepScrollPosition = true;
  picker.ignoreFocusOut = false;
  picker.value = state.search;
  let error: string | undefined;
  let request: AbortController | undefined;
  let timer: NodeJS.Timeout | undefined;

  const render = () => {
    const active = picker.activeItems[0];
    const rows: BrowseRow[] = state.entries.map((entry) => serverRow(entry, installed()));
    if (error) {
      rows.push(
        actionRow('retry', withIcon('refresh', l10n.t('Retry')), shownLine(error, TextCaps.rowDescription)),
        actionRow('settings', withIcon('gear', l10n.t('Registry Settings…')), l10n.t('{0} and its headers', shownLine(SettingKeys.registryUrl))),
      );
    } else if (!state.complete) {
      rows.push(actionRow('more', withIcon('more', l10n.t('Load more servers'))));
    } else if (rows.length === 0 && !picker.busy) {
      const none = state.search ? l10n.t('No server name contains "{0}"', plain(state.search, 100)) : l10n.t('The registry lists no server');
      rows.push(actionRow('message', withIcon('info', none)));
    }
    picker.items = rows;
    // Keep the selection where it was (a new page, a failed request) instead of jumping to the top.
    const keep = rows.find((r) => (active?.entry ? r.entry?.server.name === active.entry.server.name : r.row === active?.row && r.row !== 'server'))
      ?? rows.find((r) => r.entry?.server.name === state.active);
    if (keep) picker.activeItems = [keep];
  };

  const load = async (more: boolean) => {
    request?.abort();
    const mine = (request = new AbortController());
    error = undefined;
    picker.busy = true;
    render();
    try {
      const page = await client.list({ search: state.search || undefined, cursor: more ? state.cursor : undefined, limit: PAGE_SIZE }, mine.signal);
      if (mine !== request) return;
      state.entries = more ? [...state.entries, ...page.entries.filter((e) => !state.entries.some((x) => x.server.name === e.server.name))] : page.entries;
      state.cursor = page.nextCursor;
      state.complete = !page.nextCursor;
    } catch (e) {
      if (mine !== request || (e as { kind?: string }).kind === 'cancelled') return;
      error = (e as Error).message;
    } finally {
      if (mine === request) {
        request = undefined;
        picker.busy = false;
        render();
      }
    }
  };

  return new Promise<BrowseResult | undefined>((resolve) => {
    const finish = (result: BrowseResult | undefined) => {
      state.active = picker.activeItems[0]?.entry?.server.name;
      request?.abort();
      clearTimeout(timer);
      activeBrowsePicker = undefined;
      resolve(result);
      picker.dispose();
    };
    const search = (value: string) => {
      clearTimeout(timer);
      if (value.trim() === state.search) return;
      state.search = value.trim();
      state.cursor = undefined;
      void load(false);
    };
    picker.onDidChangeValue((value) => {
      clearTimeout(timer);
      timer = setTimeout(() => search(value), SEARCH_DEBOUNCE_MS);
    });
    picker.onDidChangeActive(([row]) => {
      const at = row ? picker.items.indexOf(row) : -1;
      if (at >= picker.items.length - LOAD_AHEAD && !state.complete && !request && !error && state.entries.length) void load(true);
    });
    picker.onDidAccept(() => {
      const row = picker.selectedItems[0];
      if (row?.row === 'server') finish({ action: 'details', entry: row.entry });
      else if (row?.row === 'more') void load(true);
      else if (row?.row === 'retry') void load(state.entries.length > 0 && !!state.cursor);
      else if (row?.row === 'settings') finish({ action: 'settings' });
    });
    picker.onDidTriggerItemButton(({ item, button }) => {
      if (button === INSTALL_BUTTON) return finish({ action: 'install', entry: item.entry });
      const url = item.entry && homepageOf(item.entry);
      if (url) void openInBrowser(url, WEB_PAGE, (reason) => void showWarning(shownArg(reason)));
    });
    picker.onDidHide(() => finish(undefined));
    activeBrowsePicker = {
      rows: () => picker.items.map((r) => ({ row: r.row, label: r.label, description: r.description, detail: r.detail })),
      busy: () => picker.busy,
      // The value set here reaches onDidChangeValue only after a round trip through the workbench, which a
      // busy machine can stretch past a test's patience; search at once, as typing would after the pause.
      type: (text) => {
        picker.value = text;
        search(text);
      },
    };
    picker.show();
    if (state.entries.length === 0 && !state.complete) void load(false);
    else render();
  });
}
