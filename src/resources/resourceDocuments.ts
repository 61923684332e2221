// The VS Code document URI of a resource (resourceUri.ts's format, with a display name whose extension
// fits the MIME type) and of one part of a multi-content read: one more path segment, the part's file
// name (as VS Code's own joinPath makes it from the folder listing). No `vscode` import: callers wrap the
// parts with vscode.Uri.from({ scheme: RESOURCE_SCHEME, ...parts }).
import { fileNameFor } from './mimeTypes';
import { displayNameOf, parseResourceUri, readableSegment, resourcePathDepth, resourceUriParts, type ResourceAddress, type ResourceUriParts } from './resourceUri';

export interface DocumentAddress extends ResourceAddress {
  /** The part's name when the URI names one content of a multi-content read. */
  part?: string;
}

export function documentUriParts(address: ResourceAddress, hints: { name?: string; mimeType?: string } = {}): ResourceUriParts {
  return resourceUriParts(address, fileNameFor(hints.name ?? displayNameOf(address.uri), hints.mimeType));
}

export function partUriParts(parent: ResourceUriParts, partName: string): ResourceUriParts {
  return { path: `${parent.path.replace(/\/+$/, '')}/${readableSegment(partName)}`, query: parent.query };
}

export function parseDocumentUri(parts: ResourceUriParts): DocumentAddress | undefined {
  const address = parseResourceUri(parts);
  if (!address) return undefined;
  const part = parts.path.split('/').filter(Boolean)[resourcePathDepth(address)];
  return part === undefined ? address : { ...address, part };
}

/** One key per resource of one server, for caches and subscriptions. */
export function addressKey({ server, uri }: ResourceAddress): string {
  return `${server}\u0000${uri}`;
}
