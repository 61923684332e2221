// The "Resources" view: one node per running server that offers resources, then its templates group
// and its resources (first page at once, "Load more…" for the next). Element ids are stable, so VS Code
// keeps expansion and selection across refreshes. Resources can be dragged into editors and chat.
import * as vscode from 'vscode';
import type { Resource, ResourceTemplateType as ResourceTemplate } from '@modelcontextprotocol/client';
import { CommandIds } from '../common/commandIds';
import { Disposable } from '../mcp/lifecycle';
import type { Logger } from '../mcp/logger';
import type { SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import { documentUri } from './openResource';
import { addressKey } from './resourceDocuments';
import type { IconCache } from '../icons/iconCache';
import { iconFor, labelOf, resourceDescription, resourceTooltip } from './resourcesPresentation';
import { ServerListing } from './resourcesServerListing';

export type ResourceNode =
  | { kind: 'server'; server: string; id: string }
  | { kind: 'resource'; server: string; id: string; resource: Resource }
  | { kind: 'templates'; server: string; id: string }
  | { kind: 'template'; server: string; id: string; template: ResourceTemplate }
  | { kind: 'loadMore'; server: string; id: string }
  | { kind: 'message'; server: string; id: string; text: string; error: boolean };

export class ResourcesTreeProvider extends Disposable implements vscode.TreeDataProvider<ResourceNode>, vscode.TreeDragAndDropController<ResourceNode> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<ResourceNode | undefined>());
  readonly onDidChangeTreeData = this.changeEmitter.event;
  readonly dragMimeTypes = ['text/uri-list'];
  readonly dropMimeTypes: string[] = [];
  private readonly listings = new Map<string, { node: ResourceNode & { kind: 'server' }; listing: ServerListing }>();
  private readonly nodes = new Map<string, ResourceNode>();

  constructor(
    private readonly manager: SessionManager,
    private readonly loggerFor: (server: string) => Logger | undefined,
    private readonly icons?: IconCache,
  ) {
    super();
    if (icons) this._register(icons.onDidLoad(() => this.changeEmitter.fire(undefined)));
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
    if (!element) return [...this.listings.values()].map((l) => l.node).sort((a, b) => a.server.localeCompare(b.server));
    const listing = this.listing(element.server);
    if (!listing) return [];
    if (element.kind === 'templates') return listing.templates.map((template) => this.remember({ kind: 'template', server: element.server, id: `template:${addressKey({ server: element.server, uri: template.uriTemplate })}`, template }));
    if (element.kind !== 'server') return [];
    await listing.ensureLoaded();
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
    const item = new vscode.TreeItem(this.labelFor(node), vscode.TreeItemCollapsibleState.None);
    item.id = node.id;
    item.contextValue = contextValues[node.kind];
    switch (node.kind) {
      case 'server': {
        const session = this.manager.get(node.server);
        item.collapsibleState = vscode.TreeItemCollapsibleState.Expanded;
        item.iconPath = this.icons?.imageFor(session?.serverInfo?.icons) ?? new vscode.ThemeIcon('server');
        item.description = session?.serverInfo?.title ?? session?.serverInfo?.name;
        break;
      }
      case 'resource':
        item.description = resourceDescription(node.resource);
        item.iconPath = iconFor(node.resource, node.resource.uri, this.icons);
        item.command = { command: CommandIds.openResource, title: vscode.l10n.t('Open'), arguments: [node] };
        break;
      case 'templates':
        item.collapsibleState = vscode.TreeItemCollapsibleState.Collapsed;
        item.iconPath = new vscode.ThemeIcon('symbol-namespace');
        item.description = String(this.listing(node.server)?.templates.length ?? 0);
        break;
      case 'template':
        item.description = node.template.uriTemplate;
        item.iconPath = this.icons?.imageFor(node.template.icons) ?? new vscode.ThemeIcon('symbol-parameter');
        item.command = { command: CommandIds.openResourceTemplate, title: vscode.l10n.t('Open from Template…'), arguments: [node] };
        break;
      case 'loadMore': {
        const list = this.listing(node.server)?.resources;
        item.iconPath = new vscode.ThemeIcon(list?.loading ? 'loading~spin' : list?.error ? 'warning' : 'ellipsis');
        item.description = list?.error ? vscode.l10n.t('failed: {0}', list.error) : vscode.l10n.t('{0} loaded', list?.items.length ?? 0);
        item.command = { command: CommandIds.loadMoreResources, title: vscode.l10n.t('Load More'), arguments: [node] };
        break;
      }
      case 'message':
        item.iconPath = new vscode.ThemeIcon(node.error ? 'error' : 'info');
        item.tooltip = node.text;
        break;
    }
    return item;
  }

  /** Tooltips are built on hover only: there may be thousands of resources. */
  resolveTreeItem(item: vscode.TreeItem, node: ResourceNode): vscode.TreeItem {
    if (node.kind === 'resource') item.tooltip = resourceTooltip(node.resource, node.server);
    if (node.kind === 'template') item.tooltip = resourceTooltip(node.template, node.server);
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
      listing.onDidChange(() => this.changeEmitter.fire(node));
      this.listings.set(name, { node, listing });
      changed = true;
    }
    if (changed) this.changeEmitter.fire(undefined);
  }
}

const contextValues: Record<ResourceNode['kind'], string> = {
  server: 'mcpResourceServer',
  resource: 'mcpResource',
  templates: 'mcpResourceTemplates',
  template: 'mcpResourceTemplate',
  loadMore: 'mcpResourceLoadMore',
  message: 'mcpResourceMessage',
};
