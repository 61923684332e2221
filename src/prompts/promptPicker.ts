// The quick pick of every prompt of every server. It opens at once with what is known, starts the
// servers that are configured but stopped, refreshes the lists, and fills in as answers arrive (busy
// meanwhile), keeping the row the user is on. Rows come from pickerRows.ts.
import * as vscode from 'vscode';
import { CACHED_ICON, withCachedMark } from '../common/cachedMarks';
import { CommandIds } from '../common/commandIds';
import { acceptedItem, showExactMatchesFirst } from '../common/exactMatchFirst';
import type { Prompt } from '@modelcontextprotocol/client';
import type { IconCache } from '../icons/iconCache';
import { buildPickerRows, type PickerRow } from './pickerRows';
import type { PromptCatalog } from './promptCatalog';
import type { RecentPrompts } from './recentPrompts';
import { createPicker, ShownPickItem } from '../common/shownUi';
import { l10n, withIcon } from '../common/shownL10n';
import { shownArg, shownLine, TextCaps } from '../common/serverText';

export interface PickerContext {
  catalog: PromptCatalog;
  recents: RecentPrompts;
  startServer(name: string): Promise<void>;
  /** The prompts' own icons (2025-11-25), where a server gives them. */
  icons?: IconCache;
}

export interface PickerOptions {
  onlyServer?: string;
  /** Restored when the user comes back with Back: the filter text and the row they had chosen. */
  value?: string;
  activeKey?: string;
}

export type PickerAnswer = { kind: 'picked'; server: string; prompt: Prompt; value: string; key: string } | { kind: 'cancel' };

type Item = ShownPickItem & { row?: PickerRow; command?: [string, ...unknown[]] };

export function pickPrompt(context: PickerContext, options: PickerOptions = {}): Promise<PickerAnswer> {
  const { catalog, recents } = context;
  const qp = createPicker<Item>();
  qp.title = shownArg(options.onlyServer ? vscode.l10n.t('Run a Prompt of {0}', options.onlyServer) : vscode.l10n.t('Run an MCP Prompt'));
  qp.placeholder = l10n.t('Pick a prompt (type to search names, servers and descriptions)');
  qp.matchOnDescription = true;
  qp.matchOnDetail = true;
  qp.value = options.value ?? '';

  let refreshing = true;
  let activeKey = options.activeKey;
  const render = (typing = false) => {
    const rows = buildPickerRows(catalog.servers(), recents.list(), options.onlyServer);
    const items = rows.map((row) => toItem(row, context.icons));
    const loading = rows.some((r) => r.kind === 'status' && r.busy);
    if (!rows.some((r) => r.kind === 'prompt') && !loading && !refreshing) items.push(...emptyItems(catalog, options.onlyServer));
    qp.busy = loading || refreshing;
    // An exact prompt name or title wins; otherwise, while typing, VS Code's own first match does.
    if (showExactMatchesFirst(qp, items, (i) => (i.row?.kind === 'prompt' ? [i.row.prompt.name, i.row.prompt.title, i.row.label] : [])) || typing) return;
    const active = items.find((i) => i.row && 'key' in i.row && i.row.key === activeKey);
    if (active) qp.activeItems = [active];
  };

  return new Promise<PickerAnswer>((resolve) => {
    let done = false;
    const finish = (answer: PickerAnswer) => {
      if (done) return;
      done = true;
      for (const l of listeners) l.dispose();
      resolve(answer);
      qp.dispose();
    };
    const listeners = [catalog.onDidChange(() => render()), ...(context.icons ? [context.icons.onDidLoad(() => render())] : [])];
    qp.onDidChangeActive((items) => {
      const row = items[0]?.row;
      if (row && 'key' in row) activeKey = row.key;
    });
    qp.onDidAccept(() => {
      const item = acceptedItem(qp);
      const row = item?.row;
      if (row?.kind === 'prompt') return finish({ kind: 'picked', server: row.server, prompt: row.prompt, value: qp.value, key: row.key });
      if (row?.kind === 'status' && !row.busy) {
        finish({ kind: 'cancel' });
        void vscode.commands.executeCommand(CommandIds.showOutput, row.server);
      } else if (item?.command) {
        finish({ kind: 'cancel' });
        void vscode.commands.executeCommand(...item.command);
      }
    });
    qp.onDidHide(() => finish({ kind: 'cancel' }));
    qp.onDidChangeValue(() => render(true));
    render();
    qp.show();
    void catalog.startStopped((name) => context.startServer(name), options.onlyServer);
    void catalog.load({ refresh: true }).finally(() => {
      refreshing = false;
      if (!done) render();
    });
  });
}

/** The quick pick item for a row (exported for the host tests' hook). */
export function toItem(row: PickerRow, icons?: IconCache): Item {
  switch (row.kind) {
    case 'separator':
      return { kind: vscode.QuickPickItemKind.Separator, label: shownLine(row.label) };
    case 'prompt':
      return row.cached
        ? { label: shownLine(row.label), description: shownLine(withCachedMark(row.description, true), TextCaps.rowDescription), detail: shownLine(row.detail, TextCaps.rowDescription), iconPath: new vscode.ThemeIcon(CACHED_ICON), row }
        : { label: shownLine(row.label), description: shownLine(row.description, TextCaps.rowDescription), detail: shownLine(row.detail, TextCaps.rowDescription), iconPath: icons?.imageFor(row.prompt.icons), row };
    case 'status':
      return {
        label: withIcon(row.busy ? 'loading~spin' : 'error', shownLine(row.label)),
        description: row.busy ? undefined : l10n.t('Show Output'),
        detail: shownLine(row.detail, TextCaps.rowDescription),
        alwaysShow: true,
        row,
      };
  }
}

function emptyItems(catalog: PromptCatalog, onlyServer: string | undefined): Item[] {
  const servers = catalog.servers();
  if (servers.length === 0 && !onlyServer) {
    return [{ label: l10n.t('$(add) {0}', l10n.t('Add Server…')), detail: l10n.t('No MCP server is configured yet.'), alwaysShow: true, command: [CommandIds.addServer] }];
  }
  const label = onlyServer ? l10n.t('{0} offers no prompts', shownLine(onlyServer)) : l10n.t('None of your MCP servers offers prompts');
  return [{ label: withIcon('info', label), detail: l10n.t('Show the Servers view'), alwaysShow: true, command: [CommandIds.showServers] }];
}
