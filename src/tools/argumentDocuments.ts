// The JSON document in which "Call Tool…" takes the arguments of a tool whose schema is not flat. It
// lives in a file system of its own (`mcp-tool-arguments:`), so it is never an Untitled document that
// asks to be saved: whatever happens, it is saved there and closed when the call is sent or cancelled.
// Send and Cancel stay where the document is (editor title actions and a CodeLens on the first line),
// and the document's `$schema` names the tool's input schema (served by the same file system), so VS
// Code's JSON support underlines what breaks the schema while the user types.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { l10n } from '../common/shownL10n';
import { shownLine } from '../common/serverText';

export const ARGUMENTS_SCHEME = 'mcp-tool-arguments';

type Outcome = { send: true; text: string } | { send: false };

interface Pending {
  document: vscode.TextDocument;
  label: string;
  resolve: (outcome: Outcome) => void;
}

export class ArgumentDocuments implements vscode.FileSystemProvider, vscode.CodeLensProvider, vscode.Disposable {
  private readonly files = new Map<string, Uint8Array>();
  private readonly pending = new Map<string, Pending>();
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  private readonly disposables: vscode.Disposable[];
  private count = 0;

  constructor() {
    this.disposables = [
      this.changes,
      vscode.workspace.registerFileSystemProvider(ARGUMENTS_SCHEME, this, { isCaseSensitive: true }),
      vscode.languages.registerCodeLensProvider({ scheme: ARGUMENTS_SCHEME }, this),
      vscode.commands.registerCommand(CommandIds.sendToolArguments, (uri?: vscode.Uri) => this.finish(uri, true)),
      vscode.commands.registerCommand(CommandIds.cancelToolArguments, (uri?: vscode.Uri) => this.finish(uri, false)),
      // Closing the document is cancelling too; nothing waits for an answer that cannot come.
      vscode.workspace.onDidCloseTextDocument((document) => this.pending.get(document.uri.toString())?.resolve({ send: false })),
    ];
  }

  /**
   * Opens a document for `tool` of `server` holding `text` (a JSON object), with `schema` as its JSON
   * schema. `edit` then waits for Send (the document's text) or Cancel/close (undefined) each time it
   * is called; `close` saves and closes the document and forgets both files.
   */
  async open(server: string, tool: string, schema: unknown, text: string): Promise<{ edit(): Promise<string | undefined>; close(): Promise<void> }> {
    // The path reads well in the tab and the breadcrumb (`tools › create_event.json`); the query keeps two calls apart.
    const path = `/${server.replace(/[/\\]/g, '_')}/${tool.replace(/[/\\]/g, '_')}`;
    const query = String(++this.count);
    const schemaUri = vscode.Uri.from({ scheme: ARGUMENTS_SCHEME, path: `${path}.schema.json`, query });
    const uri = vscode.Uri.from({ scheme: ARGUMENTS_SCHEME, path: `${path}.json`, query });
    this.files.set(schemaUri.toString(), encode(JSON.stringify(allowSchemaKey(schema), null, 2)));
    this.files.set(uri.toString(), encode(withSchema(text, schemaUri)));
    const document = await vscode.workspace.openTextDocument(uri);
    const label = `${tool} (${server})`;
    return {
      edit: async () => {
        await vscode.window.showTextDocument(document, { preview: false });
        const outcome = await new Promise<Outcome>((resolve) => this.pending.set(uri.toString(), { document, label, resolve }));
        this.pending.delete(uri.toString());
        return outcome.send ? outcome.text : undefined;
      },
      close: async () => {
        this.pending.get(uri.toString())?.resolve({ send: false });
        if (document.isDirty) await document.save();
        const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString());
        if (tabs.length) await vscode.window.tabGroups.close(tabs);
        this.files.delete(uri.toString());
        this.files.delete(schemaUri.toString());
      },
    };
  }

  /** Send or Cancel: from the title bar or the CodeLens (with the document's URI) or the palette (the active editor). */
  private finish(uri: vscode.Uri | undefined, send: boolean): void {
    const key = (uri ?? vscode.window.activeTextEditor?.document.uri)?.toString();
    const entry = key === undefined ? undefined : this.pending.get(key);
    if (!entry) return;
    entry.resolve(send ? { send: true, text: withoutSchema(entry.document.getText()) } : { send: false });
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const entry = this.pending.get(document.uri.toString());
    if (!entry) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    return [
      new vscode.CodeLens(top, { title: l10n.t('$(send) {0}', l10n.t('Send to {0}', shownLine(entry.label))), command: CommandIds.sendToolArguments, arguments: [document.uri] }),
      new vscode.CodeLens(top, { title: vscode.l10n.t('Cancel'), command: CommandIds.cancelToolArguments, arguments: [document.uri] }),
    ];
  }

  // The file system: flat, in memory, only what open() put there.
  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }
  stat(uri: vscode.Uri): vscode.FileStat {
    const data = this.files.get(uri.toString());
    if (!data) throw vscode.FileSystemError.FileNotFound(uri);
    return { type: vscode.FileType.File, ctime: 0, mtime: Date.now(), size: data.byteLength };
  }
  readDirectory(): [string, vscode.FileType][] {
    return [];
  }
  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }
  readFile(uri: vscode.Uri): Uint8Array {
    const data = this.files.get(uri.toString());
    if (!data) throw vscode.FileSystemError.FileNotFound(uri);
    return data;
  }
  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    if (!this.files.has(uri.toString())) throw vscode.FileSystemError.NoPermissions(uri);
    this.files.set(uri.toString(), content);
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }
  delete(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }
  rename(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  dispose(): void {
    for (const entry of this.pending.values()) entry.resolve({ send: false });
    for (const d of this.disposables) d.dispose();
  }
}

const encode = (text: string) => new TextEncoder().encode(text);

/** `{ "$schema": "<uri>", …the arguments }`: the JSON language service's own way to name a schema. */
function withSchema(text: string, schemaUri: vscode.Uri): string {
  const body = text.trim().replace(/^\{\s*/, '');
  const rest = body === '}' ? '\n}' : `,\n  ${body}`;
  return `{\n  "$schema": ${JSON.stringify(schemaUri.toString())}${rest}`;
}

/** The tool's schema, which also allows the document's own `$schema` key (even with additionalProperties false). */
function allowSchemaKey(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  const s = schema as Record<string, unknown>;
  return { ...s, properties: { $schema: { type: 'string' }, ...((s.properties as object | undefined) ?? {}) } };
}

/** The arguments without the `$schema` line the document was given (the user may also have removed it). */
function withoutSchema(text: string): string {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && '$schema' in value) {
      const { $schema: _schema, ...rest } = value as Record<string, unknown>;
      return JSON.stringify(rest);
    }
  } catch {
    // Not JSON: the caller reports the syntax error with the user's own text.
  }
  return text;
}
