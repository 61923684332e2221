// The "Resources" view: one node per running server that offers resources, then its templates group
// and its resources (first page at once, "Load more…" for the next). Element ids are stable, so VS Code
// keeps expansion and selection across refreshes. Resources can be dragged into editors and chat.
import * as vscode from 'vscode';
import type { Resource, ResourceTemplateType as ResourceTemplate } from '@modelcontextprotocol/client';
import { CommandIds } from '../common/commandIds';
import { Disposable } from '../mcp/lifecycle';
import { CACHED_ICON, cachedDescription, cachedTooltip, withCachedMark } from '../common/cachedMarks';
import type { CatalogStore } from '../mcp/catalogStore';
import type { Logger } from '../mcp/logger';
import type { SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import { documentUri } from './openResource';
import { addressKey } from './resourceDocuments';
import type { IconCache } from '../icons/iconCache';
import { compareResources, iconFor, labelOf, resourceDescription, resourceTooltip } from './resourcesPresentation';
import { ServerListing } from './resourcesServerListing';
import { ShownTreeItem } from '../common/shownUi';
import { shownLine, shownText, TextCaps } from '../common/serverText';
import { TreeRefresh } from '../common/treeRefresh';

/** `cached`: from the catalog store (what the server listed in an earlier window), until it answers. */
export type ResourceNode =
  | { kind: 'server'; server: string; id: string; cached?: boolean }
  | { kind: 'resource'; server: string; id: string; resource: Resource; cached?: boolean }
  | { kind: 'templates'; server: string; id: string; cached?: boolean }
  | { kind: 'template'; server: string; id: string; template: ResourceTemplate; cached?: boolean }
  | { kind: 'loadMore'; server: string; id: string }
  | { kind: 'message'; server: string; id: string; text: string; error: boolean };

export class ResourcesTreeProvider extends Disposable implements vscode.TreeDataProvider<ResourceNode>, vscode.TreeDragAndDropController<ResourceNode> {
  readonly refreshes = this._register(new TreeRefresh<ResourceNode>());
  readonly onDidChangeTreeData = this.refreshes.event;
  readonly dragMimeTypes = ['text/uri-list'];
  readonly dropMimeTypes: string[] = [];
  private readonly listings = new Map<string, { node: ResourceNode & { kind: 'server' }; listing: ServerListing }>();
  private readonly nodes = new Map<string, ResourceNode>();
  /** Servers not running now whose lists from an earlier window are shown, marked cached. */
  private readonly cachedServers = new Map<string, CachedResources>();

  constructor(
    private readonly manager: SessionManager,
    private readonly loggerFor: (server: string) => Logger | undefined,
    private readonly icons?: IconCache,
    private readonly catalogStore?: CatalogStore,
  ) {
    super();
    if (icons) this._register(icons.onDidLoad(() => this.refreshes.all()));
    this._register(manager.onDidChange(() => this.syncServers()));
    this._register({ dispose: () => this.listings.forEach(({ listing }) => listing.dispose()) });
    this.syncServers();
  }

  listing(server: string): ServerListing | undefined {
    return this.listings.get(server)?.listing;
  }

  /** A node the view has shown, by id (for commands and the test hook). */
  node(id: string): ResourceNode | undefined {
    return this.nodes.get(id);
  }

  async getChildren(element?: ResourceNode): Promise<ResourceNode[]> {
    if (!element) {
      const cached = [...this.cachedServers.keys()].map((server) => this.remember({ kind: 'server' as const, server, id: `server:${server}`, cached: true }));
      return [...[...this.listings.values()].map((l) => l.node), ...cached].sort((a, b) => a.server.localeCompare(b.server));
    }
    const cached = this.cachedServers.get(element.server);
    if (cached) return this.cachedChildren(element, cached);
    const listing = this.listing(element.server);
    if (!listing) return [];
    if (element.kind === 'templates') return listing.templates.map((template) => this.remember({ kind: 'template', server: element.server, id: `template:${addressKey({ server: element.server, uri: template.uriTemplate })}`, template }));
    if (element.kind !== 'server') return [];
    await listing.ensureLoaded();
    this.keep(listing);
    const { server } = element;
    const list = listing.resources;
    const children: ResourceNode[] = [];
    if (listing.templates.length > 0) children.push(this.remember({ kind: 'templates', server, id: `templates:${server}` }));
    for (const resource of listing.sorted) children.push(this.remember({ kind: 'resource', server, id: `resource:${addressKey({ server, uri: resource.uri })}`, resource }));
    if (list.error && list.pagesLoaded === 0) {
      children.push(this.remember({ kind: 'message', server, id: `message:${server}`, text: vscode.l10n.t('Could not list resources: {0}', list.error), error: true }));
    } else if (!list.done) {
      children.push(this.remember({ kind: 'loadMore', server, id: `loadMore:${server}` }));
    } else if (children.length === 0) {
      children.push(this.remember({ kind: 'message', server, id: `message:${server}`, text: vscode.l10n.t('No resources'), error: false }));
    }
    return children;
  }

  getTreeItem(node: ResourceNode): vscode.TreeItem {
    const item = new ShownTreeItem(shownLine(this.labelFor(node)), vscode.TreeItemCollapsibleState.None);
    item.id = node.id;
    item.contextValue = contextValues[node.kind];
    switch (node.kind) {
      case 'server': {
        const session = this.manager.get(node.server);
        item.collapsibleState = vscode.TreeItemCollapsibleState.Expanded;
        item.iconPath = node.cached ? new vscode.ThemeIcon(CACHED_ICON) : this.icons?.imageFor(session?.serverInfo?.icons) ?? new vscode.ThemeIcon('server');
        item.description = shownLine(node.cached ? cachedDescription(session?.state.kind) : session?.serverInfo?.title ?? session?.serverInfo?.name, TextCaps.rowDescription);
        if (node.cached) item.tooltip = shownText(cachedTooltip(this.cachedServers.get(node.server)?.savedAt), TextCaps.description);
        break;
      }
      case 'resource':
        item.description = shownLine(withCachedMark(resourceDescription(node.resource), node.cached), TextCaps.rowDescription);
        item.iconPath = iconFor(node.resource, node.resource.uri, this.icons);
        item.command = { command: CommandIds.openResource, title: vscode.l10n.t('Open'), arguments: [node] };
        break;
      case 'templates':
        item.collapsibleState = vscode.TreeItemCollapsibleState.Collapsed;
        item.iconPath = new vscode.ThemeIcon('symbol-namespace');
        item.description = shownLine(withCachedMark(String((node.cached ? this.cachedServers.get(node.server)?.templates : this.listing(node.server)?.templates)?.length ?? 0), node.cached), TextCaps.rowDescription);
        break;
      case 'template':
        item.description = shownLine(withCachedMark(node.template.uriTemplate, node.cached), TextCaps.rowDescription);
        item.iconPath = this.icons?.imageFor(node.template.icons) ?? new vscode.ThemeIcon('symbol-parameter');
        item.command = { command: CommandIds.openResourceTemplate, title: vscode.l10n.t('Open from Template…'), arguments: [node] };
        break;
      case 'loadMore': {
        const list = this.listing(node.server)?.resources;
        item.iconPath = new vscode.ThemeIcon(list?.loading ? 'loading~spin' : list?.error ? 'warning' : 'ellipsis');
        item.description = shownLine(list?.error ? vscode.l10n.t('failed: {0}', list.error) : vscode.l10n.t('{0} loaded', list?.items.length ?? 0), TextCaps.rowDescription);
        item.command = { command: CommandIds.loadMoreResources, title: vscode.l10n.t('Load More'), arguments: [node] };
        break;
      }
      case 'message':
        item.iconPath = new vscode.ThemeIcon(node.error ? 'error' : 'info');
        item.tooltip = shownText(node.text, TextCaps.description);
        break;
    }
    return item;
  }

  /** Tooltips are built on hover only: there may be thousands of resources. */
  resolveTreeItem(item: vscode.TreeItem, node: ResourceNode): vscode.TreeItem {
    const cachedNote = (node.kind === 'resource' || node.kind === 'template') && node.cached ? cachedTooltip(this.cachedServers.get(node.server)?.savedAt) : undefined;
    if (node.kind === 'resource') item.tooltip = resourceTooltip(node.resource, node.server, cachedNote);
    if (node.kind === 'template') item.tooltip = resourceTooltip(node.template, node.server, cachedNote);
    return item;
  }

  handleDrag(source: readonly ResourceNode[], dataTransfer: vscode.DataTransfer): void {
    const uris = source.flatMap((n) => (n.kind === 'resource' ? [documentUri(n.server, n.resource).toString()] : []));
    if (uris.length) dataTransfer.set('text/uri-list', new vscode.DataTransferItem(uris.join('\r\n')));
  }

  /** Loads the list again (one server, or all). */
  async refresh(server?: string): Promise<void> {
    const targets = server ? [this.listings.get(server)].filter((l) => l !== undefined) : [...this.listings.values()];
    await Promise.all(targets.map((t) => t.listing.refresh()));
  }

  async loadMore(server: string): Promise<void> {
    await this.listing(server)?.resources.loadNext();
  }

  private labelFor(node: ResourceNode): string {
    switch (node.kind) {
      case 'server':
        return node.server;
      case 'resource':
        return labelOf(node.resource);
      case 'templates':
        return vscode.l10n.t('Templates');
      case 'template':
        return labelOf(node.template);
      case 'loadMore':
        return this.listing(node.server)?.resources.loading ? vscode.l10n.t('Loading…') : vscode.l10n.t('Load more…');
      case 'message':
        return node.text;
    }
  }

  private remember<T extends ResourceNode>(node: T): T {
    this.nodes.set(node.id, node);
    return node;
  }

  /** Servers that run and offer resources; a new connection starts from a fresh listing. */
  private syncServers(): void {
    let changed = false;
    const wanted = new Map(
      this.manager.entries().flatMap((e) => (e.session && SessionState.isRunning(e.session.state) && e.session.capabilities?.resources ? [[e.name, e.session] as const] : [])),
    );
    for (const [name, { listing }] of this.listings) {
      if (wanted.get(name) === listing.session && SessionState.isRunning(listing.session.state)) continue;
      listing.dispose();
      this.listings.delete(name);
      for (const [id, node] of this.nodes) if (node.server === name) this.nodes.delete(id);
      changed = true;
    }
    for (const [name, session] of wanted) {
      if (this.listings.has(name)) continue;
      const node = this.remember({ kind: 'server' as const, server: name, id: `server:${name}` });
      const listing = new ServerListing(session, this.loggerFor(name));
      listing.onDidChange(() => {
        this.keep(listing);
        this.refreshes.row(node);
      });
      this.listings.set(name, { node, listing });
      changed = true;
    }
    changed = this.syncCached() || changed;
    if (changed) this.refreshes.all();
  }

  /** Servers that are not running (and not held back) but listed resources in an earlier window. */
  private syncCached(): boolean {
    const wanted = new Map<string, CachedResources>();
    for (const { name, session } of this.manager.entries()) {
      if (!this.catalogStore || !session || this.listings.has(name) || SessionState.isRunning(session.state) || SessionState.isHeldBack(session.state) || session.definition.disabled) continue;
      const resources = this.catalogStore.read<Resource>(session.definition, 'resources');
      const templates = this.catalogStore.read<ResourceTemplate>(session.definition, 'resourceTemplates');
      if (!resources?.items.length && !templates?.items.length) continue;
      wanted.set(name, { resources: resources?.items ?? [], templates: templates?.items ?? [], savedAt: Math.max(resources?.savedAt ?? 0, templates?.savedAt ?? 0) });
    }
    const before = [...this.cachedServers.keys()].join('\u0000');
    this.cachedServers.clear();
    for (const [name, cached] of wanted) this.cachedServers.set(name, cached);
    return before !== [...wanted.keys()].join('\u0000');
  }

  /** A cached server's rows; expanding it is a first use, so a server waiting for one starts. */
  private cachedChildren(element: ResourceNode, cached: CachedResources): ResourceNode[] {
    const { server } = element;
    if (element.kind === 'templates') return cached.templates.map((template) => this.remember({ kind: 'template', server, id: `template:${addressKey({ server, uri: template.uriTemplate })}`, template, cached: true }));
    if (element.kind !== 'server') return [];
    void this.manager.startDeferred([server]);
    const children: ResourceNode[] = [];
    if (cached.templates.length > 0) children.push(this.remember({ kind: 'templates', server, id: `templates:${server}`, cached: true }));
    const sorted = [...cached.resources].sort(compareResources);
    for (const resource of sorted) children.push(this.remember({ kind: 'resource', server, id: `resource:${addressKey({ server, uri: resource.uri })}`, resource, cached: true }));
    return children;
  }

  /** Keeps what a running server listed (the pages loaded so far) for the next window. */
  private keep(listing: ServerListing): void {
    const session = listing.session;
    if (!this.catalogStore || listing.resources.error !== undefined) return;
    void this.catalogStore.write(session.definition, 'resources', listing.resources.items, session.cacheHint('resources/list'));
    void this.catalogStore.write(session.definition, 'resourceTemplates', listing.templates, session.cacheHint('resources/templates/list'));
  }
}

interface CachedResources {
  resources: readonly Resource[];
  templates: readonly ResourceTemplate[];
  savedAt: number;
}

const contextValues: Record<ResourceNode['kind'], string> = {
  server: 'mcpResourceServer',
  resource: 'mcpResource',
  templates: 'mcpResourceTemplates',
  template: 'mcpResourceTemplate',
  loadMore: 'mcpResourceLoadMore',
  message: 'mcpResourceMessage',
};
