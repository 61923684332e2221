// How resources and templates look in the Resources view: label, "MIME · size" description, an
// escaped tooltip, and an icon: the server's own (src/icons decides which may be shown and fetches it,
// never the renderer), else one by MIME type.
import { isAppResource } from '../mcp/apps/uiExtension';
import * as vscode from 'vscode';
import type { Annotations, Icon, Resource, ResourceTemplateType as ResourceTemplate } from '@modelcontextprotocol/client';
import type { IconCache } from '../icons/iconCache';
import { baseMimeType } from './mimeTypes';
import { formatSize } from './resourceContents';
import { md, mdJoin, mdText, type ShownMarkdown } from '../common/shownMarkdown';
import { shownTooltip } from '../common/shownUi';
import { TextCaps } from '../common/serverText';
import { naturalCompare } from '../common/naturalOrder';

export function labelOf(item: { name: string; title?: string }): string {
  return item.title?.trim() || item.name;
}

export function resourceDescription(resource: Resource): string {
  return [baseMimeType(resource.mimeType), resource.size !== undefined && resource.size >= 0 ? formatSize(resource.size) : undefined]
    .filter(Boolean)
    .join(' · ');
}

/** Server text, escaped (shownMarkdown.mdText: no links, markup, HTML or theme icons; invisible characters written out). */
export function resourceTooltip(item: Resource | ResourceTemplate, server: string, cachedNote?: string): vscode.MarkdownString {
  const parts: ShownMarkdown[] = [md`**${mdText(labelOf(item), TextCaps.name)}**`];
  const line = (label: string, value: string | undefined) => {
    if (value) parts.push(md`**${mdText(label)}:** ${mdText(value)}`);
  };
  line(vscode.l10n.t('URI'), 'uri' in item ? item.uri : undefined);
  line(vscode.l10n.t('Template'), 'uriTemplate' in item ? item.uriTemplate : undefined);
  if (item.description) parts.push(mdText(item.description));
  line(vscode.l10n.t('Type'), [baseMimeType(item.mimeType), 'size' in item && item.size !== undefined ? formatSize(item.size) : undefined].filter(Boolean).join(', '));
  annotationLines(item.annotations, line);
  line(vscode.l10n.t('Server'), server);
  if (cachedNote) parts.push(md`*${mdText(cachedNote)}*`);
  return shownTooltip(md`${mdJoin(parts, '\n\n')}\n\n`);
}

function annotationLines(annotations: Annotations | undefined, line: (label: string, value: string | undefined) => void): void {
  if (!annotations) return;
  line(vscode.l10n.t('Audience'), annotations.audience?.join(', '));
  line(vscode.l10n.t('Priority'), annotations.priority !== undefined ? String(annotations.priority) : undefined);
  if (annotations.lastModified) {
    const date = new Date(annotations.lastModified);
    line(vscode.l10n.t('Last modified'), Number.isNaN(date.getTime()) ? annotations.lastModified : date.toLocaleString());
  }
}

/** A codicon for the MIME type (and the URI's extension when the type is missing). */
export function codiconFor(mimeType: string | undefined, uri = ''): string {
  if (isAppResource({ uri, mimeType })) return 'window';
  const type = baseMimeType(mimeType) ?? '';
  const path = uri.replace(/[?#].*$/, '').toLowerCase();
  if (type.startsWith('image/') || /\.(png|jpe?g|gif|webp|svg|bmp|ico)$/.test(path)) return 'file-media';
  if (type.startsWith('audio/')) return 'unmute';
  if (type.startsWith('video/')) return 'device-camera-video';
  if (type === 'text/markdown' || type === 'text/x-markdown' || (!type && path.endsWith('.md'))) return 'markdown';
  if (type === 'application/json' || type.endsWith('+json') || (!type && path.endsWith('.json'))) return 'json';
  if (type === 'application/pdf') return 'file-pdf';
  if (/zip|gzip|x-tar|compressed/.test(type)) return 'file-zip';
  if (type === 'application/octet-stream') return 'file-binary';
  if (type === 'text/plain' || type === 'text/csv') return 'file-text';
  if (type.startsWith('text/') || /javascript|typescript|xml|yaml|toml|sql|x-sh/.test(type)) return 'file-code';
  return 'file';
}

/** The resource's own icon (fetched and checked by src/icons) when there is one to show, else one for its type. */
export function iconFor(item: { mimeType?: string; icons?: Icon[] }, uri: string | undefined, icons: IconCache | undefined): vscode.IconPath {
  return icons?.imageFor(item.icons) ?? new vscode.ThemeIcon(codiconFor(item.mimeType, uri));
}

/** Priority first (higher first; none counts as 0.5, the spec's middle), then label, then URI. */
export function compareResources(a: Resource, b: Resource): number {
  const pa = a.annotations?.priority ?? 0.5;
  const pb = b.annotations?.priority ?? 0.5;
  if (pa !== pb) return pb - pa;
  return naturalCompare(labelOf(a), labelOf(b)) || a.uri.localeCompare(b.uri);
}
