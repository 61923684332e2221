// What the extension host and the sandbox launcher (launcher.ts, one process per sandboxed server) tell
// each other, both ways through pipes the server cannot read:
// - host → launcher: one JSON line on the launcher's stdin, before the first MCP message (the job: the
//   server's command, environment and sandbox). The launcher reads exactly that line and no byte more, so
//   the server, which inherits the same stdin, starts reading at the first MCP message. Nothing of it is
//   in a command line (where `ps` would show the environment's secrets) or in the server's environment.
// - launcher → host: report lines on stderr, which the server shares, so each report carries a random
//   nonce that only the host and the launcher know (the job gave it); the server cannot see the job (it
//   was read before it started, and the launcher's /proc is outside the server's PID namespace) and so
//   cannot forge a report. The host takes reports out before the server's stderr is logged.
import type { SandboxDefinition } from './sandboxDefinition';

export interface LauncherJob {
  v: 1;
  /** Marks the launcher's report lines (hex, 32 characters). */
  nonce: string;
  command: string;
  args: string[];
  /** The server's whole environment (the launcher's own is the extension host's). */
  env: Record<string, string>;
  cwd: string;
  sandbox: SandboxDefinition;
  /** Dev mode's debugger (`dev.debug`): its connections go through the sandbox's proxy (debugRelay.ts). */
  debug?: JobDebug;
}

export interface JobDebug {
  /** inspector: Node's `--inspect-brk`, which VS Code connects to; connect: debugpy's `--connect` to VS Code. */
  mode: 'inspector' | 'connect';
  port: number;
  /** The relay program (dist/sandboxDebugRelay.js) and the Node that runs it (the extension host's). */
  relay: string;
  node: string;
}

export type LauncherReport =
  /** A refusal the runtime saw: its violation line ("deny openat /etc/x", "deny network-outbound host:443 (…)"). */
  | { kind: 'refused'; line: string }
  /** The sandbox cannot run here: nothing was started. `missing` names the piece, `fix` what to do. */
  | { kind: 'unavailable'; missing: string; fix: string }
  /** The sandbox's settings cannot be honoured as written (a repository's write folder that leads out of it). */
  | { kind: 'invalid'; message: string }
  /** The registry allowed while the server started is no longer reachable. */
  | { kind: 'installDone'; domains: string[] };

/** Exit code of a launcher that started nothing because the sandbox cannot run. */
export const UNAVAILABLE_EXIT_CODE = 78;

/** The signal that ends the start phase: the launcher drops the install registry (INSTALL_REGISTRIES). */
export const INSTALL_DONE_SIGNAL = 'SIGUSR2';

export function encodeJob(job: LauncherJob): string {
  return `${JSON.stringify(job)}\n`;
}

export function encodeReport(nonce: string, report: LauncherReport): string {
  return `${nonce} ${JSON.stringify(report)}\n`;
}

/**
 * Splits one stderr line into what the server wrote and the launcher's report, if the line carries one.
 * A report may follow a server line that had no newline yet; both halves come back.
 */
export function takeReport(nonce: string, line: string): { serverText: string; report?: LauncherReport } {
  const at = line.indexOf(`${nonce} `);
  if (at < 0) return { serverText: line };
  const serverText = line.slice(0, at);
  try {
    const report = JSON.parse(line.slice(at + nonce.length + 1)) as LauncherReport;
    return { serverText, report };
  } catch {
    return { serverText };
  }
}
