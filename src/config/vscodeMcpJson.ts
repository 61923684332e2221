// How MCP Client shares a workspace with VS Code's own MCP support, so that no server runs twice.
// VS Code runs the servers of `.vscode/mcp.json` (and of the user's mcp.json) whenever its MCP support
// is on (`chat.mcp.access` is not "none"). So:
//   - `.vscode/mcp.json` is a first-class source here (read in place, never copied): its servers are
//     listed like workspace settings, and run by MCP Client only while VS Code's MCP support is off;
//   - while it is on, they are left to VS Code, and so is any server of ours whose command (or URL)
//     is the same as one VS Code runs from an mcp.json file.
// "Run Here Only" (servers/vscodeSharing.ts) turns VS Code's MCP support off for the workspace;
// "Leave to VS Code" turns it back on. Pure: no vscode, the caller reads the files and the setting.
import { parse } from 'jsonc-parser';
import type { ServerDefinition } from '../mcp/serverDefinition';
import type { ConfiguredServer } from '../mcp/sessionManager';
import { type ResolveContext, resolveServers, type ServerSource } from './resolveServers';

export const WORKSPACE_MCP_JSON = '.vscode/mcp.json';

/** One mcp.json file: where it is (for messages) and the servers it holds, as written. */
export interface McpJsonFile {
  label: string;
  source: ServerSource;
}

export interface VscodeMcp {
  /** VS Code's own MCP support runs servers (`chat.mcp.access` is not "none"). */
  enabled: boolean;
  /** The workspace folders' `.vscode/mcp.json` files. */
  workspace: McpJsonFile[];
  /** The user's (profile) mcp.json, which VS Code runs too. */
  user?: McpJsonFile;
}

/** The `servers` of an mcp.json text (JSON with comments), or undefined when there are none. */
export function mcpJsonServers(text: string): Record<string, unknown> | undefined {
  const root = parse(text, [], { allowTrailingComma: true, disallowComments: false }) as unknown;
  if (typeof root !== 'object' || root === null) return undefined;
  const servers = (root as Record<string, unknown>).servers;
  return typeof servers === 'object' && servers !== null && !Array.isArray(servers) ? (servers as Record<string, unknown>) : undefined;
}

/** What identifies a running server: its command line, or its URL. */
function identity(definition: ServerDefinition): string {
  const t = definition.transport;
  return t.type === 'stdio' ? JSON.stringify([t.command, ...t.args]) : t.url;
}

export function leftToVscodeReason(file: string): string {
  return `Left to VS Code: its own MCP support runs this server (${file}), so MCP Client does not start a second copy. "Run Here Only" runs it here instead.`;
}

/**
 * The servers of the settings plus those of `.vscode/mcp.json` (a name in the settings wins), each
 * marked `leftToVscode` when VS Code runs it.
 */
export function withVscodeMcp(fromSettings: ConfiguredServer[], mcp: VscodeMcp, ctx: ResolveContext): ConfiguredServer[] {
  const taken = new Set(fromSettings.map((s) => s.name));
  const own = mcp.workspace.flatMap((file) =>
    resolveServers([file.source], ctx, file.label)
      .filter((s) => !taken.has(s.name))
      .map((s) => ({ ...s, file: file.label })),
  );
  if (!mcp.enabled) return sortByName([...fromSettings, ...own.map(({ file: _file, ...s }) => s)]);
  // Everything VS Code runs, by identity, with the file it comes from.
  const vscodeRuns = new Map<string, string>();
  const files = [...mcp.workspace, ...(mcp.user ? [mcp.user] : [])];
  for (const file of files) {
    for (const server of resolveServers([file.source], ctx, file.label)) if (server.definition) vscodeRuns.set(identity(server.definition), file.label);
  }
  const leave = (server: ConfiguredServer, file: string | undefined): ConfiguredServer =>
    server.definition && file ? { ...server, definition: { ...server.definition, leftToVscode: leftToVscodeReason(file) } } : server;
  return sortByName([
    ...fromSettings.map((s) => leave(s, s.definition && vscodeRuns.get(identity(s.definition)))),
    ...own.map(({ file, ...s }) => leave(s, file)),
  ]);
}

function sortByName(servers: ConfiguredServer[]): ConfiguredServer[] {
  return servers.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
