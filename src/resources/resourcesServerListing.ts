// What the Resources view knows about one running server: its resources, loaded page by page, and its
// templates. `notifications/resources/list_changed` (debounced) reloads both, as many pages as were
// shown (on the 2026-07-28 revision the connection keeps the subscriptions/listen stream they need).
import type { Resource, ResourceTemplateType as ResourceTemplate } from '@modelcontextprotocol/client';
import { describeError } from '../mcp/errors';
import { Disposable, Emitter } from '../mcp/lifecycle';
import type { Logger } from '../mcp/logger';
import type { McpSession } from '../mcp/session';
import { PagedList } from './pagedList';
import { compareResources } from './resourcesPresentation';
import { numericCompare } from '../common/naturalOrder';

const LIST_CHANGED_DEBOUNCE_MS = 300;

export class ServerListing extends Disposable {
  private readonly changeEmitter = this._register(new Emitter<void>());
  /** Fires once the first page was shown and anything changed after that. */
  readonly onDidChange = this.changeEmitter.event;
  readonly resources: PagedList<Resource>;
  private _templates: ResourceTemplate[] = [];
  private firstLoad: Promise<void> | undefined;
  private sortedCache: Resource[] | undefined;
  /** Where each resource shows, by URI: a page is sorted when it arrives and goes after the pages before it. */
  private readonly positions = new Map<string, number>();
  private debounce: NodeJS.Timeout | undefined;

  constructor(
    readonly session: McpSession,
    private readonly logger: Logger | undefined,
  ) {
    super();
    this.resources = new PagedList((cursor) => session.listResourcesPage(cursor), (r) => r.uri);
    this._register(this.resources.onDidChange(() => {
      this.sortedCache = undefined;
      if (this.firstLoad) this.changeEmitter.fire();
    }));
    this._register(session.onNotification((n) => {
      if (n.kind === 'resourcesChanged') this.scheduleReload();
    }));
    this._register({ dispose: () => clearTimeout(this.debounce) });
  }

  get templates(): readonly ResourceTemplate[] {
    return this._templates;
  }

  /**
   * Loaded resources: each page highest priority first, then by name, after the pages before it. "Load
   * more…" appends (issue 25: it re-sorted the whole list, moving what the user was looking at).
   */
  get sorted(): readonly Resource[] {
    if (!this.sortedCache) {
      const items = this.resources.items;
      const arrived = items.filter((r) => !this.positions.has(r.uri)).sort(compareResources);
      for (const r of arrived) this.positions.set(r.uri, this.positions.size);
      this.sortedCache = [...items].sort((a, b) => this.positions.get(a.uri)! - this.positions.get(b.uri)!);
    }
    return this.sortedCache;
  }

  /** The first page and the templates, once; later calls wait for the same load. */
  ensureLoaded(): Promise<void> {
    this.firstLoad ??= Promise.all([this.resources.loadNext(), this.loadTemplates()]).then(() => undefined);
    return this.firstLoad;
  }

  async refresh(): Promise<void> {
    if (!this.firstLoad) return;
    await Promise.all([this.resources.reload(), this.loadTemplates()]);
    // A new list: sorted afresh.
    this.positions.clear();
    this.sortedCache = undefined;
    this.changeEmitter.fire();
  }

  override dispose(): void {
    this.resources.dispose();
    super.dispose();
  }

  private scheduleReload(): void {
    if (!this.firstLoad) return; // nothing shown yet: the first expansion loads the current list
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.refresh(), LIST_CHANGED_DEBOUNCE_MS);
  }

  private async loadTemplates(): Promise<void> {
    try {
      this._templates = [...(await this.session.listResourceTemplates())].sort((a, b) =>
        numericCompare(a.title || a.name, b.title || b.name),
      );
    } catch (error) {
      // Servers without templates often answer "method not found"; the view simply shows none.
      this.logger?.debug(`resources/templates/list: ${describeError(error)}`);
      this._templates = [];
    }
  }
}
