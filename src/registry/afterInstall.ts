// After an install that starts the server: follow it until it runs (or fails, or is held back by trust
// or consent) with a cancellable progress notification, then say what it offers (its tools and prompts)
// with the ways to use them. The wait is bounded by the server's own start time limit (its first failure
// ends it); a workspace server waits for the answer to the consent question, and Cancel ends it too.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { showError, showInfo, ownVoice } from '../common/userMessages';
import { focusViewCommand, ViewIds } from '../common/viewIds';
import type { McpSession } from '../mcp/session';
import { SessionState } from '../mcp/sessionState';
import type { SessionManager } from '../mcp/sessionManager';
import type { UserAnswers } from '../common/userAnswers';
import { l10n } from '../common/shownL10n';
import { shownArg, shownLine } from '../common/serverText';

type Outcome = { kind: 'running'; session: McpSession } | { kind: 'failed'; message: string } | { kind: 'cancelled' };

export async function followStart(sessions: SessionManager, answers: UserAnswers, name: string): Promise<void> {
  const outcome = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: ownVoice(l10n.t("starting '{0}'…", shownArg(name))), cancellable: true },
    (_progress, token) => waitForStart(sessions, name, token),
  );
  if (outcome.kind === 'cancelled') return;
  if (outcome.kind === 'failed') {
    const [output, again] = [l10n.t('Show Output'), l10n.t('Start Again')];
    const choice = await showError(l10n.t("'{0}' was installed but did not start: {1}", shownArg(name), shownArg(outcome.message)), output, again);
    if (choice === output) void vscode.commands.executeCommand(CommandIds.showOutput, name);
    if (choice === again) void vscode.commands.executeCommand(CommandIds.startServer, name);
    return;
  }
  const [tools, prompts] = await Promise.all([outcome.session.listTools().catch(() => []), outcome.session.listPrompts().catch(() => [])]);
  const toolCount = tools.length === 1 ? l10n.t('1 tool') : l10n.t('{0} tools', tools.length);
  const promptCount = prompts.length === 1 ? l10n.t('1 prompt') : l10n.t('{0} prompts', prompts.length);
  const sample = tools.length ? l10n.t(' ({0}{1})', l10n.join(tools.slice(0, 5).map((t) => shownLine(t.name)), ', '), tools.length > 5 ? l10n.t(', …') : l10n.t('')) : l10n.t('');
  const message = l10n.t("'{0}' is running with {1}{2} and {3}.", shownArg(name), toolCount, sample, promptCount);
  const [showTools, runPrompt] = [l10n.t('Show Tools'), l10n.t('Run Prompt…')];
  const actions = [...(tools.length ? [showTools] : []), ...(prompts.length ? [runPrompt] : [])];
  const question = { kind: 'registryStarted', server: name, tools: tools.map((t) => t.name), prompts: prompts.map((p) => p.name), message: ownVoice(message) };
  const choice = await answers.decide(question, () => showInfo(message, ...actions));
  if (choice === showTools) await vscode.commands.executeCommand(focusViewCommand(ViewIds.tools));
  if (choice === runPrompt) await vscode.commands.executeCommand(CommandIds.runPrompt, { server: name });
}

/**
 * Resolves when the server runs, fails, or is held back. The settings change that adds it may still be on
 * its way, and an entry written unchanged is not started by it: a server found stopped is started (as the
 * user asked), which joins a start already under way and asks for consent at most once.
 */
function waitForStart(sessions: SessionManager, name: string, token: vscode.CancellationToken): Promise<Outcome> {
  return new Promise((resolve) => {
    let current: McpSession | undefined;
    let seenStarting = false;
    let done = false;
    const check = () => {
      const entry = sessions.entries().find((e) => e.name === name);
      if (entry?.configError) return finish({ kind: 'failed', message: entry.configError });
      const session = entry?.session;
      if (!session) return;
      if (session !== current) {
        // A new session (the settings change arrived): start over with it.
        current = session;
        seenStarting = false;
        if (SessionState.isStopped(session.state) && !SessionState.isHeldBack(session.state)) void sessions.start(name, true);
      }
      const state = session.state;
      if (SessionState.isRunning(state)) return finish({ kind: 'running', session });
      if (SessionState.isStarting(state)) seenStarting = true;
      // The first failure is worth telling now; the session goes on retrying in the background.
      if (SessionState.isFailed(state)) return finish({ kind: 'failed', message: state.message });
      if (SessionState.isHeldBack(state)) return finish({ kind: 'failed', message: state.reason });
      if (SessionState.isStopped(state) && seenStarting) return finish({ kind: 'failed', message: vscode.l10n.t('it stopped') });
    };
    const listener = sessions.onDidChange(check);
    const cancel = token.onCancellationRequested(() => finish({ kind: 'cancelled' }));
    function finish(outcome: Outcome) {
      if (done) return;
      done = true;
      listener.dispose();
      cancel.dispose();
      resolve(outcome);
    }
    check();
  });
}
