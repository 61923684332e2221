// MCP content (a prompt message's or a tool result's) as Markdown for a read-only document: text as
// defanged Markdown, images inline (data: URIs, which the Markdown preview renders), audio as a player,
// embedded resources as fenced blocks in their language, linked resources as links to the resource.
// Server text goes through markdownSafety (no HTML, no remote images, no command links). No `vscode` import.
import type { PromptMessage } from '@modelcontextprotocol/client';
import { languageFor } from './languageForMime';
import { escapeMarkdownInline, fenceFor, safeMarkdown } from './markdownSafety';

export function renderContent(content: PromptMessage['content'], resourceHref: (uri: string) => string): string[] {
  switch (content.type) {
    case 'text':
      return [safeMarkdown(content.text)];
    case 'image':
      return [image(content.mimeType, content.data)];
    case 'audio':
      return [audio(content.mimeType, content.data)];
    case 'resource_link': {
      const name = escapeMarkdownInline(content.title ?? content.name);
      const facts = [content.mimeType, content.size !== undefined ? formatBytes(content.size) : undefined].filter(Boolean) as string[];
      return [
        `**Linked resource** [${name}](${href(resourceHref(content.uri))}) \`${codeSpan(content.uri)}\`${facts.length ? ` · ${escapeMarkdownInline(facts.join(', '))}` : ''}`,
        ...(content.description ? ['', `> ${escapeMarkdownInline(content.description)}`] : []),
      ];
    }
    case 'resource': {
      const { resource } = content;
      const header = `**Embedded resource** [\`${codeSpan(resource.uri)}\`](${href(resourceHref(resource.uri))})${resource.mimeType ? ` · ${escapeMarkdownInline(resource.mimeType)}` : ''}`;
      if ('text' in resource) {
        const fence = fenceFor(resource.text);
        return [header, '', `${fence}${languageFor(resource.mimeType, resource.uri)}`, resource.text, fence];
      }
      if (isImageMime(resource.mimeType)) return [header, '', image(resource.mimeType!, resource.blob)];
      return [header, '', `*Binary content, ${formatBytes(base64Size(resource.blob))}.*`];
    }
    default:
      return [`*Content of type \`${codeSpan(String((content as { type?: unknown }).type))}\` cannot be shown.*`];
  }
}

function image(mimeType: string, data: string): string {
  const clean = data.replace(/\s+/g, '');
  if (!isImageMime(mimeType) || !isBase64(clean)) return `*An image that cannot be shown (${escapeMarkdownInline(mimeType)}).*`;
  return `![Image (${escapeMarkdownInline(mimeType)}, ${formatBytes(base64Size(clean))})](data:${mimeType};base64,${clean})`;
}

function audio(mimeType: string, data: string): string {
  const clean = data.replace(/\s+/g, '');
  const label = `Audio (${escapeMarkdownInline(mimeType)}, ${formatBytes(base64Size(clean))})`;
  // Our own markup, built only from a checked MIME type and base64 data: the preview plays it.
  if (!/^audio\/[\w.+-]+$/i.test(mimeType) || !isBase64(clean)) return label;
  return `${label}\n\n<audio controls src="data:${mimeType};base64,${clean}"></audio>`;
}

function isImageMime(mimeType: string | undefined): boolean {
  return !!mimeType && /^image\/[\w.+-]+$/i.test(mimeType);
}

function isBase64(data: string): boolean {
  return data.length > 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(data);
}

export function base64Size(data: string): number {
  const clean = data.replace(/\s+/g, '');
  return Math.floor((clean.length * 3) / 4) - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Text for inside a code span: backticks cannot end it early, newlines become spaces. */
export function codeSpan(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/`/g, 'ˋ');
}

/** A link destination in angle brackets, so spaces and parentheses in it cannot break the link. */
function href(target: string): string {
  return `<${target.replace(/[<>\s]/g, encodeURIComponent)}>`;
}
