// Tool results as read-only Markdown documents (`mcp-client-tool-result:` URIs served from memory), shown
// in the Markdown preview so images render: the same read-only file system as prompt documents, with
// its own scheme so a tab says what it holds. The last few results are kept.
import * as vscode from 'vscode';

// Prefixed like our resource scheme: VS Code's built-in MCP support owns the plain `mcp-*` names.
export const TOOL_RESULT_SCHEME = 'mcp-client-tool-result';
const KEEP = 20;

export class ToolResultDocuments implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly contents = new Map<string, { data: Uint8Array; mtime: number }>();
  private counter = 0;
  private readonly changeEmitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changeEmitter.event;
  private readonly registration = vscode.workspace.registerFileSystemProvider(TOOL_RESULT_SCHEME, this, {
    isReadonly: new vscode.MarkdownString('A tool result: call the tool again to get a new one.'),
    isCaseSensitive: true,
  });

  /** Stores the Markdown under a fresh URI (every run is its own document) and shows its preview. */
  async show(markdown: string, server: string, tool: string): Promise<vscode.Uri> {
    // The query makes each run unique; the path gives the tab a readable title and the .md language.
    const uri = vscode.Uri.from({ scheme: TOOL_RESULT_SCHEME, path: `/${server}/${tool}.md`, query: String(++this.counter) });
    this.contents.set(uri.toString(), { data: new TextEncoder().encode(markdown), mtime: Date.now() });
    for (const key of [...this.contents.keys()].slice(0, Math.max(0, this.contents.size - KEEP))) this.contents.delete(key);
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
    if (!entry) throw vscode.FileSystemError.FileNotFound(`${uri.path}: only recent tool results are kept. Call the tool again.`);
    return entry;
  }
}
