// Raw `mcpClient.servers` values from each settings scope → the servers the session layer runs.
// Every server is resolved on its own: a broken entry becomes an error entry, the others still work.
import { dirname, resolve as resolvePath } from 'node:path';
import type { SandboxDefinition } from '../mcp/sandbox/sandboxDefinition';
import type { DevModeSettings, EnvFileSetting, EnvironmentValue, ServerDefinition, ServerScope, TransportConfig } from '../mcp/serverDefinition';
import type { ConfiguredServer } from '../mcp/sessionManager';
import { SettingKeys } from '../common/settingKeys';
import { type ConfigResult, pathSegment } from './result';
import { isHttpUrl, parseServerEntry, type ServerEntry } from './serverSchema';
import { defaultSandboxContext, type SandboxContext } from './sandboxPolicy';
import { sandboxOf } from './sandboxSettings';
import { allowedFolders, outsideFolders, refusedKeys, type SettingPlace } from './settingScopes';
import { type FolderInfo, resolveVariables, type VariableContext } from './variables';

/** The raw setting value of one scope; `folder` is set for folder-scoped values. */
export interface ServerSource {
  scope: ServerScope;
  folder?: FolderInfo;
  servers: unknown;
}

export type ResolveContext = Omit<VariableContext, 'folderPath'> & {
  /** `mcpClient.sandbox.default` and where sandboxes keep their folders; unset: the defaults. */
  sandbox?: SandboxContext;
};

const SETTING = SettingKeys.servers;
/** The most specific scope wins; it is also the scope recorded, since trust depends on it. */
const SPECIFICITY: Record<ServerScope, number> = { user: 0, workspace: 1, folder: 2 };

interface Candidate {
  scope: ServerScope;
  folder?: FolderInfo;
  raw: unknown;
}

/** `setting` names where the entries come from in messages (`mcpClient.servers`, or `.vscode/mcp.json`). */
export function resolveServers(sources: readonly ServerSource[], ctx: ResolveContext, setting: string = SETTING): ConfiguredServer[] {
  const result: ConfiguredServer[] = [];
  const candidates = new Map<string, Candidate[]>();
  for (const { scope, folder, servers } of sources) {
    if (servers === undefined || servers === null) continue;
    if (typeof servers !== 'object' || Array.isArray(servers)) {
      const where = describeScope(scope, folder);
      result.push({ name: `${setting} (${where})`, scope, error: `${setting} in ${where}: must be an object that maps server names to server settings` });
      continue;
    }
    for (const [name, raw] of Object.entries(servers)) {
      const list = candidates.get(name) ?? [];
      list.push({ scope, folder, raw });
      candidates.set(name, list);
    }
  }
  for (const [name, list] of candidates) result.push(resolveName(name, list, ctx, setting));
  return result.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function resolveName(name: string, list: Candidate[], ctx: ResolveContext, setting: string): ConfiguredServer {
  const top = Math.max(...list.map((c) => SPECIFICITY[c.scope]));
  const winners = list.filter((c) => SPECIFICITY[c.scope] === top);
  const chosen = winners[winners.length - 1];
  const folders = [...new Map(winners.flatMap((c) => (c.folder ? [[c.folder.path, c.folder.name] as const] : []))).values()];
  if (chosen.scope === 'folder' && folders.length > 1) {
    // Neither folder is more specific than the other, so there is no right answer to pick.
    const names = folders.map((f) => `"${f}"`).join(' and ');
    return { name, scope: 'folder', error: `${setting}${pathSegment(name)}: defined in more than one folder (${names}); give each a different name` };
  }
  const parsed = parseServerEntry(name, chosen.raw, setting === SETTING ? SETTING : `${setting} servers`);
  if (!parsed.ok) return { name, scope: chosen.scope, error: parsed.errors.join('; ') };
  const definition = toDefinition(name, chosen, parsed.value, ctx, setting === SETTING ? SETTING : `${setting} servers`);
  return definition.ok
    ? { name, scope: chosen.scope, definition: definition.value }
    : { name, scope: chosen.scope, error: definition.errors.join('; ') };
}

function toDefinition(name: string, chosen: Candidate, entry: ServerEntry, ctx: ResolveContext, setting: string): ConfigResult<ServerDefinition> {
  const at = `${setting}${pathSegment(name)}`;
  const folderPath = chosen.scope === 'folder' ? chosen.folder?.path : undefined;
  const vars: VariableContext = { ...ctx, folderPath };
  // Relative paths (cwd, envFile) and the default cwd mean the folder the setting belongs to.
  const base = folderPath ?? ctx.workspaceFolders[0]?.path ?? ctx.userHome;
  const place: SettingPlace = {
    scope: chosen.scope,
    label: setting === SETTING ? describeScope(chosen.scope, chosen.folder) : setting.replace(/ servers$/, ''),
    folders: folderPath !== undefined ? [folderPath] : ctx.workspaceFolders.map((f) => f.path),
    base,
  };
  const errors: string[] = refusedKeys(entry, place, at);
  const environment: EnvironmentValue[] = [];
  /** `secret`: a `${env:…}` value here may be a credential (url, headers, args, env): named in the question, masked in logs. */
  const resolve = (value: string, path: string, secret = false): string => {
    const r = resolveVariables(value, vars, secret ? (variable, v) => environment.push({ variable, setting: path, value: v }) : undefined);
    if (r.ok) return r.value;
    errors.push(...r.errors.map((m) => `${at}${path}: ${m}`));
    return value;
  };

  let transport: TransportConfig;
  let sandbox: SandboxDefinition | undefined;
  if (entry.type === 'stdio') {
    // Resolved in the order the settings are usually written, so errors read top to bottom.
    const command = resolve(entry.command, '.command');
    const args = entry.args.map((arg, i) => resolve(arg, `.args[${i}]`, true));
    const env: Record<string, string> = {};
    const unset: string[] = [];
    // Numbers become strings; null removes a variable the env file sets.
    for (const [key, value] of Object.entries(entry.env)) {
      if (value === null) unset.push(key);
      else env[key] = typeof value === 'string' ? resolve(value, `.env${pathSegment(key)}`, true) : String(value);
    }
    const envFile = entry.envFile === undefined ? undefined : envFileSetting(entry.envFile, unset, place, at, resolve, errors);
    const cwd = entry.cwd === undefined ? base : resolvePath(base, resolve(entry.cwd, '.cwd'));
    transport = { type: 'stdio', command, args, env, cwd, ...(envFile ? { envFile } : {}) };
    sandbox = sandboxOf(name, { ...entry, command }, place, at, resolve, errors, { userHome: ctx.userHome, sandbox: ctx.sandbox ?? defaultSandboxContext(ctx.userHome, ctx.env) });
  } else {
    const before = errors.length;
    const url = resolve(entry.url, '.url', true);
    // Checked again now that variables are resolved; `${input:…}` is only known when the server starts.
    if (errors.length === before && !url.includes('${input:') && !isHttpUrl(url)) errors.push(`${at}.url: must be an http(s) URL`);
    const headers = Object.fromEntries(Object.entries(entry.headers).map(([k, v]) => [k, resolve(v, `.headers${pathSegment(k)}`, true)]));
    transport = { type: entry.type, url, headers };
  }
  const dev = entry.dev ? devSettings(entry, place, at, resolve, errors) : undefined;
  if (errors.length > 0) return { ok: false, errors };
  const definition: ServerDefinition = {
    name,
    scope: chosen.scope,
    ...(folderPath !== undefined && chosen.folder ? { folder: chosen.folder.name } : {}),
    transport,
    timeoutMs: entry.timeout,
    ...(entry.startTimeout !== undefined ? { startTimeoutMs: entry.startTimeout } : {}),
    roots: entry.roots,
    autoStart: entry.autoStart,
    ...(entry.start ? { start: entry.start } : {}),
    disabled: entry.disabled,
    ...(entry.type !== 'stdio' && entry.oauth ? { oauth: entry.oauth } : {}),
    ...(dev ? { dev } : {}),
    ...(sandbox ? { sandbox } : {}),
    ...(environment.length ? { environment } : {}),
  };
  return { ok: true, value: definition };
}

type Resolve = (value: string, path: string, secret?: boolean) => string;

/** `dev` as the dev-mode feature uses it; globs and debugpyPath may use variables like `${workspaceFolder}`. */
function devSettings(entry: ServerEntry, place: SettingPlace, at: string, resolve: Resolve, errors: string[]): DevModeSettings {
  const { base } = place;
  const watch = (entry.dev?.watch ?? []).map((glob, i) => resolve(glob, `.dev.watch[${i}]`));
  for (const glob of watch.filter((g) => !g.startsWith('!'))) {
    const outside = outsideFolders('dev.watch', literalFolder(resolvePath(base, glob)), place, at);
    if (outside) errors.push(outside);
  }
  const within = allowedFolders('dev.watch', place);
  const settings: DevModeSettings = { watch, base, ...(within ? { within: [...within] } : {}) };
  const debug = entry.type === 'stdio' ? entry.dev?.debug : undefined;
  if (debug?.type === 'debugpy' && debug.debugpyPath !== undefined) {
    return { ...settings, debug: { type: 'debugpy', debugpyPath: resolvePath(base, resolve(debug.debugpyPath, '.dev.debug.debugpyPath')) } };
  }
  return { ...settings, ...(debug ? { debug } : {}) };
}

/** The folder a glob starts in: its path up to the first glob character. */
function literalFolder(glob: string): string {
  const cut = glob.search(/[*?[{(]/);
  return cut < 0 ? glob : dirname(glob.slice(0, cut + 1));
}

/**
 * Where the env file is: not read here (settings are read in Restricted Mode too, and on every change),
 * but when the server starts (mcp/envFile.ts). A workspace's file must be inside the workspace folders.
 */
function envFileSetting(value: string, unset: string[], place: SettingPlace, at: string, resolve: Resolve, errors: string[]): EnvFileSetting | undefined {
  const before = errors.length;
  const path = resolvePath(place.base, resolve(value, '.envFile'));
  if (errors.length > before) return undefined;
  const outside = outsideFolders('envFile', path, place, at);
  if (outside) {
    errors.push(outside);
    return undefined;
  }
  const within = allowedFolders('envFile', place);
  return { path, unset, ...(within ? { within: [...within] } : {}) };
}

function describeScope(scope: ServerScope, folder: FolderInfo | undefined): string {
  if (scope === 'folder' && folder) return `folder "${folder.name}" settings`;
  return `${scope} settings`;
}
