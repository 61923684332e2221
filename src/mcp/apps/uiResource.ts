// A tool's UI resource as read from its server, checked and decoded: the HTML, and what its `_meta.ui`
// declares (csp, permissions, prefersBorder). The spec puts `_meta.ui` on the content of the
// resources/read result; hosts fall back to the entry of the resources/list listing. No `vscode`,
// no SDK at run time.
import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { sanitizeCsp, type AppCsp } from './appCsp';
import { APP_MIME_TYPE } from './uiExtension';

/** What `_meta.ui.permissions` may ask for (each an empty object when asked). */
export interface DeclaredPermissions {
  camera?: object;
  microphone?: object;
  geolocation?: object;
  clipboardWrite?: object;
}

export interface UiResource {
  uri: string;
  html: string;
  csp: AppCsp;
  /** The permissions it asks for (`_meta.ui.permissions`); the host grants what it can. */
  permissions: DeclaredPermissions;
  /** The server's wish for a visible border and background; the host decides when it says nothing. */
  prefersBorder?: boolean;
}

interface UiMeta {
  csp?: unknown;
  permissions?: unknown;
  prefersBorder?: unknown;
}

function uiMetaOf(item: { _meta?: unknown } | undefined): UiMeta | undefined {
  const ui = (item?._meta as { ui?: unknown } | undefined)?.ui;
  return ui && typeof ui === 'object' ? (ui as UiMeta) : undefined;
}

/** Throws with a sentence for the user when the read is not an MCP App document. */
export function uiResourceFromRead(uri: string, read: ReadResourceResult, listing?: { _meta?: unknown }): UiResource {
  const contents = read.contents.filter((c) => c.uri === uri);
  const content = contents[0] ?? read.contents[0];
  if (!content) throw new Error(`${uri} has no content.`);
  if (content.mimeType !== APP_MIME_TYPE) {
    throw new Error(`${uri} is ${content.mimeType ? `of type ${content.mimeType}` : 'of no declared type'}, not an MCP App (${APP_MIME_TYPE}).`);
  }
  const html = 'text' in content && typeof content.text === 'string' ? content.text : Buffer.from((content as { blob: string }).blob, 'base64').toString('utf8');
  const meta = uiMetaOf(content) ?? uiMetaOf(listing) ?? {};
  return {
    uri,
    html,
    csp: sanitizeCsp(meta.csp as Parameters<typeof sanitizeCsp>[0]),
    permissions: permissionsOf(meta.permissions),
    prefersBorder: typeof meta.prefersBorder === 'boolean' ? meta.prefersBorder : undefined,
  };
}

function permissionsOf(value: unknown): DeclaredPermissions {
  if (!value || typeof value !== 'object') return {};
  const declared = value as Record<string, unknown>;
  const result: DeclaredPermissions = {};
  for (const key of ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const) {
    if (declared[key] && typeof declared[key] === 'object') result[key] = {};
  }
  return result;
}

/**
 * Reads a UI resource through its server. Without `_meta.ui` on the content, the entry of the server's
 * resource listing is asked (the spec's fallback); a listing that fails or lacks it leaves the defaults.
 */
export async function readUiResource(
  server: { readResource(uri: string): Promise<ReadResourceResult>; listResources(): Promise<{ uri: string; _meta?: unknown }[]> },
  uri: string,
): Promise<UiResource> {
  const read = await server.readResource(uri);
  if (read.contents.some((c) => c.uri === uri && uiMetaOf(c))) return uiResourceFromRead(uri, read);
  const listing = await server.listResources().then(
    (resources) => resources.find((r) => r.uri === uri),
    () => undefined,
  );
  return uiResourceFromRead(uri, read, listing);
}
