// Which server settings a repository may set. Workspace and folder settings (and a workspace's
// .vscode/mcp.json) come with the repository; a key that makes MCP Client read a local file, run another
// program or send a credential is honoured from user settings only, or only for files inside the
// workspace folders. This table is the one list: the resolver (resolveServers.ts) consults it for every
// entry, and nothing else keeps one. Decisions for the keys not listed:
// - `command`, `args`, `cwd`, `url`, `headers`, `env`: what a workspace server is; every one of them is in
//   the consent question and its hash (trust/consentMaterial.ts), `${env:…}` values named there.
// - `oauth.clientId`, `oauth.clientMetadataUrl`, `oauth.scopes`: public identifiers; a workspace server's
//   client secret and tokens are kept by its identity, never shared with a user server (mcp/serverIdentity.ts).
// - `sandbox.filesystem.denyRead`, `sandbox.filesystem.denyWrite`: they only take away; `sandbox.enabled: true`
//   too. A workspace may never loosen its own sandbox beyond the defaults: the `sandbox` rows below say how
//   far each loosening key goes (config/sandboxSettings.ts applies them), and the consent question shows the
//   sandbox as it will run.
import { isInside } from '../mcp/localFile';
import type { ServerScope } from '../mcp/serverDefinition';

export interface ScopeRule {
  /** What the key makes MCP Client do, as the end of "…: it …". */
  does: string;
  /**
   * From workspace or folder settings: refused; allowed for paths inside the workspace folders only; `true`
   * only (a switch that may turn a protection on, not off); or public hosts only (no name or address of
   * this machine or its network).
   */
  workspace: 'refused' | 'insideWorkspaceFolders' | 'trueOnly' | 'publicHostsOnly';
  /** From user settings: anywhere, or inside the workspace folders or the server's base folder (the settings' folder, else home). */
  user: 'anywhere' | 'insideWorkspaceFoldersOrBase';
}

export const SCOPE_RULES = {
  'oauth.workloadIdentity': { does: 'makes MCP Client read a local file and send it as a credential', workspace: 'refused', user: 'anywhere' },
  'oauth.enterprise': { does: 'sends your identity provider ID token to the endpoint it names', workspace: 'refused', user: 'anywhere' },
  'oauth.allowIssuerMismatch': {
    does: 'turns off the check that keeps your sign-in from going to another authorization server',
    workspace: 'refused',
    user: 'anywhere',
  },
  'dev.debug.debugpyPath': { does: "runs another program than the server's command", workspace: 'refused', user: 'anywhere' },
  // A workspace's own .env is common (VS Code's mcp.json reads it too); its values reach only the server
  // you allowed, and the question names its variables. Outside the workspace it could be any file of yours.
  envFile: { does: "makes MCP Client read a local file into the server's environment", workspace: 'insideWorkspaceFolders', user: 'anywhere' },
  // Watching is cheap but recursive: a glob at / would watch the whole disk.
  'dev.watch': { does: 'makes MCP Client watch files', workspace: 'insideWorkspaceFolders', user: 'insideWorkspaceFoldersOrBase' },
  // Issue 28. A repository's server must not be able to run itself without its sandbox,
  'sandbox.enabled': { does: 'runs the server without the sandbox that limits what it may touch', workspace: 'trueOnly', user: 'anywhere' },
  // nor write outside the repository (real paths: a symlink out is refused when the server starts),
  'sandbox.filesystem.allowWrite': { does: 'lets the sandboxed server write there', workspace: 'insideWorkspaceFolders', user: 'anywhere' },
  // nor read the credential stores the defaults hide,
  'sandbox.filesystem.allowRead': { does: 'lets the sandboxed server read what the sandbox hides (credential stores)', workspace: 'refused', user: 'anywhere' },
  // nor reach services on this machine or its network (a public host it needs is in the question, by name).
  'sandbox.network.allowedDomains': {
    does: 'lets the sandboxed server reach services on this machine or its network',
    workspace: 'publicHostsOnly',
    user: 'anywhere',
  },
} as const satisfies Record<string, ScopeRule>;

export type ScopedKey = keyof typeof SCOPE_RULES;

/** Where a setting came from, for messages: "workspace settings", "settings of folder 'app'", ".vscode/mcp.json". */
export interface SettingPlace {
  scope: ServerScope;
  /** Shown in messages. */
  label: string;
  /** The workspace folders (folder settings: the folder itself) and the server's base folder. */
  folders: readonly string[];
  base: string;
}

/** Errors for keys this place may not set; `at` is the server's setting path. */
export function refusedKeys(entry: object, place: SettingPlace, at: string): string[] {
  if (place.scope === 'user') return [];
  return (Object.entries(SCOPE_RULES) as [ScopedKey, ScopeRule][])
    .filter(([key, rule]) => rule.workspace === 'refused' && valueAt(entry, key) !== undefined)
    .map(([key, rule]) => {
      const leaf = key.split('.').pop()!;
      return `${at}.${key}: not allowed in ${place.label}: it ${rule.does}. Set "${leaf}" for this server in your user settings instead (Preferences: Open User Settings (JSON)), if you trust it.`;
    });
}

/** The folders a path of `key` must be inside, here; undefined: anywhere. */
export function allowedFolders(key: ScopedKey, place: SettingPlace): readonly string[] | undefined {
  const rule: ScopeRule = SCOPE_RULES[key];
  if (place.scope !== 'user') return rule.workspace === 'insideWorkspaceFolders' ? place.folders : [];
  return rule.user === 'insideWorkspaceFoldersOrBase' ? [...place.folders, place.base] : undefined;
}

/** An error when `path` (absolute) is not inside the folders `key` allows here. */
export function outsideFolders(key: ScopedKey, path: string, place: SettingPlace, at: string): string | undefined {
  const folders = allowedFolders(key, place);
  if (!folders || folders.some((folder) => isInside(path, folder))) return undefined;
  const inside = folders.length ? `inside ${folders.join(' or ')}` : 'inside a workspace folder (none is open)';
  const fix = place.scope === 'user' ? '' : ' Move this server to your user settings to use a path outside the workspace.';
  return `${at}.${key}: ${path} is outside the folders it may use; in ${place.label} it must be ${inside}, since it ${SCOPE_RULES[key].does}.${fix}`;
}

function valueAt(entry: object, dotted: string): unknown {
  let value: unknown = entry;
  for (const part of dotted.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
