// How MCP Client shares a workspace with VS Code's own MCP support, so that no server runs twice.
// VS Code reads the servers of `.vscode/mcp.json` (and of the user's mcp.json) whenever its MCP support is on
// (`chat.mcp.access` is not "none"), but it starts a server only when its chat needs it (in VS Code for the
// Web without a chat extension, never). So, issue 25, defect 8:
//   - `.vscode/mcp.json` is a first-class source here (read in place, never copied), listed as defined in
//     `.vscode/mcp.json` (not "workspace settings");
//   - a server is left to VS Code only while VS Code *really runs* the same definition: a process of this
//     extension host that MCP Client did not start (VS Code starts its stdio servers from the extension
//     host) with the same command line, and on Linux the same environment values (and working folder when
//     the entry sets one). Otherwise MCP Client runs it, and says so; when VS Code starts it, MCP Client stops
//     its copy (servers/vscodeSharing.ts watches).
//   - a server of ours is VS Code's too only if its whole definition is one of an mcp.json's: command, args,
//     env and cwd (or URL and headers). The same command with another env is another server.
// Remote (http) servers are never left to VS Code: two clients of one remote server run nothing twice.
// Pure: no vscode; the caller reads the files, the setting and the processes.
import { parse } from 'jsonc-parser';
import type { ObservedProcess } from '../mcp/processTree';
import type { ServerDefinition, StdioTransportConfig } from '../mcp/serverDefinition';
import type { ConfiguredServer } from '../mcp/sessionManager';
import { type ResolveContext, resolveServers, type ServerSource } from './resolveServers';

export { WORKSPACE_MCP_JSON } from '../common/settingKeys';

/** One mcp.json file: where it is (for messages) and the servers it holds, as written. */
export interface McpJsonFile {
  label: string;
  source: ServerSource;
}

export interface VscodeMcp {
  /** VS Code's own MCP support may run servers (`chat.mcp.access` is not "none"). */
  enabled: boolean;
  /** The workspace folders' `.vscode/mcp.json` files. */
  workspace: McpJsonFile[];
  /** The user's (profile) mcp.json, which VS Code runs too. */
  user?: McpJsonFile;
  /** Processes of this extension host that MCP Client did not start: what VS Code runs now. */
  running?: readonly ObservedProcess[];
}

/** The `servers` of an mcp.json text (JSON with comments), or undefined when there are none. */
export function mcpJsonServers(text: string): Record<string, unknown> | undefined {
  const root = parse(text, [], { allowTrailingComma: true, disallowComments: false }) as unknown;
  if (typeof root !== 'object' || root === null) return undefined;
  const servers = (root as Record<string, unknown>).servers;
  return typeof servers === 'object' && servers !== null && !Array.isArray(servers) ? (servers as Record<string, unknown>) : undefined;
}

/** Everything that makes two definitions the same server: the whole transport (command, args, env, cwd; or URL, headers). */
function identity(definition: ServerDefinition): string {
  return JSON.stringify(definition.transport, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))) : value,
  );
}

/** Whether `process` runs the stdio server `t` (`cwdMatters`: the entry names its working folder). */
export function runsDefinition(process: ObservedProcess, t: StdioTransportConfig, cwdMatters: boolean): boolean {
  if (process.argv) {
    if (process.argv.length !== t.args.length + 1 || process.argv.some((arg, i) => arg !== (i === 0 ? t.command : t.args[i - 1]))) return false;
  } else if (process.commandLine !== [t.command, ...t.args].join(' ')) {
    return false;
  }
  if (process.env && Object.entries(t.env).some(([key, value]) => process.env![key] !== value)) return false;
  return !(cwdMatters && t.cwd && process.cwd && process.cwd !== t.cwd);
}

export function leftToVscodeReason(file: string, pid: number): string {
  return `Left to VS Code: its own MCP support runs this server (process ${pid}, from ${file}), so MCP Client does not start a second copy. "Run Here Only" runs it here instead.`;
}

/**
 * The servers of the settings plus those of `.vscode/mcp.json` (a name in the settings wins), each
 * marked `leftToVscode` while VS Code runs the same definition.
 */
export function withVscodeMcp(fromSettings: ConfiguredServer[], mcp: VscodeMcp, ctx: ResolveContext): ConfiguredServer[] {
  const taken = new Set(fromSettings.map((s) => s.name));
  const own = mcp.workspace.flatMap((file) =>
    resolveServers([file.source], ctx, file.label)
      .filter((s) => !taken.has(s.name))
      .map((s) => ({ ...s, ...(s.definition ? { definition: { ...s.definition, definedIn: file.label } } : {}), file })),
  );
  const strip = ({ file: _file, ...s }: (typeof own)[number]): ConfiguredServer => s;
  if (!mcp.enabled) return sortByName([...fromSettings, ...own.map(strip)]);
  // Every stdio definition VS Code would run, by identity, with its file and whether it names a cwd.
  const vscodeDefinitions = new Map<string, { file: string; transport: StdioTransportConfig; cwdMatters: boolean }>();
  for (const file of [...mcp.workspace, ...(mcp.user ? [mcp.user] : [])]) {
    const raw = (file.source.servers ?? {}) as Record<string, { cwd?: unknown }>;
    for (const server of resolveServers([file.source], ctx, file.label)) {
      const t = server.definition?.transport;
      if (t?.type === 'stdio') vscodeDefinitions.set(identity(server.definition!), { file: file.label, transport: t, cwdMatters: raw[server.name]?.cwd !== undefined });
    }
  }
  const leave = (server: ConfiguredServer): ConfiguredServer => {
    const known = server.definition && vscodeDefinitions.get(identity(server.definition));
    const process = known && (mcp.running ?? []).find((p) => runsDefinition(p, known.transport, known.cwdMatters));
    return known && process ? { ...server, definition: { ...server.definition!, leftToVscode: leftToVscodeReason(known.file, process.pid) } } : server;
  };
  return sortByName([...fromSettings.map(leave), ...own.map(strip).map(leave)]);
}

function sortByName(servers: ConfiguredServer[]): ConfiguredServer[] {
  return servers.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
