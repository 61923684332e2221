// User-facing errors: one notification per problem, with "Show Output" (and "Open Settings" where the
// fix is in the settings). Issue 25:
//   - a crash loop is one episode and one notification, when it is decided (the server gave up, or failed
//     in a way that is not retried), not one at the first failure and one more at the give-up;
//   - an episode told in one window is not told again in the next (remembered in workspaceState until the
//     server runs a while, its definition changes, or the user starts it again);
//   - a workspace server whose command does not exist (not started, not asked about) is an error like the
//     same entry in user settings: told, written to its output channel, and shown in the view (serverPresentation).
// A configuration error is told once per message, with "Open Settings" at the entry (settingsLocation.ts).
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { showError } from '../common/userMessages';
import { WORKSPACE_MCP_JSON } from '../common/settingKeys';
import { Disposable } from '../mcp/lifecycle';
import { definitionKey } from '../mcp/serverDefinition';
import type { ServerEntry, SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import { startProblem } from './serverPresentation';
import type { ServerLogs } from './serverLogs';
import type { EntryPlace } from './settingsLocation';

const STABLE_MS = 60_000;

/** Open Settings at the entry (serverCommands.ts; the contributions bundle holds the JSON reading it needs). */
const openEntry = (place: EntryPlace) => void vscode.commands.executeCommand(CommandIds.openSettings, place);
const TOLD_KEY = 'mcpClient.toldFailures';

export class ErrorNotifier extends Disposable {
  private readonly shownConfigErrors = new Set<string>();
  private readonly runningSince = new Map<string, number>();

  constructor(
    private readonly manager: SessionManager,
    private readonly logs: ServerLogs,
    /** This workspace's memory of the failures already told (across windows). */
    private readonly state: vscode.Memento,
  ) {
    super();
    this._register(manager.onDidChange(() => this.check()));
  }

  /** A user start or restart begins a new episode: its failure is worth telling again. */
  resetServer(name: string): void {
    void this.forget(name);
  }

  private check(): void {
    for (const entry of this.manager.entries()) {
      if (entry.configError && !this.shownConfigErrors.has(entry.configError)) {
        this.shownConfigErrors.add(entry.configError);
        const openSettings = vscode.l10n.t('Open Settings');
        void showError(entry.configError, openSettings).then((choice) => {
          // An entry of .vscode/mcp.json says so first ("<folder>/.vscode/mcp.json servers…", config/resolveServers.ts).
          if (choice) openEntry({ name: entry.name, scope: entry.scope, mcpJson: entry.configError!.split(' ')[0]!.endsWith(WORKSPACE_MCP_JSON) });
        });
      }
      const state = entry.session?.state;
      if (!state) continue;
      if (SessionState.isRunning(state)) {
        if (!this.runningSince.has(entry.name)) this.runningSince.set(entry.name, Date.now());
        continue;
      }
      // A server that ran fine for a while before failing starts a new episode.
      const since = this.runningSince.get(entry.name);
      this.runningSince.delete(entry.name);
      if (since !== undefined && Date.now() - since > STABLE_MS) void this.forget(entry.name);
      const problem = startProblem(entry);
      if (problem) {
        this.tellOnce(entry, problem, true);
      } else if (SessionState.isFailed(state) && !SessionState.needsAuth(state) && !state.retryInMs) {
        // Decided: gave up, or not retried. (A server waiting for sign-in is offered "Sign in" by src/auth.)
        this.tellOnce(entry, state.message, false);
      }
    }
  }

  private tellOnce(entry: ServerEntry, message: string, inSettings: boolean): void {
    const key = this.episodeKey(entry, message);
    const told = this.state.get<Record<string, string>>(TOLD_KEY) ?? {};
    if (told[entry.name] === key) return;
    void this.state.update(TOLD_KEY, { ...told, [entry.name]: key });
    const log = this.logs.logger(entry.name);
    if (inSettings) log.error(message);
    const oneLine = message.split('\n')[0]!.slice(0, 300);
    const showOutput = vscode.l10n.t('Show Output');
    const openSettings = vscode.l10n.t('Open Settings');
    // The connection doctor (src/workbench/doctor/) runs the start's checks one by one and says what to do.
    const diagnose = vscode.l10n.t('Diagnose…');
    const actions = inSettings ? [openSettings, showOutput, diagnose] : [showOutput, diagnose];
    void showError(vscode.l10n.t("server '{0}' failed: {1}", entry.name, oneLine), ...actions).then((choice) => {
      if (choice === showOutput) this.logs.show(entry.name);
      else if (choice === diagnose) void vscode.commands.executeCommand(CommandIds.diagnoseServer, entry.name);
      else if (choice === openSettings) openEntry({ name: entry.name, scope: entry.scope, mcpJson: !!entry.session?.definition.definedIn?.endsWith(WORKSPACE_MCP_JSON) });
    });
  }

  /** The same server, defined the same way, failing the same way: the same episode. */
  private episodeKey(entry: ServerEntry, message: string): string {
    const definition = entry.session ? definitionKey(entry.session.definition) : '';
    return createHash('sha256').update(JSON.stringify([definition, message.split('\n')[0]])).digest('hex').slice(0, 16);
  }

  private async forget(name: string): Promise<void> {
    const told = this.state.get<Record<string, string>>(TOLD_KEY) ?? {};
    if (!(name in told)) return;
    const { [name]: _gone, ...rest } = told;
    await this.state.update(TOLD_KEY, rest);
  }
}
