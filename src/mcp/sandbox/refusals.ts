// What a sandbox refused, read from the two places that know: the runtime's violation lines (writes seen by
// its seccomp observer on Linux or the Seatbelt log on macOS, connections refused by its proxy), and, for
// reads, the server's own error output. On Linux a read-denied folder is an empty one inside the sandbox,
// so no syscall fails with "denied" and no observer sees it; what the server says when the file is missing
// ("ENOENT … '/home/me/.ssh/id_rsa'") names the path, and a path inside a denied folder is a refusal.
import { homedir } from 'node:os';
import { isAbsolute, relative, sep } from 'node:path';

export interface SandboxRefusal {
  kind: 'write' | 'read' | 'connect';
  /** The path, or host:port. */
  target: string;
  /** The system call the runtime saw (Linux writes), when it says. */
  syscall?: string;
}

/** A refusal from one of the runtime's violation lines; undefined for a line of another kind. */
export function refusalFromViolation(line: string): SandboxRefusal | undefined {
  // The proxy: "deny network-outbound evil.test:443 (…)"; the same words on macOS's log.
  const network = /deny(?:\(\d+\))?\s+network-outbound\s+(\S+?)(?:\s|$)/.exec(line);
  if (network) return { kind: 'connect', target: network[1]! };
  // macOS Seatbelt: "node(123) deny(1) file-write-create /Users/me/x", "deny(1) file-read-data /Users/me/.ssh/id".
  const seatbelt = /deny\(\d+\)\s+file-(read|write)[\w-]*\s+(\/.*)$/.exec(line);
  if (seatbelt) return { kind: seatbelt[1] === 'read' ? 'read' : 'write', target: seatbelt[2]!.trim() };
  // Linux seccomp observer, write-intent syscalls only: "deny openat /etc/x", "deny unlinkat /usr/y".
  const linux = /^deny\s+(open\w*|unlink\w*|mkdir\w*|rename\w*|creat|truncate|link\w*|symlink\w*|chmod\w*|chown\w*|syscall)\s+(\/.*)$/.exec(line);
  if (linux) return { kind: 'write', target: linux[2]!, syscall: linux[1]! };
  return undefined;
}

/** Absolute paths (or ~ paths) a line of server output names, quoted or not. */
function pathsIn(line: string): string[] {
  const found = new Set<string>();
  for (const m of line.matchAll(/['"`]((?:~|\/)[^'"`]*)['"`]|(?:^|[\s(=:,])((?:~\/|\/)[^\s'"`),;]+)/g)) {
    const path = (m[1] ?? m[2])!.replace(/[.:]+$/, '');
    found.add(path.startsWith('~') ? homedir() + path.slice(1) : path);
  }
  return [...found];
}

/** Whether `path` is `folder` or inside it. */
export function within(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!!rel && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** Reads of denied paths that one line of the server's output speaks of. */
export function readRefusalsIn(line: string, denyRead: readonly string[], allowRead: readonly string[]): SandboxRefusal[] {
  if (!line.includes('/')) return [];
  return pathsIn(line)
    .filter((path) => denyRead.some((folder) => within(path, folder)) && !allowRead.some((folder) => within(path, folder)))
    .map((path) => ({ kind: 'read' as const, target: path }));
}

/** One line for the server's output: what was refused, and which setting would allow it. */
export function describeRefusal(r: SandboxRefusal): string {
  switch (r.kind) {
    case 'write':
      return `Sandbox refused a write to ${r.target}: it is outside the folders this server may write (sandbox.filesystem.allowWrite), or protected.`;
    case 'read':
      return `Sandbox refused a read of ${r.target}: this server may not read there (sandbox.filesystem.denyRead).`;
    case 'connect':
      return `Sandbox refused a connection to ${r.target}: the host is not in sandbox.network.allowedDomains.`;
  }
}
