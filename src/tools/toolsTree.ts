// The Tools view: each server with its tools (title, name, description) and the annotations a server
// claims (read-only, destructive, idempotent, open world), shown as unverified hints: a server can
// say anything about its own tools. Tooltips are never trusted Markdown.
import type { Tool } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { toolUiResourceUri, toolVisibility } from '../mcp/apps/uiExtension';
import { getDisplayName } from '../mcp/displayName';
import { safeMarkdown } from '../common/markdownSafety';
import { md, mdCode, mdJoin, mdText } from '../common/shownMarkdown';
import type { IconCache, IconImage } from '../icons/iconCache';
import { cleanServerLine, cleanServerText, TextCaps, shownArg, shownLine, shownText } from '../common/serverText';
import { CACHED_ICON, cachedTooltip } from '../common/cachedMarks';
import type { ServerTools, ToolCatalog } from './toolCatalog';
import { shownTooltip, ShownTreeItem } from '../common/shownUi';
import { l10n } from '../common/shownL10n';
import type { ToolSwitches } from './toolSwitches';
import { formatCost, type ToolCosts } from './toolCost';
import { naturalCompare } from '../common/naturalOrder';
import { TreeRefresh } from '../common/treeRefresh';

export type ToolsNode = { kind: 'server'; server: string } | { kind: 'tool'; server: string; tool: Tool } | { kind: 'more'; server: string; hidden: number };

/** Tools shown per server: a hostile or huge server must not make the view sluggish. The rest are said. */
export const MAX_TOOLS_SHOWN = 500;

export function annotationHints(tool: Tool): string[] {
  const a = tool.annotations ?? {};
  const hints: string[] = [];
  if (a.readOnlyHint) hints.push(vscode.l10n.t('read-only'));
  else if (a.destructiveHint !== false) hints.push(vscode.l10n.t('may be destructive'));
  if (a.idempotentHint) hints.push(vscode.l10n.t('idempotent'));
  if (a.openWorldHint !== false) hints.push(vscode.l10n.t('open world'));
  return hints;
}

/**
 * Only apps call it (`_meta.ui.visibility` without "model"), whether or not it has a UI of its own:
 * pdf's read_pdf_bytes, system-monitor's poll-system-stats (issue 25, defect 2). Hidden from the
 * Call Tool… picker unless asked for, marked wherever it is shown.
 */
export function isAppOnly(tool: Tool): boolean {
  return !toolVisibility(tool).model;
}

/** How a tool stands with MCP Apps, as the Tools view and the tool picker say it; undefined for none. */
export function appMark(tool: Tool): string | undefined {
  if (isAppOnly(tool)) return vscode.l10n.t('app only');
  return toolUiResourceUri(tool) ? vscode.l10n.t('app') : undefined;
}

/** The tool's own icon when the server gives one we can show (and it has loaded); else what kind of tool it is. */
export function toolIcon(tool: Tool, icons: IconCache | undefined): IconImage | vscode.ThemeIcon {
  return icons?.imageFor(tool.icons) ?? new vscode.ThemeIcon(appMark(tool) ? 'window' : tool.annotations?.readOnlyHint ? 'eye' : 'tools');
}

export class ToolsTreeProvider implements vscode.TreeDataProvider<ToolsNode>, vscode.Disposable {
  readonly refreshes = new TreeRefresh<ToolsNode>();
  readonly onDidChangeTreeData = this.refreshes.event;
  private readonly listeners: vscode.Disposable[];

  constructor(
    private readonly catalog: ToolCatalog,
    private readonly icons?: IconCache,
    private readonly switches?: ToolSwitches,
    private readonly costs?: ToolCosts,
  ) {
    const refresh = () => this.refreshes.all();
    this.listeners = [catalog.onDidChange(refresh), ...(icons ? [icons.onDidLoad(refresh)] : []), ...(switches ? [switches.onDidChange(refresh)] : []), ...(costs ? [costs.onDidChange(refresh)] : [])];
  }

  /** The checkboxes' clicks (the view manages them by hand: a server's box is its own switch, not the sum of its tools'). */
  async checkboxesChanged(changes: readonly (readonly [ToolsNode, vscode.TreeItemCheckboxState])[]): Promise<void> {
    if (!this.switches) return;
    for (const [node, state] of changes) {
      const on = state === vscode.TreeItemCheckboxState.Checked;
      if (node.kind === 'server') await this.switches.setServer(node.server, on);
      else if (node.kind === 'tool') {
        const siblings = this.catalog.server(node.server)?.items.map((t) => t.name) ?? [];
        await this.switches.setTool(node.server, node.tool.name, on, siblings);
      }
    }
  }

  private checkbox(on: boolean): vscode.TreeItemCheckboxState | undefined {
    if (!this.switches) return undefined;
    return on ? vscode.TreeItemCheckboxState.Checked : vscode.TreeItemCheckboxState.Unchecked;
  }

  async getChildren(node?: ToolsNode): Promise<ToolsNode[]> {
    if (!node) {
      // Not awaited: the view shows what is known (cached lists included) at once and fills in as servers answer.
      void this.catalog.load();
      // By name: the same order in every window, however and whenever each server was added (issue 25).
      return this.catalog
        .servers()
        .map((s): ToolsNode => ({ kind: 'server', server: s.server }))
        .sort((a, b) => naturalCompare(a.server, b.server));
    }
    if (node.kind !== 'server') return [];
    const items = this.catalog.server(node.server)?.items ?? [];
    const shown: ToolsNode[] = items.slice(0, MAX_TOOLS_SHOWN).map((tool) => ({ kind: 'tool', server: node.server, tool }));
    if (items.length > MAX_TOOLS_SHOWN) shown.push({ kind: 'more', server: node.server, hidden: items.length - MAX_TOOLS_SHOWN });
    return shown;
  }

  /** A tool's server (TreeView.reveal needs the way up). */
  getParent(node: ToolsNode): ToolsNode | undefined {
    return node.kind === 'server' ? undefined : { kind: 'server', server: node.server };
  }

  getTreeItem(node: ToolsNode): vscode.TreeItem {
    if (node.kind === 'server') {
      const entry = this.catalog.server(node.server);
      const hasTools = !!entry?.items.length;
      const item = new ShownTreeItem(shownLine(node.server), hasTools ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
      // VS Code keeps an id's first state: a server first shown with no tools would stay closed once they
      // arrive. A different id while empty lets the node open when its tools come.
      item.id = hasTools ? `server/${node.server}` : `server/${node.server}/empty`;
      item.iconPath = new vscode.ThemeIcon(entry?.cached ? CACHED_ICON : 'server');
      // What its tools' definitions take in a request (issue 27): counted by a chat model, else "≈" estimated.
      const cost = this.costs && hasTools ? formatCost(this.costs.serverCost(node.server)) : undefined;
      item.description = shownLine([describeServer(entry), cost].filter(Boolean).join(' · '), TextCaps.rowDescription);
      const note = entry?.cached ? [cachedTooltip(entry.cachedAt), entry.message].filter(Boolean).join('\n\n') : entry?.message;
      // No tooltip rather than an empty one: VS Code reads a string tooltip as the row's accessible name.
      if (note) item.tooltip = shownText(note, TextCaps.description);
      item.contextValue = 'mcpToolServer';
      const serverOn = this.switches?.serverOn(node.server) ?? true;
      item.checkboxState = this.checkbox(serverOn);
      if (!serverOn) item.description = l10n.join([l10n.t('off for the model'), item.description], ' · ');
      return item;
    }
    if (node.kind === 'more') {
      const item = new ShownTreeItem(l10n.t('… {0} more tools', shownArg(node.hidden.toLocaleString())), vscode.TreeItemCollapsibleState.None);
      item.id = `more/${node.server}`;
      item.description = l10n.t('not listed here; Call Tool… searches all of them');
      item.iconPath = new vscode.ThemeIcon('ellipsis');
      return item;
    }
    const { tool } = node;
    const { entry, hints, on, off, cost } = this.toolFacts(node);
    const item = new ShownTreeItem(cleanServerLine(getDisplayName(tool), TextCaps.name), vscode.TreeItemCollapsibleState.None);
    item.id = `tool/${node.server}/${tool.name}`;
    const app = appMark(tool);
    const cached = entry?.cached ? vscode.l10n.t('(cached)') : undefined;
    item.checkboxState = isAppOnly(tool) ? undefined : this.checkbox(on);
    item.description = shownLine([off, getDisplayName(tool) !== tool.name ? cleanServerLine(tool.name, TextCaps.name) : undefined, app, hints.join(', '), cached, cost].filter(Boolean).join(' · '), TextCaps.rowDescription);
    item.iconPath = toolIcon(tool, this.icons);
    // No click action: selecting a tool to read its tooltip must not start a call. Call Tool… is inline,
    // except on tools only apps call (their menu still has it, for whoever means it).
    item.contextValue = isAppOnly(tool) ? 'mcpToolAppOnly' : 'mcpTool';
    return item;
  }

  /** A tool's tooltip is built on hover only: its description goes through the Markdown cleaner, and a server may list hundreds of tools. */
  resolveTreeItem(item: vscode.TreeItem, node: ToolsNode): vscode.TreeItem {
    if (node.kind !== 'tool') return item;
    const { tool } = node;
    const { entry, hints, off, cost } = this.toolFacts(node);
    const uiResource = toolUiResourceUri(tool);
    item.tooltip = shownTooltip(
      mdJoin(
        [
          md`**${mdText(cleanServerLine(getDisplayName(tool), TextCaps.name))}** ${mdCode(tool.name)} · ${mdText(node.server, TextCaps.name)}`,
          tool.description ? safeMarkdown(cleanServerText(tool.description, TextCaps.description)) : undefined,
          uiResource ? md`${mdText(vscode.l10n.t('Has an app:'))} ${mdCode(uiResource, TextCaps.description)}` : undefined,
          cost ? mdText(vscode.l10n.t('Its definition takes {0} of each @mcp request that offers it.', cost)) : undefined,
          off ? mdText(vscode.l10n.t('Turned off in this workspace: never offered to the model. Call Tool… still calls it by hand. Check its box to offer it again.')) : undefined,
          isAppOnly(tool) ? mdText(vscode.l10n.t('Only apps call it: it is not offered to the model, and Call Tool… lists it only when you ask for the tools only apps call.')) : undefined,
          md`*${mdText(vscode.l10n.t('Hints from the server, not verified:'))}* ${mdText(hints.join(', ') || vscode.l10n.t('none'))}`,
          entry?.cached ? md`*${mdText(cachedTooltip(entry.cachedAt))}*` : undefined,
        ],
        '\n\n',
      ),
    );
    return item;
  }

  /** What a tool's row and its tooltip both say. */
  private toolFacts(node: ToolsNode & { kind: 'tool' }) {
    const { tool } = node;
    const on = this.switches?.isOn(node.server, tool.name) ?? true;
    return {
      entry: this.catalog.server(node.server),
      hints: annotationHints(tool),
      on,
      off: on || isAppOnly(tool) ? undefined : vscode.l10n.t('off for the model'),
      cost: this.costs && !isAppOnly(tool) ? formatCost(this.costs.costOf(tool)) : undefined,
    };
  }

  dispose(): void {
    for (const l of this.listeners) l.dispose();
    this.refreshes.dispose();
  }
}

function describeServer(entry: ServerTools | undefined): string {
  if (!entry) return '';
  const count = entry.items.length === 1 ? vscode.l10n.t('1 tool') : vscode.l10n.t('{0} tools', entry.items.length);
  const activity = entry.status === 'starting' ? vscode.l10n.t('starting') : entry.status === 'failed' ? vscode.l10n.t('failed') : entry.status === 'loading' ? vscode.l10n.t('loading') : undefined;
  if (entry.cached) return vscode.l10n.t('{0} · cached · {1}', count, activity ?? vscode.l10n.t('not running'));
  return activity ?? (entry.status === 'stopped' ? vscode.l10n.t('stopped') : count);
}
