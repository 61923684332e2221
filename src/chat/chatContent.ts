// MCP content as the conversation a language model gets: roles kept, images as image data (user
// messages only: models take images from the user), embedded resources as text with their URI,
// links and audio described in words. Plain data here; lmMessages.ts turns it into vscode.lm types.
// No `vscode` import: unit-tested in plain Node.
import type { GetPromptResult, PromptMessage, ReadResourceResult } from '@modelcontextprotocol/client';
import { languageFor } from '../common/languageForMime';
import { fenceFor } from '../common/markdownSafety';
import { base64Size, formatBytes } from '../common/contentMarkdown';

export type ChatPart = { kind: 'text'; text: string } | { kind: 'image'; mimeType: string; data: Uint8Array };

export interface ChatTurn {
  role: 'user' | 'assistant';
  parts: ChatPart[];
}

export interface Conversation {
  turns: ChatTurn[];
  /** URIs of the embedded and linked resources, in order of appearance, without duplicates. */
  resources: string[];
}

export function promptConversation(result: GetPromptResult, userText = ''): Conversation {
  const resources: string[] = [];
  const turns: ChatTurn[] = result.messages.map((message) => ({ role: message.role, parts: contentParts(message.content, message.role, resources) }));
  if (userText.trim()) turns.push({ role: 'user', parts: [{ kind: 'text', text: userText.trim() }] });
  return { turns, resources };
}

export function contentParts(content: PromptMessage['content'], role: 'user' | 'assistant', resources: string[]): ChatPart[] {
  switch (content.type) {
    case 'text':
      return [{ kind: 'text', text: content.text }];
    case 'image':
      return imageParts(content.mimeType, content.data, role, 'An image');
    case 'audio':
      return [{ kind: 'text', text: `[Audio (${content.mimeType}, ${formatBytes(base64Size(content.data))}) is not included: this conversation cannot carry audio.]` }];
    case 'resource_link': {
      remember(resources, content.uri);
      const facts = [content.mimeType, content.description].filter(Boolean).join(', ');
      return [{ kind: 'text', text: `Linked resource: ${content.title ?? content.name} <${content.uri}>${facts ? ` (${facts})` : ''}` }];
    }
    case 'resource':
      remember(resources, content.resource.uri);
      return resourceParts(content.resource, role);
    default:
      return [];
  }
}

type ResourceContents = ReadResourceResult['contents'][number];

export function resourceParts(resource: ResourceContents, role: 'user' | 'assistant' = 'user'): ChatPart[] {
  const kind = resource.mimeType ? ` (${resource.mimeType})` : '';
  if ('text' in resource) {
    const fence = fenceFor(resource.text);
    return [{ kind: 'text', text: `Resource ${resource.uri}${kind}:\n${fence}${languageFor(resource.mimeType, resource.uri)}\n${resource.text}\n${fence}` }];
  }
  if (resource.mimeType?.startsWith('image/')) {
    return [{ kind: 'text', text: `Resource ${resource.uri}${kind}:` }, ...imageParts(resource.mimeType, resource.blob, role, 'The image')];
  }
  return [{ kind: 'text', text: `Resource ${resource.uri}${kind}: binary content (${formatBytes(base64Size(resource.blob))}), not included.` }];
}

function imageParts(mimeType: string, data: string, role: 'user' | 'assistant', what: string): ChatPart[] {
  if (role === 'assistant') return [{ kind: 'text', text: `[${what} (${mimeType}) that the assistant showed is not included.]` }];
  return [{ kind: 'image', mimeType, data: new Uint8Array(Buffer.from(data, 'base64')) }];
}

function remember(resources: string[], uri: string): void {
  if (!resources.includes(uri)) resources.push(uri);
}
