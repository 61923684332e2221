// Carrying out the chosen action for a complete invocation. "Send to chat" hands the invocation to
// the @mcp participant (which gets the prompt and asks the model); "document" and "copy" get the
// prompt here, behind a cancellable progress notification.
import * as vscode from 'vscode';
import { getDisplayName } from '../mcp/displayName';
import { RESOURCE_SCHEME, resourceUriParts } from '../resources/resourceUri';
import { promptChatQuery } from '../common/chatInvocation';
import { CommandIds, VscodeCommandIds } from '../common/commandIds';
import { reportHandCall, type HandCallOutcome } from '../common/handCalls';
import { showError } from '../common/userMessages';
import type { PromptDocuments } from './promptDocuments';
import type { ChosenPrompt, PromptServices } from './promptFlow';
import { renderPromptMarkdown } from './promptMarkdown';
import { getPromptResult } from './promptRunner';
import { promptResultText } from './promptText';
import type { ResultAction } from './resultAction';
import { chatModelAvailable } from '../common/chatModels';

export async function performAction(services: PromptServices, documents: PromptDocuments, chosen: ChosenPrompt, action: ResultAction): Promise<void> {
  if (action === 'chat' && !chatModelAvailable()) {
    // The configured default says chat, but VS Code would refuse the request: show the prompt instead.
    action = 'document';
  }
  if (action === 'chat') {
    try {
      await vscode.commands.executeCommand(VscodeCommandIds.openChat, { query: promptChatQuery(chosen.server, chosen.prompt.name, chosen.args) });
    } catch (error) {
      void showError(vscode.l10n.t('could not open the chat ({0}). Try "Open as Document" instead.', (error as Error).message));
    }
    return;
  }
  const label = getDisplayName(chosen.prompt);
  const abort = new AbortController();
  const startedAt = Date.now();
  // The call history (src/workbench/history/) keeps every prompt run by hand.
  const report = (outcome: HandCallOutcome, document?: string) =>
    reportHandCall({ kind: 'prompt', server: chosen.server, name: chosen.prompt.name, arguments: chosen.args, startedAt, durationMs: Date.now() - startedAt, outcome, document });
  let result;
  try {
    result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t("Getting '{0}' from {1}…", label, chosen.server), cancellable: true },
      (_progress, token) => {
        token.onCancellationRequested(() => abort.abort());
        return getPromptResult(services, chosen, abort.signal);
      },
    );
  } catch (error) {
    // Cancelled by the user (the request was cancelled at the server too): nothing to report.
    report(abort.signal.aborted ? { cancelled: true } : { error: (error as Error).message });
    if (abort.signal.aborted) return;
    const choice = await vscode.window.showErrorMessage((error as Error).message, vscode.l10n.t('Show Output'));
    if (choice) void vscode.commands.executeCommand(CommandIds.showOutput, chosen.server);
    return;
  }
  if (action === 'document') {
    const markdown = renderPromptMarkdown({
      server: chosen.server,
      prompt: chosen.prompt,
      args: chosen.args,
      result,
      resourceHref: (uri) => vscode.Uri.from({ scheme: RESOURCE_SCHEME, ...resourceUriParts({ server: chosen.server, uri }) }).toString(),
    });
    const uri = await documents.show(markdown, chosen.server, chosen.prompt.name);
    report({ result }, String(uri));
  } else {
    report({ result });
    await vscode.env.clipboard.writeText(promptResultText(result));
    const count = result.messages.length;
    void vscode.window.showInformationMessage(
      count === 1 ? vscode.l10n.t("Copied '{0}' (1 message) to the clipboard.", label) : vscode.l10n.t("Copied '{0}' ({1} messages) to the clipboard.", label, count),
    );
  }
}
