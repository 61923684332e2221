// The MCP Apps extension (`io.modelcontextprotocol/ui`, spec 2026-01-26) as the client advertises it,
// and what a tool's `_meta.ui` says: which UI resource it has and who may call it. No SDK at run time:
// the Tools view and the tool picker read these on the UI side. The constants and helpers match
// @modelcontextprotocol/ext-apps (checked by test/unit/apps.uiExtension.test.ts), whose own copies
// live in its app-bridge module, which would pull the SDK into the UI bundle.
import type { ClientCapabilities } from '@modelcontextprotocol/client';
import type { ClientCapability } from '../clientCapability';

export const UI_EXTENSION_ID = 'io.modelcontextprotocol/ui';
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** The flat key of the first drafts, still written by servers beside `_meta.ui.resourceUri`. */
const LEGACY_RESOURCE_URI_KEY = 'ui/resourceUri';

/** Advertises that this client renders MCP Apps (`capabilities.extensions`); installs no handler. */
export class AppsCapability implements ClientCapability {
  readonly capabilities: ClientCapabilities = { extensions: { [UI_EXTENSION_ID]: { mimeTypes: [APP_MIME_TYPE] } } };
  install(): void {}
}

interface ToolLike {
  _meta?: Record<string, unknown>;
}

function uiMeta(tool: ToolLike): { resourceUri?: unknown; visibility?: unknown } | undefined {
  const ui = tool._meta?.ui;
  return ui && typeof ui === 'object' ? (ui as { resourceUri?: unknown; visibility?: unknown }) : undefined;
}

/** The tool's `ui://` resource, or undefined (also for a value that is not a `ui://` URI). */
export function toolUiResourceUri(tool: ToolLike): string | undefined {
  const uri = uiMeta(tool)?.resourceUri ?? tool._meta?.[LEGACY_RESOURCE_URI_KEY];
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

/** Who may call the tool: `_meta.ui.visibility`, by default both the model and apps. */
export function toolVisibility(tool: ToolLike): { model: boolean; app: boolean } {
  const visibility = uiMeta(tool)?.visibility;
  if (!Array.isArray(visibility)) return { model: true, app: true };
  return { model: visibility.includes('model'), app: visibility.includes('app') };
}

/** Whether a resource (from a listing or a link) is an app rather than a document to read. */
export function isAppResource(resource: { uri: string; mimeType?: string }): boolean {
  return resource.uri.startsWith('ui://') && (resource.mimeType === undefined || resource.mimeType === APP_MIME_TYPE);
}
