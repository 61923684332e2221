// The sandbox launcher: one process per sandboxed server (dist/sandboxLauncher.mjs, run on the extension
// host's own Node). It reads its job (launcherProtocol.ts) from stdin, sets up @anthropic-ai/sandbox-runtime
// for this one server (its proxies, its violation monitor), runs the server inside bubblewrap (Linux) or
// Seatbelt (macOS) with the server's stdin, stdout and stderr, reports every refusal the runtime sees, and
// exits with the server. Why a process of its own and not the library inside the extension host: the
// library's SandboxManager is one per process (one configuration, one violation monitor whose lists are
// fixed when it starts), and servers have different sandboxes; it also installs process-wide signal and
// exit handlers, and its proxies die with the server they serve.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants as fsConstants, mkdirSync, readSync, realpathSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, dirname, join, sep } from 'node:path';
import { SandboxManager, type SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime';
import { encodeReport, INSTALL_DONE_SIGNAL, UNAVAILABLE_EXIT_CODE, type LauncherJob, type LauncherReport } from './launcherProtocol';
import { ownFolders } from './sandboxDefinition';
import { startDebugBridge } from './debugBridge';
import { protectedInside } from './workspaceProtection';
import { innerCommand, outerEnvironment } from './launcherEnvironment';

const MAX_JOB_BYTES = 4 * 1024 * 1024;

/** The job line, read one byte at a time so that not one byte of the server's input is taken. */
function readJob(): LauncherJob {
  const bytes: number[] = [];
  const one = Buffer.alloc(1);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, one, 0, 1, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') continue;
      throw error;
    }
    if (n === 0 || one[0] === 0x0a) break;
    bytes.push(one[0]!);
    if (bytes.length > MAX_JOB_BYTES) throw new Error('the job line is too long');
  }
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as LauncherJob;
}

/** An executable on the launcher's own PATH (the extension host's, never the server's). */
function which(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const path = join(dir, name);
    try {
      if (!statSync(path).isFile()) continue;
      accessSync(path, fsConstants.X_OK);
      return path;
    } catch {
      // not here
    }
  }
  return undefined;
}

const APT = 'sudo apt-get install bubblewrap socat ripgrep (Fedora: sudo dnf install bubblewrap socat ripgrep)';

/** What the platform lacks for a sandbox, as the report the user reads; undefined when it has everything. */
function missingPieces(): { tools?: { bwrap: string; socat: string; rg: string }; unavailable?: LauncherReport } {
  if (process.platform === 'darwin') return {};
  if (process.platform !== 'linux') {
    return {
      unavailable: {
        kind: 'unavailable',
        missing: `a sandbox on ${process.platform === 'win32' ? 'Windows' : process.platform} (this version sandboxes servers on Linux and macOS only)`,
        fix: 'run VS Code in WSL or on Linux or macOS, or, if you trust this server, turn its sandbox off in your user settings ("sandbox": { "enabled": false })',
      },
    };
  }
  const bwrap = which('bwrap');
  const socat = which('socat');
  const rg = which('rg');
  const absent = [!bwrap && 'bubblewrap (bwrap)', !socat && 'socat', !rg && 'ripgrep (rg)'].filter(Boolean) as string[];
  if (absent.length) {
    return { unavailable: { kind: 'unavailable', missing: `${absent.join(', ')} (not found on PATH)`, fix: `install ${absent.length > 1 ? 'them' : 'it'}: ${APT}` } };
  }
  // bubblewrap needs user namespaces; some kernels and distributions turn them off for unprivileged users.
  const probe = spawnSync(bwrap!, ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-user', '--unshare-pid', '--unshare-net', '--die-with-parent', '--', 'true'], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  if (probe.status !== 0) {
    const said = (probe.stderr || probe.error?.message || `exit ${probe.status}`).trim().split('\n')[0];
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
function writeFoldersOutside(job: LauncherJob): string | undefined {
  const within = job.sandbox.filesystem.writeWithin;
  if (!within) return undefined;
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return p;
    }
  };
  const folders = within.map(real);
  for (const path of job.sandbox.filesystem.allowWrite) {
    if (path === job.sandbox.ownDir || within.includes(path)) continue;
    const target = real(path);
    if (!folders.some((f) => target === f || target.startsWith(f.endsWith(sep) ? f : f + sep))) {
      return `the folder ${path} that the workspace settings let this server write (sandbox.filesystem.allowWrite) is ${target} on disk, outside the workspace folders; a repository may only open its own folders to writing`;
    }
  }
  return undefined;
}

/**
 * The runtime's seccomp helper ships beside this bundle (dist/vendor/seccomp/<arch>/apply-seccomp). An
 * extension package is a zip, and an unpacker that drops the executable bit would leave it unrunnable.
 */
function keepHelperExecutable(): void {
  const helper = join(dirname(process.argv[1] ?? ''), 'vendor', 'seccomp', process.arch === 'arm64' ? 'arm64' : 'x64', 'apply-seccomp');
  try {
    if ((statSync(helper).mode & 0o111) === 0) chmodSync(helper, 0o755);
  } catch {
    // Not there (a development build run from out/): the runtime finds its own in node_modules.
  }
}

/** The workspace folders' own files a server may never change (workspaceProtection.ts), found once at start. */
let protectedPaths: string[] = [];

function runtimeConfig(job: LauncherJob, tools: { bwrap: string; socat: string; rg: string } | undefined, withInstall: boolean, debugHosts: string[]): SandboxRuntimeConfig {
  const { filesystem, network } = job.sandbox;
  return {
    network: { allowedDomains: [...network.allowedDomains, ...(withInstall ? network.installDomains : []), ...debugHosts], deniedDomains: [] },
    filesystem: { allowWrite: filesystem.allowWrite, denyWrite: [...filesystem.denyWrite, ...protectedPaths], denyRead: filesystem.denyRead, allowRead: filesystem.allowRead },
    ...(tools ? { bwrapPath: tools.bwrap, socatPath: tools.socat, ripgrep: { command: tools.rg } } : {}),
  } as SandboxRuntimeConfig;
}

async function main(): Promise<void> {
  const job = readJob();
  const report = (r: LauncherReport) => process.stderr.write(encodeReport(job.nonce, r));
  const found = missingPieces();
  if (found.unavailable) {
    report(found.unavailable);
    process.exit(UNAVAILABLE_EXIT_CODE);
  }
  const invalid = writeFoldersOutside(job);
  if (invalid) {
    report({ kind: 'invalid', message: invalid });
    process.exit(UNAVAILABLE_EXIT_CODE);
  }
  for (const dir of ownFolders(job.sandbox)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  keepHelperExecutable();
  protectedPaths = protectedInside(job.sandbox.filesystem.protect ?? []);
  // The runtime protects its working directory's dangerous files with placeholders it creates there: give
  // it the server's own folder (the server itself still runs in its own cwd; see workspaceProtection.ts).
  process.chdir(job.sandbox.ownDir);
  // Dev mode's debugger: its connections go through the proxy, to this one port outside (debugBridge.ts).
  const bridge = job.debug?.mode === 'inspector' ? await startDebugBridge(job.debug.port) : undefined;
  const debugHosts = job.debug ? [`127.0.0.1:${bridge?.bridgePort ?? job.debug.port}`] : [];
  try {
    await SandboxManager.initialize(runtimeConfig(job, found.tools, true, debugHosts), undefined, true);
  } catch (error) {
    report({ kind: 'unavailable', missing: `the sandbox runtime (${(error as Error).message})`, fix: `check that bubblewrap, socat and ripgrep work: ${APT}` });
    process.exit(UNAVAILABLE_EXIT_CODE);
  }

  // Every refusal the runtime sees (the seccomp observer's writes, the proxy's connections; on macOS the
  // Seatbelt log), once each, as it happens.
  const store = SandboxManager.getSandboxViolationStore();
  let told = 0;
  const tell = () => {
    const total = store.getTotalCount();
    const fresh = Math.min(total - told, 100);
    if (fresh > 0) for (const v of store.getViolations(fresh)) report({ kind: 'refused', line: v.line });
    told = total;
  };
  store.subscribe(tell);

  process.on(INSTALL_DONE_SIGNAL, () => {
    if (job.sandbox.network.installDomains.length === 0) return;
    SandboxManager.updateConfig(runtimeConfig(job, found.tools, false, debugHosts));
    report({ kind: 'installDone', domains: job.sandbox.network.installDomains });
  });

  const relay = job.debug ? [job.debug.node, job.debug.relay, job.debug.mode, String(job.debug.port), String(bridge?.bridgePort ?? 0), '--'] : [];
  const relayEnv: Record<string, string> = job.debug && !job.env.ELECTRON_RUN_AS_NODE ? { ELECTRON_RUN_AS_NODE: '1', MCP_CLIENT_RELAY_UNSET_ELECTRON: '1' } : {};
  const wrapped = await SandboxManager.wrapWithSandbox(innerCommand(job, relay, relayEnv), undefined, undefined, undefined, { commandId: job.nonce, commandText: job.command });
  // `exec`: bubblewrap is this process's own child, so its --die-with-parent ends the sandbox even when this
  // launcher is killed outright (SIGKILL); the reaper (processReaper.ts) ends this launcher's process group.
  const child = spawn(`exec ${wrapped}`, { shell: true, stdio: 'inherit', env: outerEnvironment(job.env), cwd: job.cwd });
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(sig, () => child.kill(sig));
  child.on('error', (error) => {
    process.stderr.write(`MCP Client sandbox: could not start the sandbox (${error.message})\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    // The monitor's last events may still be on their way from the sandbox.
    setTimeout(() => {
      tell();
      bridge?.close();
      SandboxManager.cleanupAfterCommand();
      void SandboxManager.reset().finally(() => process.exit(signal ? 128 + (constants.signals[signal] ?? 15) : (code ?? 0)));
    }, 100).unref();
  });
}

main().catch((error) => {
  process.stderr.write(`MCP Client sandbox launcher: ${(error as Error).message}\n`);
  process.exit(1);
});
