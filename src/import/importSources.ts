// Where other tools keep their MCP configurations, per platform. Only paths: reading is the caller's.
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative } from 'node:path';
import type { ConfigFormat } from './importFormats';

export interface ConfigLocation {
  format: ConfigFormat;
  /** E.g. "VS Code (workspace folder 'app')". */
  label: string;
  path: string;
  /**
   * A file inside a workspace folder: it comes with the repository. Read only in a trusted workspace,
   * never preselected, and its servers are written to the workspace settings (where trust and consent
   * apply), never to the user's.
   */
  inWorkspace?: boolean;
}

/** Claude Desktop's per-user application folder on this platform. */
function appDataFolder(app: string, platform: NodeJS.Platform, home: string, env: NodeJS.ProcessEnv): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', app);
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), app);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), app);
}

/**
 * Every place worth looking at. `userSettingsFolder` is VS Code's `User` folder (where the user
 * mcp.json lives); the extension derives it from its global storage path, which works for every
 * VS Code flavour (Insiders, code-server, portable).
 */
export function configLocations(
  workspaceFolders: readonly { name: string; path: string }[],
  userSettingsFolder: string | undefined,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
  env: NodeJS.ProcessEnv = process.env,
): ConfigLocation[] {
  const locations: ConfigLocation[] = [];
  for (const folder of workspaceFolders) {
    locations.push({ format: 'vscode', label: `VS Code, folder '${folder.name}'`, path: join(folder.path, '.vscode', 'mcp.json'), inWorkspace: true });
    locations.push({ format: 'cursor', label: `Cursor, folder '${folder.name}'`, path: join(folder.path, '.cursor', 'mcp.json'), inWorkspace: true });
  }
  if (userSettingsFolder) locations.push({ format: 'vscode', label: 'VS Code, user mcp.json', path: join(userSettingsFolder, 'mcp.json') });
  locations.push({ format: 'claude', label: 'Claude Desktop', path: join(appDataFolder('Claude', platform, home, env), 'claude_desktop_config.json') });
  locations.push({ format: 'cursor', label: 'Cursor, user', path: join(home, '.cursor', 'mcp.json') });
  return locations;
}

/** `<user data>/User/globalStorage/<extension id>` → `<user data>/User`. */
export function userSettingsFolderFromGlobalStorage(globalStoragePath: string): string {
  return dirname(dirname(globalStoragePath));
}

/** The format a file the user picked by hand is most likely in, from its name. */
export function guessFormat(path: string): ConfigFormat {
  if (/claude_desktop_config\.json$/i.test(path)) return 'claude';
  if (/[\\/]\.cursor[\\/]/.test(path)) return 'cursor';
  return 'vscode';
}

/** Whether `path` lies inside one of the workspace folders (a file picked by hand may). */
export function isInside(path: string, folders: readonly { path: string }[]): boolean {
  return folders.some((f) => {
    const rel = relative(f.path, path);
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  });
}

/**
 * The locations an import may read: in an untrusted workspace, none inside the workspace (Workspace
 * Trust: a repository's configuration is not acted on until the user trusts it).
 */
export function readableLocations(locations: readonly ConfigLocation[], trusted: boolean): { read: ConfigLocation[]; skipped: ConfigLocation[] } {
  return { read: locations.filter((l) => trusted || !l.inWorkspace), skipped: locations.filter((l) => !trusted && l.inWorkspace) };
}
