// The host's side of one sandboxed start: takes the launcher's reports out of the server's stderr, writes
// each refusal to the server's output (once per target per start), remembers them for the Servers view
// (RefusalLog), and keeps the launcher's "the sandbox cannot run here" for the start's error.
import { statSync } from 'node:fs';
import type { MaskingLogger } from '../logger';
import { Emitter } from '../lifecycle';
import { takeReport } from './launcherProtocol';
import { describeRefusal, readRefusalsIn, refusalFromViolation, type SandboxRefusal } from './refusals';
import type { SandboxDefinition } from './sandboxDefinition';

/** The most refusals kept per server for the Servers view (the newest win). */
const KEPT_PER_SERVER = 50;

/** Per server name, what its sandbox refused since it last started: what "Allow … for this server" offers. */
export class RefusalLog {
  private readonly byServer = new Map<string, SandboxRefusal[]>();
  private readonly changed = new Emitter<string>();
  readonly onDidChange = this.changed.event;

  of(server: string): readonly SandboxRefusal[] {
    return this.byServer.get(server) ?? [];
  }

  add(server: string, refusal: SandboxRefusal): void {
    const list = (this.byServer.get(server) ?? []).filter((r) => r.kind !== refusal.kind || r.target !== refusal.target);
    list.push(refusal);
    this.byServer.set(server, list.slice(-KEPT_PER_SERVER));
    this.changed.fire(server);
  }

  /** A new start: what the old one was refused no longer says anything about this one. */
  clear(server: string): void {
    if (this.byServer.delete(server)) this.changed.fire(server);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

export class SandboxMonitor {
  /** The launcher could not set the sandbox up: nothing ran. */
  unavailable: { missing: string; fix: string } | undefined;
  /** The launcher refused the sandbox's settings: nothing ran. */
  invalid: string | undefined;
  private readonly seen = new Set<string>();

  constructor(
    private readonly server: string,
    private readonly nonce: string,
    private readonly sandbox: SandboxDefinition,
    private readonly logger: MaskingLogger,
    private readonly log: RefusalLog | undefined,
  ) {
    log?.clear(server);
  }

  /** One stderr line: the server's part (to be logged as its output), or undefined when it was all report. */
  take(line: string): string | undefined {
    const { serverText, report } = takeReport(this.nonce, line);
    if (report?.kind === 'refused') {
      const refusal = refusalFromViolation(report.line);
      if (refusal) this.refused(refusal);
      else this.logger.info(`Sandbox: ${report.line}`);
    } else if (report?.kind === 'unavailable') {
      this.unavailable = { missing: report.missing, fix: report.fix };
    } else if (report?.kind === 'invalid') {
      this.invalid = report.message;
    } else if (report?.kind === 'installDone') {
      this.logger.info(`Sandbox: the server has answered; ${report.domains.join(', ')} (allowed while it started, to download it) is no longer reachable.`);
    }
    for (const refusal of readRefusalsIn(serverText, this.sandbox.filesystem.denyRead, this.sandbox.filesystem.allowRead)) this.refused(refusal);
    return report && !serverText.trim() ? undefined : serverText;
  }

  private refused(refusal: SandboxRefusal): void {
    // `mkdir -p` tries every folder on the way, existing ones too: those fail for existing, not for the sandbox.
    if (refusal.syscall?.startsWith('mkdir') && isDirectory(refusal.target)) return;
    const key = `${refusal.kind} ${refusal.target}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.logger.warn(describeRefusal(refusal));
    this.log?.add(this.server, refusal);
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    // Not there, or not ours to look at: not an existing folder.
  }
  return false;
}
