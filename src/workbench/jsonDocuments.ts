// Read-only JSON documents the workbench opens: a protocol message with its answer, a call's stored result.
// A content provider's documents cannot be edited, and their `.json` path gives them JSON highlighting and
// folding. The newest documents are kept; an older tab says it expired.
import * as vscode from 'vscode';

export const JSON_DOCUMENT_SCHEME = 'mcp-client-json';
const KEEP = 50;

export class JsonDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private counter = 0;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(JSON_DOCUMENT_SCHEME, this);

  /** Opens `value` as formatted JSON titled `title` (a readable file name: `tools-call #12`). */
  async show(value: unknown, folder: string, title: string): Promise<vscode.Uri> {
    const safe = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, '-').slice(0, 80);
    const uri = vscode.Uri.from({ scheme: JSON_DOCUMENT_SCHEME, path: `/${safe(folder)}/${safe(title)}.json`, query: String(++this.counter) });
    this.contents.set(uri.toString(), `${JSON.stringify(value, null, 2)}\n`);
    for (const key of [...this.contents.keys()].slice(0, Math.max(0, this.contents.size - KEEP))) this.contents.delete(key);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, { preview: false });
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? vscode.l10n.t('// This document is no longer kept; open it again from where it came from.\n');
  }

  dispose(): void {
    this.registration.dispose();
    this.contents.clear();
  }
}
