// How the sandbox launcher (launcher.ts) drives @anthropic-ai/sandbox-runtime for its one server: the
// configuration the runtime enforces, the refusals it passes on to the extension host, and the exit code
// it ends with. Plain functions, so that a unit test checks what the sandbox gets and what the user reads.
import { constants } from 'node:os';
import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime';
import type { LauncherJob, LauncherReport } from './launcherProtocol';
import type { SandboxTools } from './launcherChecks';

/** What besides the job's sandbox the runtime's configuration holds. */
export interface RuntimeExtras {
  /** The Linux tools' paths (launcherChecks.ts); none on macOS. */
  tools?: SandboxTools;
  /** Whether the install registry is still allowed (until the server has started: INSTALL_DONE_SIGNAL). */
  withInstall: boolean;
  /** Dev mode's debugger: the one local port its connections go to (debugBridge.ts). */
  debugHosts: readonly string[];
  /** The workspace folders' own files a server may never change (workspaceProtection.ts). */
  protectedPaths: readonly string[];
}

/** The runtime's configuration for this server's sandbox. */
export function runtimeConfig(sandbox: LauncherJob['sandbox'], extras: RuntimeExtras): SandboxRuntimeConfig {
  const { filesystem, network } = sandbox;
  const { tools } = extras;
  return {
    network: { allowedDomains: [...network.allowedDomains, ...(extras.withInstall ? network.installDomains : []), ...extras.debugHosts], deniedDomains: [] },
    filesystem: { allowWrite: filesystem.allowWrite, denyWrite: [...filesystem.denyWrite, ...extras.protectedPaths], denyRead: filesystem.denyRead, allowRead: filesystem.allowRead },
    ...(tools ? { bwrapPath: tools.bwrap, socatPath: tools.socat, ripgrep: { command: tools.rg } } : {}),
  } as SandboxRuntimeConfig;
}

/** The part of the runtime's violation store the launcher reads (SandboxManager.getSandboxViolationStore()). */
export interface ViolationSource {
  getTotalCount(): number;
  getViolations(limit?: number): { line: string }[];
}

/** The most refusals told at a time: the store keeps only its last 100, the ones before are gone. */
const MAX_TOLD = 100;

/**
 * A listener for the violation store that reports each refusal once, as it comes: the store calls its
 * listeners with its whole tail every time, so the launcher counts what it has told already.
 */
export function violationTeller(store: ViolationSource, report: (r: LauncherReport) => void): () => void {
  let told = 0;
  return () => {
    const total = store.getTotalCount();
    const fresh = Math.min(total - told, MAX_TOLD);
    if (fresh > 0) for (const v of store.getViolations(fresh)) report({ kind: 'refused', line: v.line });
    told = total;
  };
}

/** The launcher's exit code for how its sandbox ended: the server's own, or 128 + the signal's number as a shell says it. */
export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  return signal ? 128 + (constants.signals[signal] ?? 15) : (code ?? 0);
}
