// Whether a language model is installed. Without one, VS Code refuses every chat request before a
// participant runs (even `@mcp /help`), so the chat actions ("Send to Chat", "Ask about This Resource")
// are offered only while a model exists: the context key `mcpClient.chatModelAvailable` hides the menu
// entries, `chatModelAvailable()` the quick-pick ones, and the user is told once, plainly, why: once, not
// at every window open (issue 25), so having told is remembered (globalState); models that go away while
// a window runs are told again.
import * as vscode from 'vscode';
import { showInfo } from './userMessages';

export const CHAT_MODEL_CONTEXT_KEY = 'mcpClient.chatModelAvailable';

let available = true;
/** A model was available at some point in this window (so its going away is news). */
let seenThisWindow = false;
/** Told in this window already: once a window at most (models can come and go in a burst of events). */
let toldThisWindow = false;
const TOLD_KEY = 'mcpClient.noChatModelTold';

export function chatModelAvailable(): boolean {
  return available;
}

async function check(state: vscode.Memento): Promise<void> {
  const models = await vscode.lm.selectChatModels();
  // Told before `available` changes, so whoever sees it changed has seen the notice too. Told when the
  // window finds no model and nobody was ever told, or when the models go away while it runs (news).
  const wentAway = available && seenThisWindow;
  if (models.length === 0 && !toldThisWindow && (wentAway || !state.get<boolean>(TOLD_KEY))) {
    toldThisWindow = true;
    void state.update(TOLD_KEY, true);
    void showInfo(vscode.l10n.t('no language model is installed, so the chat actions (Send to Chat, Ask about This Resource, @mcp) are hidden until one is, e.g. GitHub Copilot. Prompts still open as documents and tools still run.'));
  }
  available = models.length > 0;
  seenThisWindow ||= available;
  await vscode.commands.executeCommand('setContext', CHAT_MODEL_CONTEXT_KEY, available);
}

/** Keeps the availability and its context key up to date. */
export function watchChatModels(state: vscode.Memento): vscode.Disposable {
  void check(state);
  return vscode.lm.onDidChangeChatModels(() => void check(state));
}
