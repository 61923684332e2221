// The conversation (chatContent.ts) as vscode.lm messages, and the model's answer streamed into the
// chat. Images become LanguageModelDataPart image parts: the class is in every VS Code this runs on
// in practice, but not in @types/vscode 1.105, so it is looked up at run time and an image turns into
// a sentence where it is missing.
import * as vscode from 'vscode';
import type { ChatPart, ChatTurn } from './chatContent';

interface DataPartClass {
  image(data: Uint8Array, mimeType: string): unknown;
}
const DataPart = (vscode as unknown as { LanguageModelDataPart?: DataPartClass }).LanguageModelDataPart;

/** The parts of the chat stream the @mcp commands write to (recorded for the host tests). */
export type ChatOutput = Pick<vscode.ChatResponseStream, 'markdown' | 'progress' | 'reference' | 'button'>;

export function toLanguageModelMessages(turns: readonly ChatTurn[]): vscode.LanguageModelChatMessage[] {
  return turns.map(
    (turn) =>
      new vscode.LanguageModelChatMessage(
        turn.role === 'assistant' ? vscode.LanguageModelChatMessageRole.Assistant : vscode.LanguageModelChatMessageRole.User,
        turn.parts.map(toPart),
      ),
  );
}

function toPart(part: ChatPart): vscode.LanguageModelInputPart {
  if (part.kind === 'text') return new vscode.LanguageModelTextPart(part.text);
  if (DataPart) return DataPart.image(part.data, part.mimeType) as vscode.LanguageModelInputPart;
  return new vscode.LanguageModelTextPart(`[An image (${part.mimeType}) is not included: this version of VS Code cannot send images to models.]`);
}

/** Sends the conversation to the model the user picked and streams its answer; stops on cancellation. */
export async function streamModelReply(
  model: vscode.LanguageModelChat,
  messages: vscode.LanguageModelChatMessage[],
  out: ChatOutput,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  try {
    const response = await model.sendRequest(messages, { justification: vscode.l10n.t('MCP Client sends the prompt you chose to the model.') }, token);
    for await (const fragment of response.text) {
      if (token.isCancellationRequested) break;
      out.markdown(fragment);
    }
    return {};
  } catch (error) {
    if (token.isCancellationRequested) return {};
    const reason = error instanceof vscode.LanguageModelError ? `${error.message} (${error.code})` : (error as Error).message;
    return { errorDetails: { message: vscode.l10n.t('The language model {0} could not answer: {1}', model.name, reason) } };
  }
}
