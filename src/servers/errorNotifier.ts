// User-facing errors: one line with "Show Output", once per problem. A crash loop notifies on its
// first failure and when it gives up, not on every retry; a configuration error once per message.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { showError } from '../common/userMessages';
import { Disposable } from '../mcp/lifecycle';
import type { SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import type { ServerLogs } from './serverLogs';

const STABLE_MS = 60_000;

export class ErrorNotifier extends Disposable {
  private readonly shownConfigErrors = new Set<string>();
  /** Servers whose current failure episode was already reported. */
  private readonly reported = new Set<string>();
  private readonly reportedGiveUp = new Set<string>();
  private readonly runningSince = new Map<string, number>();

  constructor(
    private readonly manager: SessionManager,
    private readonly logs: ServerLogs,
  ) {
    super();
    this._register(manager.onDidChange(() => this.check()));
  }

  /** A user start or restart begins a new episode: its failure is worth telling again. */
  resetServer(name: string): void {
    this.reported.delete(name);
    this.reportedGiveUp.delete(name);
  }

  private check(): void {
    for (const entry of this.manager.entries()) {
      if (entry.configError && !this.shownConfigErrors.has(entry.configError)) {
        this.shownConfigErrors.add(entry.configError);
        const openSettings = vscode.l10n.t('Open Settings');
        void showError(entry.configError, openSettings).then((choice) => {
          if (choice) void vscode.commands.executeCommand(CommandIds.openSettings);
        });
      }
      const state = entry.session?.state;
      if (!state) continue;
      if (SessionState.isRunning(state)) {
        if (!this.runningSince.has(entry.name)) this.runningSince.set(entry.name, Date.now());
      } else if (SessionState.isFailed(state) && !SessionState.needsAuth(state)) {
        // A server waiting for sign-in is offered "Sign in" by the AuthManager instead (src/auth).
        // A server that ran fine for a while before failing starts a new episode.
        const since = this.runningSince.get(entry.name);
        this.runningSince.delete(entry.name);
        if (since !== undefined && Date.now() - since > STABLE_MS) this.resetServer(entry.name);
        const giveUp = SessionState.hasGivenUp(state);
        if (giveUp ? this.reportedGiveUp.has(entry.name) : this.reported.has(entry.name)) continue;
        this.reported.add(entry.name);
        if (giveUp) this.reportedGiveUp.add(entry.name);
        this.notify(entry.name, state.message);
      }
    }
  }

  private notify(name: string, message: string): void {
    const oneLine = message.split('\n')[0]!.slice(0, 300);
    const showOutput = vscode.l10n.t('Show Output');
    // The connection doctor (src/workbench/doctor/) runs the start's checks one by one and says what to do.
    const diagnose = vscode.l10n.t('Diagnose…');
    void vscode.window.showErrorMessage(vscode.l10n.t("MCP server '{0}': {1}", name, oneLine), showOutput, diagnose).then((choice) => {
      if (choice === showOutput) this.logs.show(name);
      else if (choice === diagnose) void vscode.commands.executeCommand(CommandIds.diagnoseServer, name);
    });
  }
}
