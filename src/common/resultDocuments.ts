// Results (of a prompt, of a tool call) as read-only Markdown documents served from memory, shown in the
// Markdown preview so images render. A read-only file system rather than a content provider: VS Code
// then refuses every edit (the editor shows the lock) instead of letting the text drift from the result.
// The last few results are kept, so reopening a recent document still works.
import * as vscode from 'vscode';
import { mdText } from './shownMarkdown';
import { shownTooltip } from './shownUi';

const KEEP = 20;

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
  private readonly changeEmitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changeEmitter.event;
  private readonly registration: vscode.Disposable;

  constructor(private readonly kind: ResultKind) {
    this.registration = vscode.workspace.registerFileSystemProvider(kind.scheme, this, {
      isReadonly: shownTooltip(mdText(kind.readonlyNotice)),
      isCaseSensitive: true,
    });
  }

  /** Stores the Markdown under a fresh URI (every run is its own document) and shows its preview. */
  async show(markdown: string, server: string, name: string, { preview = true, extension = 'md' } = {}): Promise<vscode.Uri> {
    // The query makes each run unique; the path gives the tab a readable title and its language (.md, .txt).
    const uri = vscode.Uri.from({ scheme: this.kind.scheme, path: `/${encodeURIComponent(server)}/${encodeURIComponent(name)}.${extension}`, query: String(++this.counter) });
    this.contents.set(uri.toString(), { data: new TextEncoder().encode(markdown), mtime: Date.now() });
    for (const key of [...this.contents.keys()].slice(0, Math.max(0, this.contents.size - KEEP))) this.contents.delete(key);
    if (!preview) {
      // Server text shown as it is (a skill file): as source, where nothing in it renders or loads.
      await vscode.window.showTextDocument(uri, { preview: false });
      return uri;
    }
    try {
      await vscode.commands.executeCommand('markdown.showPreview', uri);
    } catch {
      // Without the built-in Markdown extension, the source is still readable.
      await vscode.window.showTextDocument(uri, { preview: false });
    }
    return uri;
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const entry = this.entry(uri);
    return { type: vscode.FileType.File, ctime: entry.mtime, mtime: entry.mtime, size: entry.data.byteLength, permissions: vscode.FilePermission.Readonly };
  }

  readFile(uri: vscode.Uri): Uint8Array {
    return this.entry(uri).data;
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

  private entry(uri: vscode.Uri): { data: Uint8Array; mtime: number } {
    const entry = this.contents.get(uri.toString());
    // Only the most recent results are kept; an older tab says so when it is reopened.
    if (!entry) throw vscode.FileSystemError.FileNotFound(`${uri.path}: ${this.kind.expired}`);
    return entry;
  }
}
