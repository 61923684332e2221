// `dev.watch` globs → what to watch and which changed paths count. Plain Node (no vscode): the rules are
// unit-tested. Relative globs start at the setting's folder, as VS Code's mcp.json reads them; `!` globs
// exclude. picomatch matches because VS Code's own glob matcher is not exposed to extensions.
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { isInside } from '../mcp/localFile';

/** One folder to watch recursively and the glob inside it (forward slashes, relative to `base`). */
export interface WatchRoot {
  base: string;
  pattern: string;
}

export interface WatchPlan {
  roots: WatchRoot[];
  /** Folders a glob names that are not watched: outside the folders the settings allow (`dev.within`). */
  refused: string[];
  /** Whether a changed file (absolute path) should restart the server. */
  matches(path: string): boolean;
}

/**
 * `within`: folders every watched folder must be inside, compared on real paths (a symlink in the
 * repository pointing at / is refused like / itself); undefined: anywhere.
 */
export function planWatch(globs: readonly string[], base: string, within?: readonly string[]): WatchPlan {
  const includes = globs.filter((g) => !g.startsWith('!')).map((g) => absoluteGlob(g, base));
  const excludes = globs.filter((g) => g.startsWith('!')).map((g) => absoluteGlob(g.slice(1), base));
  const planned = includes.map((glob) => {
    // picomatch.scan splits "/a/b/**/*.js" into the literal folder "/a/b" and the glob "**/*.js".
    const scan = picomatch.scan(glob);
    return scan.isGlob ? { base: scan.base || '/', pattern: scan.glob } : { base: dirnameOf(glob), pattern: glob.slice(dirnameOf(glob).length + 1) };
  });
  const allowed = (folder: string) => !within || within.some((w) => isInside(realOrSelf(folder), realOrSelf(w)));
  const roots = planned.filter((root) => allowed(root.base));
  const refused = planned.filter((root) => !allowed(root.base)).map((root) => root.base);
  const included = picomatch(includes, { dot: true });
  const excluded = excludes.length > 0 ? picomatch(excludes, { dot: true }) : () => false;
  return { roots, refused, matches: (path) => roots.some((root) => isInside(path, root.base)) && included(toSlashes(path)) && !excluded(toSlashes(path)) };
}

/** A glob made absolute against `base`, with forward slashes (what picomatch expects on every OS). */
function absoluteGlob(glob: string, base: string): string {
  const normal = glob.replace(/\\/g, '/');
  if (isAbsolute(normal) || /^[a-zA-Z]:\//.test(normal)) return normal;
  return `${toSlashes(resolve(base))}/${normal.replace(/^\.\//, '')}`;
}

function toSlashes(path: string): string {
  return path.split(sep).join('/');
}

function dirnameOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/** The changed file as the log shows it: relative to the base when inside it. */
export function displayPath(path: string, base: string): string {
  const rel = relative(base, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** The real path (symlinks followed); the path itself when it does not exist (yet). */
function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
