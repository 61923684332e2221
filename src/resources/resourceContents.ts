// What a `resources/read` result becomes in the editor: one file, or (several contents) a folder of
// uniquely named parts. Text is UTF-8 encoded, `blob` base64-decoded. Sizes are known before anything is
// decoded, so the size limit refuses a large read without building its bytes. No `vscode` import.
import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { fileNameFor } from './mimeTypes';
import { displayNameOf } from './resourceUri';

type Content = ReadResourceResult['contents'][number];

export interface ContentPart {
  /** File name inside the folder (unique within one read). */
  readonly name: string;
  readonly uri: string;
  readonly mimeType?: string;
  /** Decoded size in bytes. */
  readonly size: number;
  bytes(): Uint8Array;
}

export function partsOf(result: ReadResourceResult): ContentPart[] {
  const taken = new Set<string>();
  return result.contents.map((content) => {
    const name = uniqueName(fileNameFor(displayNameOf(content.uri), content.mimeType), taken);
    return { name, uri: content.uri, mimeType: content.mimeType, size: sizeOf(content), bytes: () => bytesOf(content) };
  });
}

export function totalSize(parts: readonly ContentPart[]): number {
  return parts.reduce((sum, p) => sum + p.size, 0);
}

function sizeOf(content: Content): number {
  if ('text' in content && typeof content.text === 'string') return Buffer.byteLength(content.text, 'utf8');
  const blob = (content as { blob?: string }).blob ?? '';
  const padding = blob.endsWith('==') ? 2 : blob.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((blob.replace(/\s/g, '').length * 3) / 4) - padding);
}

function bytesOf(content: Content): Uint8Array {
  if ('text' in content && typeof content.text === 'string') return Buffer.from(content.text, 'utf8');
  return Buffer.from((content as { blob?: string }).blob ?? '', 'base64');
}

/** `part.md`, `part (2).md`, … */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = name.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`);
  taken.add(candidate);
  return candidate;
}

/** "1.2 MB", "512 B": for tree descriptions and messages. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
