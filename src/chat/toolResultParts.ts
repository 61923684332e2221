// A tools/call result as the content of a LanguageModelToolResultPart: text as text, images as image
// data where this VS Code has LanguageModelDataPart, resources and links described in text, and the
// structured content as JSON when there is no text. An error result or schema mismatch is said plainly.
import type { CallToolResult } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';

interface DataPartClass {
  image(data: Uint8Array, mimeType: string): unknown;
}
const DataPart = (vscode as unknown as { LanguageModelDataPart?: DataPartClass }).LanguageModelDataPart;

export function toolResultParts(result: CallToolResult, outputProblem?: string): vscode.LanguageModelTextPart[] {
  const parts: vscode.LanguageModelTextPart[] = [];
  const text = (value: string) => parts.push(new vscode.LanguageModelTextPart(value));
  if (result.isError) text('The tool reported an error:');
  if (outputProblem) text(`Warning: ${outputProblem}`);
  const content = Array.isArray(result.content) ? result.content : [];
  for (const block of content) {
    switch (block.type) {
      case 'text':
        text(block.text);
        break;
      case 'image':
        if (DataPart) parts.push(DataPart.image(Buffer.from(block.data, 'base64'), block.mimeType) as vscode.LanguageModelTextPart);
        else text(`[An image (${block.mimeType}) that cannot be passed on.]`);
        break;
      case 'audio':
        text(`[Audio (${block.mimeType}) that cannot be passed on.]`);
        break;
      case 'resource_link':
        text(`Linked resource: ${block.title ?? block.name} <${block.uri}>${block.mimeType ? ` (${block.mimeType})` : ''}`);
        break;
      case 'resource':
        text('text' in block.resource ? `Resource ${block.resource.uri}:\n${block.resource.text}` : `[Binary resource ${block.resource.uri}]`);
        break;
      default:
        text(`[Content of type ${(block as { type: string }).type}]`);
    }
  }
  if (result.structuredContent !== undefined && !content.some((c) => c.type === 'text')) text(JSON.stringify(result.structuredContent));
  if (parts.length === 0) text('The tool returned no content.');
  return parts;
}
