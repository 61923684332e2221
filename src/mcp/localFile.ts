// The one way a setting makes this extension read a local file (an env file, a workload identity token,
// an mcp.json): a regular file only, never a FIFO, a device or a pseudo-file of /proc or /sys (opened
// without blocking, checked on the open descriptor, so a swapped path cannot slip through), at most
// `maxBytes`, and, when `within` is given, only where its real path (symlinks followed) is inside one of
// those folders. Errors say what was refused and why, in words for the person who wrote the setting.
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';

export interface LocalFileRules {
  /** The most bytes read; a larger file is refused. */
  maxBytes: number;
  /** Folders the file's real path must be inside (workspace folders for a workspace setting). */
  within?: readonly string[];
}

/** A file a setting names that was refused or could not be read; `reason` is one short clause. */
export class LocalFileError extends Error {
  readonly code = 'MCP_LOCAL_FILE';
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`cannot read ${path} (${reason})`);
    this.name = 'LocalFileError';
  }
}

/** Pseudo file systems whose "files" are endless, blocking or the process's own secrets. */
const PSEUDO_ROOTS = ['/proc', '/sys', '/dev'];
// O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, holding a thread forever.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

export async function readLocalFile(path: string, rules: LocalFileRules): Promise<Buffer> {
  const real = await realpath(path).catch((error: NodeJS.ErrnoException) => {
    throw new LocalFileError(path, describeErrno(error));
  });
  checkPlace(path, real, rules);
  const handle = await open(real, OPEN_FLAGS).catch((error: NodeJS.ErrnoException) => {
    throw new LocalFileError(path, describeErrno(error));
  });
  try {
    const stat = await handle.stat();
    checkKind(path, stat, rules.maxBytes);
    // One byte more than allowed: a file that grows while read is refused rather than cut.
    const buffer = Buffer.alloc(Math.min(stat.size, rules.maxBytes) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) break;
    }
    if (length > rules.maxBytes || length > stat.size) throw new LocalFileError(path, `larger than ${formatBytes(rules.maxBytes)}`);
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

/** The same rules, synchronously: for files read while the settings are read (mcp.json), which must stay cheap. */
export function readLocalFileSync(path: string, rules: LocalFileRules): Buffer {
  let real: string;
  try {
    real = realpathSync(path);
  } catch (error) {
    throw new LocalFileError(path, describeErrno(error as NodeJS.ErrnoException));
  }
  checkPlace(path, real, rules);
  let fd: number;
  try {
    fd = openSync(real, OPEN_FLAGS);
  } catch (error) {
    throw new LocalFileError(path, describeErrno(error as NodeJS.ErrnoException));
  }
  try {
    const stat = fstatSync(fd);
    checkKind(path, stat, rules.maxBytes);
    const buffer = Buffer.alloc(Math.min(stat.size, rules.maxBytes) + 1);
    let length = 0;
    for (;;) {
      const bytesRead = readSync(fd, buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) break;
    }
    if (length > rules.maxBytes || length > stat.size) throw new LocalFileError(path, `larger than ${formatBytes(rules.maxBytes)}`);
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

/** True when `path` is `folder` or inside it (both absolute, compared as written). */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

function checkPlace(path: string, real: string, rules: LocalFileRules): void {
  if (process.platform !== 'win32' && PSEUDO_ROOTS.some((root) => isInside(real, root))) {
    throw new LocalFileError(path, `${real} is not a regular file`);
  }
  if (rules.within && !rules.within.some((folder) => isInside(real, realFolder(folder)))) {
    const shown = real === path ? '' : ` (it leads to ${real})`;
    throw new LocalFileError(path, `outside the workspace folders${shown}; a workspace setting may only name a file inside them`);
  }
}

function checkKind(path: string, stat: { isFile(): boolean; isDirectory(): boolean; size: number }, maxBytes: number): void {
  if (stat.isDirectory()) throw new LocalFileError(path, 'is a folder');
  if (!stat.isFile()) throw new LocalFileError(path, 'not a regular file');
  if (stat.size > maxBytes) throw new LocalFileError(path, `larger than ${formatBytes(maxBytes)}`);
}

/** A workspace folder as the file system names it (a folder opened through a symlink). */
function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

function describeErrno(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOENT':
      return 'file not found';
    case 'EISDIR':
      return 'is a folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ELOOP':
      return 'too many symbolic links';
    default:
      return error.message;
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}
