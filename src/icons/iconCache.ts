// Servers' icons as files in the extension's global storage, which is what tree items and pickers get:
// the renderer never loads an icon from a server's URL (which would tell that server the user's address
// and when they look, with the renderer's cookies and referrer), and never sees SVG. An icon is checked
// (iconRules), fetched once by the extension host (iconFetch), written under its content's hash, and
// reused across windows. Nothing waits for it: until it is there (or when it fails) the caller shows its
// theme icon, and onDidLoad tells the views to render again.
import { createHash } from 'node:crypto';
import type { Icon } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { LruMap } from '../common/lruMap';
import { iconsToPrune, needsRefresh } from './iconAge';
import { fetchIcon } from './iconFetch';
import { checkIconBytes, checkIconSource, chooseIcons, MAX_REMEMBERED_ICONS, type IconType } from './iconRules';

type Loaded = { state: 'ready'; uri: vscode.Uri } | { state: 'failed'; reason: string } | { state: 'loading' };
export type IconImage = vscode.Uri | { light: vscode.Uri; dark: vscode.Uri };

const EXTENSIONS: Record<IconType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

export class IconCache implements vscode.Disposable {
  /** Keyed by a hash of the icon's src: a data: icon's src can be hundreds of kilobytes. */
  private readonly loaded = new LruMap<string, Loaded>(MAX_REMEMBERED_ICONS);
  private readonly loadEmitter = new vscode.EventEmitter<void>();
  /** An icon finished loading: views that showed a fallback may show it now. */
  readonly onDidLoad = this.loadEmitter.event;
  private readonly folder: vscode.Uri;

  constructor(
    storage: vscode.Uri,
    private readonly log: (message: string) => void = () => undefined,
  ) {
    this.folder = vscode.Uri.joinPath(storage, 'icons');
  }

  /** Deletes icon files unused for a month (iconAge.ts). Runs once, after start-up; never throws. */
  async prune(now = Date.now()): Promise<number> {
    let entries: [string, vscode.FileType][];
    try {
      entries = await vscode.workspace.fs.readDirectory(this.folder);
    } catch {
      return 0; // no icons yet
    }
    const files = await Promise.all(
      entries.filter(([, type]) => type === vscode.FileType.File).map(async ([name]) => ({ name, modifiedAt: (await vscode.workspace.fs.stat(vscode.Uri.joinPath(this.folder, name))).mtime })),
    );
    const stale = iconsToPrune(files, now);
    await Promise.all(stale.map((name) => Promise.resolve(vscode.workspace.fs.delete(vscode.Uri.joinPath(this.folder, name))).catch(() => undefined)));
    if (stale.length) this.log(`Deleted ${stale.length} icon file(s) unused for 30 days.`);
    return stale.length;
  }

  /**
   * The image to show for `icons` at `size` pixels, light and dark chosen apart; undefined while it
   * loads or when none can be shown (the caller falls back to its theme icon).
   */
  imageFor(icons: readonly Icon[] | undefined, size = 16): IconImage | undefined {
    if (!icons?.length) return undefined;
    const choice = chooseIcons(icons, size);
    const light = this.firstReady(choice.light);
    const dark = this.firstReady(choice.dark);
    if (light && dark) return light.toString() === dark.toString() ? light : { light, dark };
    // One theme's icon alone: better than none in both themes only when the other has none at all.
    if (light && choice.dark.length === 0) return light;
    if (dark && choice.light.length === 0) return dark;
    return undefined;
  }

  dispose(): void {
    this.loadEmitter.dispose();
  }

  /** The first candidate that is ready; starts loading those not tried yet, best first. */
  private firstReady(candidates: Icon[]): vscode.Uri | undefined {
    for (const icon of candidates) {
      const entry = this.loaded.get(hash(icon.src));
      if (entry?.state === 'ready') return entry.uri;
      if (entry?.state === 'loading') return undefined;
      if (!entry) {
        this.load(icon);
        return undefined;
      }
      // failed: the next candidate.
    }
    return undefined;
  }

  private load(icon: Icon): void {
    const key = hash(icon.src);
    this.loaded.set(key, { state: 'loading' });
    void this.fetchToFile(icon).then(
      (uri) => this.loaded.set(key, { state: 'ready', uri }),
      (error: Error) => {
        this.loaded.set(key, { state: 'failed', reason: error.message });
        this.log(`Icon ${describe(icon.src)} not shown: ${error.message}`);
      },
    ).finally(() => this.loadEmitter.fire());
  }

  private async fetchToFile(icon: Icon): Promise<vscode.Uri> {
    const checked = checkIconSource(icon);
    if (!checked.ok) throw new Error(checked.reason);
    const { source } = checked;
    let bytes: Uint8Array;
    let type: IconType;
    if (source.kind === 'data') {
      const sniffed = checkIconBytes(source.bytes);
      if (!sniffed.ok) throw new Error(sniffed.reason);
      ({ bytes, type } = { bytes: source.bytes, type: sniffed.type });
    } else {
      // Fetched once per URL and reused across windows; fetched again once it is a week old, and the old
      // file is kept when that fails (an icon is never worth an error).
      const known = await this.existing(source.url.href);
      if (known && !needsRefresh(known.modifiedAt, Date.now())) return known.uri;
      try {
        ({ bytes, type } = await fetchIcon(source.url));
      } catch (error) {
        if (known) return known.uri;
        throw error;
      }
      if (known) await Promise.resolve(vscode.workspace.fs.delete(known.uri)).catch(() => undefined); // its type may have changed
    }
    const name = `${hash(source.kind === 'data' ? Buffer.from(bytes) : source.url.href)}.${EXTENSIONS[type]}`;
    const uri = vscode.Uri.joinPath(this.folder, name);
    await vscode.workspace.fs.createDirectory(this.folder);
    await vscode.workspace.fs.writeFile(uri, bytes);
    return uri;
  }

  private async existing(url: string): Promise<{ uri: vscode.Uri; modifiedAt: number } | undefined> {
    const prefix = hash(url);
    for (const ext of Object.values(EXTENSIONS)) {
      const uri = vscode.Uri.joinPath(this.folder, `${prefix}.${ext}`);
      try {
        return { uri, modifiedAt: (await vscode.workspace.fs.stat(uri)).mtime };
      } catch {
        // not cached under this type
      }
    }
    return undefined;
  }
}

function hash(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 32);
}

/** A data: URI is long and says nothing; its type is enough for the log. */
function describe(src: string): string {
  return src.startsWith('data:') ? `${src.slice(0, Math.min(src.indexOf(',') + 1 || 40, 40))}…` : src;
}
