// A sampling request in vscode.lm terms and the model's answer back in MCP terms. The system prompt
// goes first as a user message (vscode.lm has no system role); images become image data where this
// VS Code supports it; tool_use / tool_result blocks (2025-11-25 sampling with tools) map to
// LanguageModelToolCallPart / LanguageModelToolResultPart and back.
import type { CreateMessageRequestParams, SamplingMessage, SamplingMessageContentBlock } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';

interface DataPartClass {
  image(data: Uint8Array, mimeType: string): unknown;
}
const DataPart = (vscode as unknown as { LanguageModelDataPart?: DataPartClass }).LanguageModelDataPart;

export function toChatMessages(params: CreateMessageRequestParams): vscode.LanguageModelChatMessage[] {
  const messages: vscode.LanguageModelChatMessage[] = [];
  if (params.systemPrompt) messages.push(vscode.LanguageModelChatMessage.User(`System instructions:\n${params.systemPrompt}`));
  for (const message of params.messages) {
    const parts = blocks(message).map(toPart);
    messages.push(message.role === 'assistant' ? vscode.LanguageModelChatMessage.Assistant(parts as never) : vscode.LanguageModelChatMessage.User(parts as never));
  }
  return messages;
}

export function toChatTools(params: CreateMessageRequestParams): vscode.LanguageModelChatTool[] | undefined {
  if (!params.tools?.length || params.toolChoice?.mode === 'none') return undefined;
  return params.tools.map((t) => ({ name: t.name, description: t.description ?? t.name, inputSchema: t.inputSchema }));
}

export function blocks(message: SamplingMessage): SamplingMessageContentBlock[] {
  return Array.isArray(message.content) ? message.content : [message.content];
}

function toPart(block: SamplingMessageContentBlock): unknown {
  switch (block.type) {
    case 'text':
      return new vscode.LanguageModelTextPart(block.text);
    case 'image':
      return DataPart ? DataPart.image(Buffer.from(block.data, 'base64'), block.mimeType) : new vscode.LanguageModelTextPart(`[An image (${block.mimeType}) that cannot be sent to this model.]`);
    case 'audio':
      return new vscode.LanguageModelTextPart(`[Audio (${block.mimeType}) that cannot be sent to this model.]`);
    case 'tool_use':
      return new vscode.LanguageModelToolCallPart(block.id, block.name, block.input);
    case 'tool_result':
      return new vscode.LanguageModelToolResultPart(
        block.toolUseId,
        block.content.map((c) => new vscode.LanguageModelTextPart(c.type === 'text' ? c.text : `[${c.type}]`)),
      );
    default:
      return new vscode.LanguageModelTextPart(`[${(block as { type: string }).type}]`);
  }
}

/** Plain text of a request's messages, for the approval dialog and the log. */
export function describeMessages(params: CreateMessageRequestParams): string[] {
  return params.messages.map((m) => `${m.role}: ${blocks(m).map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join(' ')}`);
}
