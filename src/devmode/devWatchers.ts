// `dev.watch`: one set of file watchers per server that has it, kept in step with the configuration
// (a new or changed definition gets new watchers, a removed one loses them). A matching change restarts
// the server (through the session manager, so trust and consent still apply), says so in the server's
// log, and counts the restart for the Servers view. Nothing is watched before the server has been allowed
// to start (its first start got past trust and consent) nor while the workspace is untrusted, and only
// folders inside those its settings allow (`dev.within`: the workspace folders; config/settingScopes.ts),
// checked on their real paths, so a symlink in the repository cannot point a watcher elsewhere.
import { watch } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Logger } from '../mcp/logger';
import type { McpSession } from '../mcp/session';
import type { SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import { RestartScheduler } from './restartScheduler';
import { displayPath, planWatch } from './watchPatterns';

interface Watched {
  session: McpSession;
  scheduler: RestartScheduler;
  disposables: vscode.Disposable[];
}

/** What the Servers view shows about a dev-mode server. */
export interface DevRestarts {
  count: number;
  lastFile?: string;
}

export class DevWatchers implements vscode.Disposable {
  private readonly watched = new Map<string, Watched>();
  private readonly restarts = new Map<string, DevRestarts>();
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  /** A dev-mode server restarted (or started or stopped being watched). */
  readonly onDidChange = this.changeEmitter.event;
  private readonly restartedEmitter = new vscode.EventEmitter<string>();
  /** A file change restarted this server, and the restart is done (it runs, or failed to start). */
  readonly onDidRestart = this.restartedEmitter.event;
  private readonly listeners: vscode.Disposable[];
  /** Sessions that have started once (so were allowed to): only these are watched. */
  private readonly started = new WeakSet<McpSession>();

  constructor(
    private readonly sessions: SessionManager,
    private readonly logger: (name: string) => Logger,
    private readonly isTrusted: () => boolean = () => vscode.workspace.isTrusted,
  ) {
    this.listeners = [sessions.onDidChange(() => this.sync()), vscode.workspace.onDidGrantWorkspaceTrust(() => this.sync())];
    this.sync();
  }

  /** Restarts so far, for a server in dev mode with watch globs; undefined otherwise. */
  restartsOf(name: string): DevRestarts | undefined {
    return this.watched.has(name) ? (this.restarts.get(name) ?? { count: 0 }) : undefined;
  }

  /** Whether a server's `dev.watch` is being watched, and if not, why not (for the Servers view). */
  watchStateOf(name: string): 'watching' | 'restricted' | 'notStarted' | undefined {
    const session = this.sessions.get(name);
    if (!session?.definition.dev?.watch.length) return undefined;
    if (this.watched.has(name)) return 'watching';
    return this.isTrusted() ? 'notStarted' : 'restricted';
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
    for (const name of [...this.watched.keys()]) this.unwatch(name);
    this.changeEmitter.dispose();
    this.restartedEmitter.dispose();
  }

  private sync(): void {
    const trusted = this.isTrusted();
    // A session that is starting, running or failed got past trust and consent; a stopped one may not have.
    for (const { session } of this.sessions.entries()) if (session && !SessionState.isStopped(session.state)) this.started.add(session);
    const wanted = new Map(
      this.sessions.entries().flatMap((e) => (trusted && e.session?.definition.dev?.watch.length && this.started.has(e.session) ? [[e.name, e.session] as const] : [])),
    );
    let changed = false;
    for (const [name, w] of this.watched) {
      if (wanted.get(name) === w.session) continue;
      this.unwatch(name);
      changed = true;
    }
    for (const [name, session] of wanted) {
      if (this.watched.has(name)) continue;
      this.watch(name, session);
      changed = true;
    }
    if (changed) this.changeEmitter.fire();
  }

  private watch(name: string, session: McpSession): void {
    const dev = session.definition.dev!;
    const plan = planWatch(dev.watch, dev.base, dev.within);
    const log = this.logger(name);
    let lastFile: string | undefined;
    const scheduler = new RestartScheduler(() => this.restart(name, session, lastFile));
    const disposables: vscode.Disposable[] = [];
    const onChange = (path: string) => {
      if (!plan.matches(path)) return;
      lastFile = displayPath(path, dev.base);
      log.debug(vscode.l10n.t('Dev mode: {0} changed.', lastFile));
      scheduler.changed();
    };
    // Node's own recursive watcher on the folder, not VS Code's: the server's files are on the extension
    // host's disk, and fs.watch is live when it returns, while a VS Code watcher is set up asynchronously
    // (with no ready event) and missed first changes in code-server.
    for (const folder of plan.refused) {
      log.warn(vscode.l10n.t('Dev mode: not watching {0}: it is outside {1} (dev.watch may only watch inside the workspace folders).', folder, (dev.within ?? []).join(', ')));
    }
    for (const root of plan.roots) {
      try {
        const watcher = watch(root.base, { recursive: true }, (_event, file) => {
          if (file) onChange(join(root.base, file.toString()));
        });
        watcher.on('error', (error) => log.warn(vscode.l10n.t('Dev mode: watching {0} failed: {1}', root.base, error.message)));
        disposables.push({ dispose: () => watcher.close() });
      } catch (error) {
        log.warn(vscode.l10n.t('Dev mode: watching {0} failed: {1}', root.base, (error as Error).message));
      }
    }
    log.info(vscode.l10n.t('Dev mode: watching {0} (in {1}).', dev.watch.join(', '), dev.base));
    this.watched.set(name, { session, scheduler, disposables });
  }

  private async restart(name: string, session: McpSession, file: string | undefined): Promise<void> {
    // A server the user stopped stays stopped; a running, starting or failed one restarts (a fix may be the change).
    if (this.sessions.get(name) !== session || SessionState.isStopped(session.state)) return;
    const previous = this.restarts.get(name)?.count ?? 0;
    this.restarts.set(name, { count: previous + 1, lastFile: file });
    this.logger(name).info(vscode.l10n.t('Dev mode: {0} changed; restarting the server (restart {1}).', file ?? '?', previous + 1));
    this.changeEmitter.fire();
    await this.sessions.restart(name);
    this.restartedEmitter.fire(name);
  }

  private unwatch(name: string): void {
    const w = this.watched.get(name);
    if (!w) return;
    w.scheduler.dispose();
    for (const d of w.disposables) d.dispose();
    this.watched.delete(name);
  }
}

