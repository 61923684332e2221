// Whether a language model is installed. Without one, VS Code refuses every chat request before a
// participant runs (even `@mcp /help`), so the chat actions ("Send to Chat", "Ask about This Resource")
// are offered only while a model exists: the context key `mcpClient.chatModelAvailable` hides the menu
// entries, `chatModelAvailable()` the quick-pick ones, and the user is told once, plainly, why.
import * as vscode from 'vscode';
import { showInfo } from './userMessages';
import { l10n } from './shownL10n';

export const CHAT_MODEL_CONTEXT_KEY = 'mcpClient.chatModelAvailable';

let available = true;
let told = false;

export function chatModelAvailable(): boolean {
  return available;
}

async function check(): Promise<void> {
  const models = await vscode.lm.selectChatModels();
  // Told before `available` changes, so whoever sees it changed has seen the notice too.
  if (models.length === 0 && !told) {
    told = true;
    void showInfo(l10n.t('no language model is installed, so the chat actions (Send to Chat, Ask about This Resource, @mcp) are hidden until one is, e.g. GitHub Copilot. Prompts still open as documents and tools still run.'));
  }
  available = models.length > 0;
  await vscode.commands.executeCommand('setContext', CHAT_MODEL_CONTEXT_KEY, available);
}

/** Keeps the availability and its context key up to date. */
export function watchChatModels(): vscode.Disposable {
  void check();
  return vscode.lm.onDidChangeChatModels(() => void check());
}
