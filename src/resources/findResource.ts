// "MCP Client: Find Resource…": one quick pick over the resources of every running server, matching
// names, titles and URIs. It shows the first page of each server at once and loads further pages only
// while the picker is open and the current filter has few matches (or on "Load more"), one page at a
// time, so a server with tens of thousands of resources is searched lazily, never listed in one go.
import type { Resource } from '@modelcontextprotocol/client';
import { acceptedItem, showExactMatchesFirst } from '../common/exactMatchFirst';
import { showInfo } from '../common/userMessages';
import type { SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import { codiconFor, labelOf, resourceDescription } from './resourcesPresentation';
import { PagedList } from './pagedList';
import type { ResourceTarget } from './openResource';
import { l10n, withIcon } from '../common/shownL10n';
import { createPicker, ShownPickItem } from '../common/shownUi';
import { shownLine, TextCaps } from '../common/serverText';

/** Keep loading pages while fewer loaded resources than this match what the user typed. */
const WANTED_MATCHES = 30;
/** …and without a filter, until this many are loaded. */
const WANTED_UNFILTERED = 500;

/** What the open Find picker lists (URIs, and 'load-more'); read by the host tests' hook, nothing else. */
export let activeFindPicker: { items: string[]; busy: boolean } | undefined;

interface Item extends ShownPickItem {
  target?: ResourceTarget;
  loadMore?: true;
}

export function findResource(manager: SessionManager): Promise<ResourceTarget | undefined> {
  const lists = manager.entries().flatMap((e) => {
    const s = e.session;
    return s && SessionState.isRunning(s.state) && s.capabilities?.resources
      ? [{ server: e.name, list: new PagedList<Resource>((cursor) => s.listResourcesPage(cursor), (r) => r.uri) }]
      : [];
  });
  if (lists.length === 0) {
    void showInfo(l10n.t('no running MCP server offers resources.'));
    return Promise.resolve(undefined);
  }
  const picker = createPicker<Item>();
  picker.title = l10n.t('Find MCP Resource');
  picker.placeholder = l10n.t('Type a name or URI');
  picker.matchOnDescription = true;
  picker.matchOnDetail = true;
  picker.keepScrollPosition = true;
  let closed = false;
  let pumping = false;

  const matches = (r: Resource) => {
    const q = picker.value.trim().toLowerCase();
    return !q || labelOf(r).toLowerCase().includes(q) || r.uri.toLowerCase().includes(q) || r.name.toLowerCase().includes(q);
  };
  const render = () => {
    const active = picker.activeItems[0]?.target;
    const items: Item[] = lists.flatMap(({ server, list }) =>
      list.items.map((r) => ({
        label: withIcon(codiconFor(r.mimeType, r.uri), shownLine(labelOf(r))),
        description: shownLine(r.uri, TextCaps.rowDescription),
        detail: shownLine([server, resourceDescription(r)].filter(Boolean).join(' · '), TextCaps.rowDescription),
        target: { server, ...r },
      })),
    );
    const loaded = lists.reduce((n, l) => n + l.list.items.length, 0);
    const errors = lists.filter((l) => l.list.error).map((l) => `${l.server}: ${l.list.error}`);
    if (!lists.every((l) => l.list.done)) {
      items.push({ label: l10n.t('$(ellipsis) {0}', l10n.t('Load more…')), description: l10n.t('{0} loaded so far', loaded), detail: shownLine(errors.join('; ') || undefined, TextCaps.rowDescription), alwaysShow: true, loadMore: true });
    }
    const exact = showExactMatchesFirst(picker, items, (i) => (i.target ? [i.target.name, i.target.title, i.target.uri] : []));
    const again = !exact && active && items.find((i) => i.target?.server === active.server && i.target.uri === active.uri);
    if (again) picker.activeItems = [again];
    picker.busy = pumping || lists.some((l) => l.list.loading);
    activeFindPicker = { items: picker.items.map((i) => i.target?.uri ?? 'load-more'), busy: picker.busy };
  };
  const enough = () => {
    const loaded = lists.flatMap((l) => l.list.items);
    return picker.value.trim() ? loaded.filter(matches).length >= WANTED_MATCHES : loaded.length >= WANTED_UNFILTERED;
  };
  /** Loads pages, round robin over the servers, until enough match or everything is loaded. */
  const pump = async (force = false) => {
    if (pumping) return;
    pumping = true;
    try {
      let first = true;
      while (!closed && (force && first ? true : !enough())) {
        const pending = lists.filter((l) => !l.list.done && !(l.list.error && !force));
        if (pending.length === 0) break;
        await Promise.all(pending.map((l) => l.list.loadNext()));
        first = false;
        render();
      }
    } finally {
      pumping = false;
      if (!closed) render();
    }
  };

  return new Promise((resolve) => {
    picker.onDidChangeValue(() => void pump());
    picker.onDidAccept(() => {
      const item = acceptedItem(picker);
      if (item?.loadMore) return void pump(true);
      resolve(item?.target);
      picker.hide();
    });
    picker.onDidHide(() => {
      closed = true;
      activeFindPicker = undefined;
      lists.forEach((l) => l.list.dispose());
      picker.dispose();
      resolve(undefined);
    });
    render();
    picker.show();
    void pump();
  });
}
