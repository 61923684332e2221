// Reads the MCP configurations other tools keep (VS Code mcp.json, Claude Desktop, Cursor) into
// `mcpClient.servers` entries. Pure (no vscode): fed file text, it returns what it found and, for every
// field it cannot carry over, a note: nothing is dropped silently.
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

export type ConfigFormat = 'vscode' | 'claude' | 'cursor';

export interface ImportedServer {
  name: string;
  /** The entry as it will be written to `mcpClient.servers`. */
  entry: Record<string, unknown>;
  /** Fields of the original entry that were not imported, e.g. `foo` or `alwaysAllow`. */
  dropped: string[];
}

export interface ImportedConfig {
  servers: ImportedServer[];
  /** VS Code mcp.json `inputs` (the shape `mcpClient.inputs` takes). */
  inputs: Record<string, unknown>[];
  /** Problems with the file as a whole (syntax, unknown top-level keys). */
  warnings: string[];
}

/** Fields `mcpClient.servers` understands (see serverSchema.ts). */
const SERVER_FIELDS = ['type', 'command', 'args', 'env', 'envFile', 'cwd', 'url', 'headers', 'disabled', 'autoStart', 'timeout', 'roots', 'oauth'];
/** VS Code mcp.json fields kept as written: dev mode (src/devmode), and what serverSchema IGNORED_KEYS accepts and ignores. */
const VSCODE_ONLY = ['dev', 'gallery', 'version'];
const TOP_LEVEL: Record<ConfigFormat, { servers: string; known: string[] }> = {
  vscode: { servers: 'servers', known: ['servers', 'inputs'] },
  claude: { servers: 'mcpServers', known: ['mcpServers', 'globalShortcut', 'preferences'] },
  cursor: { servers: 'mcpServers', known: ['mcpServers'] },
};

export function parseConfig(format: ConfigFormat, text: string): ImportedConfig {
  const errors: ParseError[] = [];
  // mcp.json files are JSON with comments and trailing commas, as VS Code writes them.
  const root = parse(text, errors, { allowTrailingComma: true, disallowComments: false }) as unknown;
  const warnings = errors.map((e) => `syntax error at offset ${e.offset}: ${printParseErrorCode(e.error)}`);
  if (typeof root !== 'object' || root === null || Array.isArray(root)) {
    return { servers: [], inputs: [], warnings: [...warnings, 'the file does not hold a JSON object'] };
  }
  const doc = root as Record<string, unknown>;
  const { servers: key, known } = TOP_LEVEL[format];
  for (const field of Object.keys(doc)) if (!known.includes(field)) warnings.push(`top-level "${field}" is not imported`);
  const rawServers = doc[key];
  const servers: ImportedServer[] = [];
  if (rawServers !== undefined && (typeof rawServers !== 'object' || rawServers === null || Array.isArray(rawServers))) {
    warnings.push(`"${key}" is not an object of servers`);
  } else {
    for (const [name, raw] of Object.entries((rawServers ?? {}) as Record<string, unknown>)) {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        warnings.push(`server "${name}" is not an object and was skipped`);
        continue;
      }
      servers.push(convertServer(format, name, raw as Record<string, unknown>));
    }
  }
  const inputs = format === 'vscode' && Array.isArray(doc.inputs) ? (doc.inputs.filter((i) => typeof i === 'object' && i !== null) as Record<string, unknown>[]) : [];
  return { servers, inputs, warnings };
}

function convertServer(format: ConfigFormat, name: string, raw: Record<string, unknown>): ImportedServer {
  const entry: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const [field, value] of Object.entries(raw)) {
    if (SERVER_FIELDS.includes(field)) entry[field] = value;
    else if (format === 'vscode' && VSCODE_ONLY.includes(field)) entry[field] = value;
    else dropped.push(field);
  }
  // Claude Desktop and Cursor write "streamable-http"/"sse" or nothing; VS Code writes "stdio"/"http"/"sse".
  if (entry.type === 'streamable-http' || entry.type === 'streamableHttp') entry.type = 'http';
  if (typeof entry.type === 'string' && !['stdio', 'http', 'sse'].includes(entry.type)) {
    dropped.push(`type "${entry.type}"`);
    delete entry.type;
  }
  // Cursor and Claude spell a remote server's address `serverUrl` in some versions.
  if (entry.url === undefined && typeof raw.serverUrl === 'string') {
    entry.url = raw.serverUrl;
    dropped.splice(dropped.indexOf('serverUrl'), 1);
  }
  return { name, entry, dropped };
}

/** The `${input:id}` ids the chosen servers refer to, so that only their inputs are imported. */
export function referencedInputIds(servers: readonly ImportedServer[]): Set<string> {
  const text = JSON.stringify(servers.map((s) => s.entry));
  return new Set([...text.matchAll(/\$\{input:([^{}]+)\}/g)].map((m) => m[1]!));
}

/** A name not yet taken in `existing`: `name`, then `name-2`, `name-3`, … */
export function freeName(name: string, existing: ReadonlySet<string>): string {
  if (!existing.has(name)) return name;
  for (let i = 2; ; i++) if (!existing.has(`${name}-${i}`)) return `${name}-${i}`;
}
