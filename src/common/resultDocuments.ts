// Results (of a prompt, of a tool call) as read-only Markdown documents, shown in the Markdown preview so
// images render. A read-only file system rather than a content provider: VS Code then refuses every edit
// (the editor shows the lock) instead of letting the text drift from the result.
//
// Each result keeps a tab of its own (issue 25, defect 5): it opens in the Markdown preview *editor* for
// its own URI, pinned, where `markdown.showPreview` reused one "dynamic" preview for whatever Markdown
// came next. And it survives a window reload: the last KEEP results are also written to the extension's
// storage (`storage`, this workspace's), so a restored tab reads its result again; a tab whose result is
// no longer kept is closed as the window opens, never left saying "cannot be found". The scheme's
// provider is registered at activation (activate.ts), which `onFileSystem:<scheme>` triggers.
import * as vscode from 'vscode';

const KEEP = 20;
/** Results larger than this stay in memory only (their tabs close at the next window open). */
const MAX_STORED_BYTES = 5 * 1024 * 1024;
/** The built-in Markdown extension's preview editor: one tab per resource, which a pinned tab keeps. */
const MARKDOWN_PREVIEW_EDITOR = 'vscode.markdown.preview.editor';

export interface ResultKind {
  /** The URI scheme, prefixed `mcp-client-`: VS Code's built-in MCP support owns the plain `mcp-*` names. */
  scheme: string;
  /** Shown when the user tries to edit. */
  readonlyNotice: string;
  /** Shown when an old tab is reopened after its result was dropped. */
  expired: string;
}

export class ResultDocuments implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly contents = new Map<string, { data: Uint8Array; mtime: number }>();
  private counter = 0;
  /** A run's URIs must not meet those of an earlier window, whose tabs may be restored. */
  private readonly run = Date.now().toString(36);
  private readonly changeEmitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changeEmitter.event;
  private readonly registration: vscode.Disposable;
  private readonly folder?: vscode.Uri;
  /** The stored results' URIs, oldest first (read once; then kept current here and written after each change). */
  private index?: Promise<string[]>;
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly kind: ResultKind,
    storage?: vscode.Uri,
  ) {
    this.registration = vscode.workspace.registerFileSystemProvider(kind.scheme, this, {
      isReadonly: new vscode.MarkdownString(kind.readonlyNotice),
      isCaseSensitive: true,
    });
    this.folder = storage && vscode.Uri.joinPath(storage, 'results', kind.scheme);
    if (this.folder) void this.closeLostTabs();
  }

  /** Stores the Markdown under a fresh URI (every run is its own document) and shows it in a tab of its own. */
  async show(markdown: string, server: string, name: string, { preview = true } = {}): Promise<vscode.Uri> {
    // The query makes each run unique; the path gives the tab a readable title and the .md language.
    const uri = vscode.Uri.from({ scheme: this.kind.scheme, path: `/${server}/${name}.md`, query: `${this.run}-${++this.counter}` });
    const data = new TextEncoder().encode(markdown);
    this.contents.set(uri.toString(), { data, mtime: Date.now() });
    for (const key of [...this.contents.keys()].slice(0, Math.max(0, this.contents.size - KEEP))) this.contents.delete(key);
    if (data.byteLength <= MAX_STORED_BYTES) await this.store(uri, data);
    if (!preview) {
      // Server text shown as it is (a skill file): as source, where nothing in it renders or loads.
      await vscode.window.showTextDocument(uri, { preview: false });
      return uri;
    }
    try {
      await vscode.commands.executeCommand('vscode.openWith', uri, MARKDOWN_PREVIEW_EDITOR, { preview: false });
    } catch {
      // Without the built-in Markdown extension, the source is still readable.
      await vscode.window.showTextDocument(uri, { preview: false });
    }
    return uri;
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const entry = await this.entry(uri);
    return { type: vscode.FileType.File, ctime: entry.mtime, mtime: entry.mtime, size: entry.data.byteLength, permissions: vscode.FilePermission.Readonly };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return (await this.entry(uri)).data;
  }

  watch(): vscode.Disposable {
    // Results never change: there is nothing to watch.
    return new vscode.Disposable(() => undefined);
  }

  readDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.FileNotADirectory(uri);
  }
  createDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }
  writeFile(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }
  delete(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }
  rename(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  dispose(): void {
    this.registration.dispose();
    this.changeEmitter.dispose();
    this.contents.clear();
  }

  private async entry(uri: vscode.Uri): Promise<{ data: Uint8Array; mtime: number }> {
    const key = uri.toString();
    const entry = this.contents.get(key) ?? (await this.load(key));
    // Only the most recent results are kept; an older tab says so when it is reopened.
    if (!entry) throw vscode.FileSystemError.FileNotFound(`${uri.path}: ${this.kind.expired}`);
    return entry;
  }

  /** A result of an earlier window, from storage. */
  private async load(key: string): Promise<{ data: Uint8Array; mtime: number } | undefined> {
    if (!this.folder || !(await this.stored()).includes(key)) return undefined;
    try {
      const file = this.fileOf(key);
      const [data, stat] = await Promise.all([vscode.workspace.fs.readFile(file), vscode.workspace.fs.stat(file)]);
      const entry = { data, mtime: stat.mtime };
      this.contents.set(key, entry);
      return entry;
    } catch {
      return undefined;
    }
  }

  private stored(): Promise<string[]> {
    return (this.index ??= (async () => {
      try {
        const list = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(this.folder!, 'index.json')))) as unknown;
        return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
      } catch {
        return [];
      }
    })());
  }

  /** Writes the result and the index, dropping the oldest beyond KEEP; one write at a time. */
  private store(uri: vscode.Uri, data: Uint8Array): Promise<void> {
    const folder = this.folder;
    if (!folder) return Promise.resolve();
    const key = uri.toString();
    const done = (this.writes = this.writes.then(async () => {
      const index = await this.stored();
      index.push(key);
      const dropped = index.splice(0, Math.max(0, index.length - KEEP));
      await vscode.workspace.fs.writeFile(this.fileOf(key), data);
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'index.json'), new TextEncoder().encode(JSON.stringify(index)));
      for (const old of dropped) await Promise.resolve(vscode.workspace.fs.delete(this.fileOf(old))).catch(() => undefined);
    }).catch(() => undefined));
    return done as Promise<void>;
  }

  private fileOf(key: string): vscode.Uri {
    // The URI's query is unique per result; the name keeps only characters every file system accepts.
    return vscode.Uri.joinPath(this.folder!, `${key.replace(/[^A-Za-z0-9.-]/g, '_').slice(-120)}.md`);
  }

  /** Tabs an earlier window left open on results that are no longer kept: closed, not left failing. */
  private async closeLostTabs(): Promise<void> {
    const kept = new Set(await this.stored());
    const lost = vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .filter((tab) => {
        const uri = tab.input instanceof vscode.TabInputCustom || tab.input instanceof vscode.TabInputText ? tab.input.uri : undefined;
        return uri?.scheme === this.kind.scheme && !kept.has(uri.toString()) && !this.contents.has(uri.toString());
      });
    if (lost.length) await vscode.window.tabGroups.close(lost, true);
  }
}
