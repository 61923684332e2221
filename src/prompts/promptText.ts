// A prompt result as plain text for the clipboard: what a person would paste into another chat.
// One user message is just its text; a conversation labels each message with its role. Embedded text
// resources are included (fenced, with their URI); images and audio are named, not inlined.
import type { GetPromptResult, PromptMessage } from '@modelcontextprotocol/client';
import { languageFor } from '../common/languageForMime';
import { fenceFor } from '../common/markdownSafety';

export function promptResultText(result: GetPromptResult): string {
  const { messages } = result;
  const single = messages.every((m) => m.role === 'user');
  const blocks = messages.map((message, index) => {
    const text = contentText(message.content);
    if (single) return text;
    const role = message.role === 'assistant' ? 'Assistant' : 'User';
    const sameAsBefore = index > 0 && messages[index - 1]!.role === message.role;
    return sameAsBefore ? text : `${role}:\n${text}`;
  });
  return blocks.join('\n\n');
}

export function contentText(content: PromptMessage['content']): string {
  switch (content.type) {
    case 'text':
      return content.text;
    case 'image':
      return `[image: ${content.mimeType}]`;
    case 'audio':
      return `[audio: ${content.mimeType}]`;
    case 'resource_link':
      return `[resource: ${content.title ?? content.name} <${content.uri}>]`;
    case 'resource': {
      const { resource } = content;
      if (!('text' in resource)) return `[resource: ${resource.uri}${resource.mimeType ? ` (${resource.mimeType})` : ''}]`;
      const fence = fenceFor(resource.text);
      return `${resource.uri}:\n${fence}${languageFor(resource.mimeType, resource.uri)}\n${resource.text}\n${fence}`;
    }
    default:
      return '';
  }
}
