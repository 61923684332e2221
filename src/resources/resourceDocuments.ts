// The VS Code document path of a resource (resourceUri.ts's format, with a display name whose extension
// fits the MIME type) and of one part of a multi-content read: one more segment, the part's file name.
// No `vscode` import: callers wrap the path with vscode.Uri.from({ scheme: RESOURCE_SCHEME, path }).
import { fileNameFor } from './mimeTypes';
import { displayNameOf, parseResourcePath, resourcePath, type ResourceAddress } from './resourceUri';

export interface DocumentAddress extends ResourceAddress {
  /** The part's name when the path names one content of a multi-content read. */
  part?: string;
}

export function documentPath(address: ResourceAddress, hints: { name?: string; mimeType?: string } = {}): string {
  return resourcePath(address, fileNameFor(hints.name ?? displayNameOf(address.uri), hints.mimeType));
}

export function partPath(parentPath: string, partName: string): string {
  return `${parentPath.replace(/\/+$/, '')}/${encodeURIComponent(partName)}`;
}

export function parseDocumentPath(path: string): DocumentAddress | undefined {
  const address = parseResourcePath(path);
  if (!address) return undefined;
  const part = path.split('/')[4];
  if (part === undefined || part === '') return address;
  try {
    return { ...address, part: decodeURIComponent(part) };
  } catch {
    return undefined;
  }
}

/** One key per resource of one server, for caches and subscriptions. */
export function addressKey({ server, uri }: ResourceAddress): string {
  return `${server}\u0000${uri}`;
}
