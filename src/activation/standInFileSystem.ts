// The resource file system's stand-in: registered at activation, so that documents of its scheme that
// the window restores can open, it hands every call to the provider the contributions make
// (contributionLoader.ts), loading them on the first call.
import * as vscode from 'vscode';

export class StandInFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  private forwarding: vscode.Disposable | undefined;

  constructor(private readonly load: () => vscode.FileSystemProvider) {}

  private target(): vscode.FileSystemProvider {
    const target = this.load();
    this.forwarding ??= target.onDidChangeFile((events) => this.changes.fire(events));
    return target;
  }

  watch(uri: vscode.Uri, options: { readonly recursive: boolean; readonly excludes: readonly string[] }): vscode.Disposable {
    return this.target().watch(uri, options);
  }
  stat(uri: vscode.Uri) {
    return this.target().stat(uri);
  }
  readDirectory(uri: vscode.Uri) {
    return this.target().readDirectory(uri);
  }
  readFile(uri: vscode.Uri) {
    return this.target().readFile(uri);
  }
  createDirectory(uri: vscode.Uri) {
    return this.target().createDirectory(uri);
  }
  writeFile(uri: vscode.Uri, content: Uint8Array, options: { readonly create: boolean; readonly overwrite: boolean }) {
    return this.target().writeFile(uri, content, options);
  }
  delete(uri: vscode.Uri, options: { readonly recursive: boolean }) {
    return this.target().delete(uri, options);
  }
  rename(oldUri: vscode.Uri, newUri: vscode.Uri, options: { readonly overwrite: boolean }) {
    return this.target().rename(oldUri, newUri, options);
  }

  dispose(): void {
    this.forwarding?.dispose();
    this.changes.dispose();
  }
}
