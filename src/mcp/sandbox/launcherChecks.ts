// What the sandbox launcher (launcher.ts) checks before it starts anything: that this machine can run a
// sandbox (the platform, bubblewrap, socat and ripgrep on its PATH, user namespaces), that a repository's
// write folders do not lead out of the workspace, and that the runtime's seccomp helper can run. Each
// answer is the report the user reads. Apart from the launcher's process (its PATH, platform, argv), which
// come in as parameters defaulting to it, they are plain functions that a unit test calls directly.
import { spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants as fsConstants, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, join, sep } from 'node:path';
import type { LauncherReport } from './launcherProtocol';
import type { SandboxDefinition } from './sandboxDefinition';

/** An executable on the launcher's own PATH (the extension host's, never the server's). */
export function which(name: string, path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, name);
    try {
      if (!statSync(file).isFile()) continue;
      accessSync(file, fsConstants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** How to install what a Linux sandbox needs, in the report's `fix`. */
export const APT = 'sudo apt-get install bubblewrap socat ripgrep (Fedora: sudo dnf install bubblewrap socat ripgrep)';

export interface SandboxTools {
  bwrap: string;
  socat: string;
  rg: string;
}

/** How a probe sandbox ended: spawnSync's answer, as much of it as the report needs. */
export interface ProbeResult {
  status: number | null;
  stderr?: string;
  error?: Error;
}

/** Starts the smallest sandbox bubblewrap can make with every namespace the runtime asks for. */
export function probeUserNamespaces(bwrap: string): ProbeResult {
  return spawnSync(bwrap, ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-user', '--unshare-pid', '--unshare-net', '--die-with-parent', '--', 'true'], {
    encoding: 'utf8',
    timeout: 10_000,
  });
}

/** What the platform lacks for a sandbox, as the report the user reads; the tools' paths when it has everything. */
export function missingPieces(
  platform: NodeJS.Platform = process.platform,
  path = process.env.PATH ?? '',
  probe: (bwrap: string) => ProbeResult = probeUserNamespaces,
): { tools?: SandboxTools; unavailable?: LauncherReport } {
  if (platform === 'darwin') return {};
  if (platform !== 'linux') {
    return {
      unavailable: {
        kind: 'unavailable',
        missing: `a sandbox on ${platform === 'win32' ? 'Windows' : platform} (this version sandboxes servers on Linux and macOS only)`,
        fix: 'run VS Code in WSL or on Linux or macOS, or, if you trust this server, turn its sandbox off in your user settings ("sandbox": { "enabled": false })',
      },
    };
  }
  const bwrap = which('bwrap', path);
  const socat = which('socat', path);
  const rg = which('rg', path);
  const absent = [!bwrap && 'bubblewrap (bwrap)', !socat && 'socat', !rg && 'ripgrep (rg)'].filter(Boolean) as string[];
  if (absent.length) {
    return { unavailable: { kind: 'unavailable', missing: `${absent.join(', ')} (not found on PATH)`, fix: `install ${absent.length > 1 ? 'them' : 'it'}: ${APT}` } };
  }
  // bubblewrap needs user namespaces; some kernels and distributions turn them off for unprivileged users.
  const result = probe(bwrap!);
  if (result.status !== 0) {
    const said = (result.stderr || result.error?.message || `exit ${result.status}`).trim().split('\n')[0];
    return {
      unavailable: {
        kind: 'unavailable',
        missing: `user namespaces (bubblewrap could not create its sandbox: ${said})`,
        fix:
          'allow unprivileged user namespaces: sudo sysctl -w kernel.unprivileged_userns_clone=1 (Debian), or on Ubuntu 24.04 and later sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0; in a container, run it with --security-opt seccomp=unconfined or as privileged',
      },
    };
  }
  return { tools: { bwrap: bwrap!, socat: socat!, rg: rg! } };
}

/** A repository's write folder whose real path leads out of the workspace folders (a symlink out), if any. */
export function writeFoldersOutside(sandbox: Pick<SandboxDefinition, 'filesystem' | 'ownDir'>): string | undefined {
  const within = sandbox.filesystem.writeWithin;
  if (!within) return undefined;
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return p;
    }
  };
  const folders = within.map(real);
  for (const path of sandbox.filesystem.allowWrite) {
    if (path === sandbox.ownDir || within.includes(path)) continue;
    const target = real(path);
    if (!folders.some((f) => target === f || target.startsWith(f.endsWith(sep) ? f : f + sep))) {
      return `the folder ${path} that the workspace settings let this server write (sandbox.filesystem.allowWrite) is ${target} on disk, outside the workspace folders; a repository may only open its own folders to writing`;
    }
  }
  return undefined;
}

/**
 * The runtime's seccomp helper ships beside the launcher's bundle (dist/vendor/seccomp/<arch>/apply-seccomp).
 * An extension package is a zip, and an unpacker that drops the executable bit would leave it unrunnable.
 */
export function keepHelperExecutable(bundle = process.argv[1] ?? '', arch: string = process.arch): void {
  const helper = join(dirname(bundle), 'vendor', 'seccomp', arch === 'arm64' ? 'arm64' : 'x64', 'apply-seccomp');
  try {
    if ((statSync(helper).mode & 0o111) === 0) chmodSync(helper, 0o755);
  } catch {
    // Not there (a development build run from out/): the runtime finds its own in node_modules.
  }
}
