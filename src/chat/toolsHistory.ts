// Earlier turns of the conversation with @mcp, for a follow-up request: the user's free-text requests
// and the answers streamed for them (commands such as /prompt are their own conversations and left
// out). Tool calls and results of earlier turns are not replayed; their outcome is in the answer text.
import * as vscode from 'vscode';

const MAX_TURNS = 20;

export function historyMessages(history: vscode.ChatContext['history']): vscode.LanguageModelChatMessage[] {
  const messages: vscode.LanguageModelChatMessage[] = [];
  for (const turn of history.slice(-MAX_TURNS)) {
    if (turn instanceof vscode.ChatRequestTurn) {
      if (!turn.command && turn.prompt.trim()) messages.push(vscode.LanguageModelChatMessage.User(turn.prompt));
    } else if (turn instanceof vscode.ChatResponseTurn) {
      if (turn.command) continue;
      const text = turn.response
        .map((part) => (part instanceof vscode.ChatResponseMarkdownPart ? part.value.value : ''))
        .join('')
        .trim();
      // An answer follows its request: one without (a command's) is dropped.
      if (text && messages.at(-1)?.role === vscode.LanguageModelChatMessageRole.User) messages.push(vscode.LanguageModelChatMessage.Assistant(text));
    }
  }
  // A request whose answer was empty or cancelled leaves two user messages in a row: drop the first.
  return messages.filter((m, i) => !(m.role === vscode.LanguageModelChatMessageRole.User && messages[i + 1]?.role === vscode.LanguageModelChatMessageRole.User));
}
