// The read-only file system behind `mcp-client-resource:` documents, backed by `resources/read`. A read with one
// content is a file; with several, a folder of its parts. Reads are shared for a moment (VS Code stats
// and then reads), refused above the size limit, and re-done when the server reports a change.
import * as vscode from 'vscode';
import { SettingKeys } from '../common/settingKeys';
import { describeError } from '../mcp/errors';
import { Disposable } from '../mcp/lifecycle';
import type { SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import { formatSize, partsOf, totalSize, type ContentPart } from './resourceContents';
import { addressKey, parseDocumentUri, type DocumentAddress } from './resourceDocuments';
import { RESOURCE_SCHEME, type ResourceAddress } from './resourceUri';
import type { ResourceWatchers } from './resourceWatchers';

/** How long one read answers further stat/readFile calls for the same resource. */
const READ_REUSE_MS = 2000;

interface Read {
  at: number;
  mtime: number;
  parts: Promise<ContentPart[]>;
}

export class ResourceFileSystem extends Disposable implements vscode.FileSystemProvider {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<vscode.FileChangeEvent[]>());
  readonly onDidChangeFile = this.changeEmitter.event;
  private readonly reads = new Map<string, Read>();
  /** Watched document URIs by resource, to announce changes under the names VS Code knows them by. */
  private readonly watchedUris = new Map<string, Map<string, vscode.Uri>>();
  private lastMtime = 0;

  constructor(
    private readonly manager: SessionManager,
    private readonly watchers: ResourceWatchers,
    private readonly maxBytes: () => number,
  ) {
    super();
    this._register(watchers.onDidChange((address) => this.changed(address)));
  }

  watch(uri: vscode.Uri): vscode.Disposable {
    const address = parseDocumentUri(uri);
    if (!address) return new vscode.Disposable(() => undefined);
    const key = addressKey(address);
    const uris = this.watchedUris.get(key) ?? new Map<string, vscode.Uri>();
    this.watchedUris.set(key, uris);
    uris.set(uri.toString(), uri);
    const subscription = this.watchers.watch(address);
    return new vscode.Disposable(() => {
      subscription.dispose();
      uris.delete(uri.toString());
      if (uris.size === 0 && this.watchedUris.get(key) === uris) this.watchedUris.delete(key);
    });
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const { address, read, parts } = await this.resolve(uri);
    const permissions = vscode.FilePermission.Readonly;
    if (address.part !== undefined) {
      const part = this.partOf(parts, address, uri);
      return { type: vscode.FileType.File, ctime: read.mtime, mtime: read.mtime, size: part.size, permissions };
    }
    const type = parts.length === 1 ? vscode.FileType.File : vscode.FileType.Directory;
    return { type, ctime: read.mtime, mtime: read.mtime, size: type === vscode.FileType.File ? parts[0]!.size : 0, permissions };
  }

  async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    const { address, parts } = await this.resolve(uri);
    if (address.part !== undefined || parts.length === 1) throw vscode.FileSystemError.FileNotADirectory(uri);
    return parts.map((p) => [p.name, vscode.FileType.File]);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const { address, parts } = await this.resolve(uri);
    if (address.part !== undefined) return this.partOf(parts, address, uri).bytes();
    if (parts.length !== 1) throw vscode.FileSystemError.FileIsADirectory(uri);
    return parts[0]!.bytes();
  }

  writeFile(): never {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('MCP resources are read-only.'));
  }
  createDirectory(): never {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('MCP resources are read-only.'));
  }
  delete(): never {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('MCP resources are read-only.'));
  }
  rename(): never {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('MCP resources are read-only.'));
  }

  private async resolve(uri: vscode.Uri): Promise<{ address: DocumentAddress; read: Read; parts: ContentPart[] }> {
    const address = parseDocumentUri(uri);
    if (uri.scheme !== RESOURCE_SCHEME || !address) throw vscode.FileSystemError.FileNotFound(uri);
    const read = this.read(address);
    return { address, read, parts: await read.parts };
  }

  private read(address: ResourceAddress): Read {
    const key = addressKey(address);
    const cached = this.reads.get(key);
    if (cached && Date.now() - cached.at < READ_REUSE_MS) return cached;
    this.lastMtime = Math.max(Date.now(), this.lastMtime + 1);
    const read: Read = { at: Date.now(), mtime: this.lastMtime, parts: this.fetch(address) };
    this.reads.set(key, read);
    // A failed read is not reused: the next attempt asks the server again.
    read.parts.catch(() => this.reads.get(key) === read && this.reads.delete(key));
    return read;
  }

  private async fetch({ server, uri }: ResourceAddress): Promise<ContentPart[]> {
    const session = this.manager.get(server);
    if (!session) throw vscode.FileSystemError.FileNotFound(vscode.l10n.t("No MCP server named '{0}' is configured (reading {1}).", server, uri));
    await this.manager.use(server);
    if (!SessionState.isRunning(session.state)) {
      throw vscode.FileSystemError.Unavailable(vscode.l10n.t("MCP server '{0}' is not running ({1}); cannot read {2}.", server, session.state.kind, uri));
    }
    let parts: ContentPart[];
    try {
      parts = partsOf(await session.readResource(uri));
    } catch (error) {
      // The session's error already names server and method; say it once, in the file error's words.
      const cause = (error as { cause?: unknown }).cause ?? error;
      // "Not found" is -32002 in the spec, and -32602 with the URI in `data` from the TypeScript SDK's
      // ResourceNotFoundError (checked by shape: any server, any SDK).
      const { code, data } = cause as { code?: unknown; data?: { uri?: unknown } };
      if (code === -32002 || (code === -32602 && data?.uri !== undefined)) {
        throw vscode.FileSystemError.FileNotFound(vscode.l10n.t("MCP server '{0}' has no resource {1}.", server, uri));
      }
      throw vscode.FileSystemError.Unavailable(vscode.l10n.t("MCP server '{0}' could not read {1}: {2}", server, uri, describeError(cause)));
    }
    if (parts.length === 0) throw vscode.FileSystemError.FileNotFound(vscode.l10n.t("MCP server '{0}' returned no content for {1}.", server, uri));
    const size = totalSize(parts);
    const limit = this.maxBytes();
    if (size > limit) {
      throw vscode.FileSystemError.Unavailable(
        vscode.l10n.t("{0} from MCP server '{1}' is {2}, above the {3} limit (setting {4}).", uri, server, formatSize(size), formatSize(limit), SettingKeys.resourcesMaxSizeMB),
      );
    }
    return parts;
  }

  private partOf(parts: ContentPart[], address: DocumentAddress, uri: vscode.Uri): ContentPart {
    const part = parts.length > 1 ? parts.find((p) => p.name === address.part) : undefined;
    if (!part) throw vscode.FileSystemError.FileNotFound(uri);
    return part;
  }

  /** The server changed the resource: forget the read and tell VS Code, which reads it again. */
  private changed(address: ResourceAddress): void {
    const key = addressKey(address);
    this.reads.delete(key);
    const uris = this.watchedUris.get(key);
    if (uris?.size) this.changeEmitter.fire([...uris.values()].map((uri) => ({ type: vscode.FileChangeType.Changed, uri })));
  }
}
