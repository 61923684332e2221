// Carrying out the chosen action for a complete invocation. "Send to chat" hands the invocation to
// the @mcp participant (which gets the prompt and asks the model); "document" and "copy" get the
// prompt here, behind a cancellable progress notification.
import * as vscode from 'vscode';
import { getDisplayName } from '../mcp/displayName';
import { RESOURCE_SCHEME, resourcePath } from '../resources/resourceUri';
import { promptChatQuery } from '../common/chatInvocation';
import type { PromptDocuments } from './promptDocuments';
import type { ChosenPrompt, PromptServices } from './promptFlow';
import { renderPromptMarkdown } from './promptMarkdown';
import { getPromptResult } from './promptRunner';
import { promptResultText } from './promptText';
import type { ResultAction } from './resultAction';

export async function performAction(services: PromptServices, documents: PromptDocuments, chosen: ChosenPrompt, action: ResultAction): Promise<void> {
  if (action === 'chat') {
    try {
      await vscode.commands.executeCommand('workbench.action.chat.open', { query: promptChatQuery(chosen.server, chosen.prompt.name, chosen.args) });
    } catch (error) {
      void vscode.window.showErrorMessage(`MCP Client: could not open the chat (${(error as Error).message}). Try "Open as Document" instead.`);
    }
    return;
  }
  const label = getDisplayName(chosen.prompt);
  const abort = new AbortController();
  let result;
  try {
    result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Getting '${label}' from ${chosen.server}…`, cancellable: true },
      (_progress, token) => {
        token.onCancellationRequested(() => abort.abort());
        return getPromptResult(services, chosen, abort.signal);
      },
    );
  } catch (error) {
    // Cancelled by the user (the request was cancelled at the server too): nothing to report.
    if (abort.signal.aborted) return;
    const choice = await vscode.window.showErrorMessage((error as Error).message, 'Show Output');
    if (choice) void vscode.commands.executeCommand('mcpClient.showOutput', chosen.server);
    return;
  }
  if (action === 'document') {
    const markdown = renderPromptMarkdown({
      server: chosen.server,
      prompt: chosen.prompt,
      args: chosen.args,
      result,
      resourceHref: (uri) => vscode.Uri.from({ scheme: RESOURCE_SCHEME, path: resourcePath({ server: chosen.server, uri }) }).toString(),
    });
    await documents.show(markdown, chosen.server, chosen.prompt.name);
  } else {
    await vscode.env.clipboard.writeText(promptResultText(result));
    const count = result.messages.length;
    void vscode.window.showInformationMessage(`Copied '${label}' (${count} message${count === 1 ? '' : 's'}) to the clipboard.`);
  }
}
