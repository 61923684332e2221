// What a sandboxed server may reach, resolved from its settings and the defaults (config/sandboxSettings.ts
// makes it): absolute paths and domain patterns only, so that the consent question shows exactly what
// will be enforced and its hash covers it. No `vscode` import; the launcher (launcher.ts) enforces it with
// @anthropic-ai/sandbox-runtime.

export interface SandboxDefinition {
  /** Why it is sandboxed: `mcpClient.sandbox.default` chose it, or the server's own `sandbox.enabled: true`. */
  reason: 'policy' | 'setting';
  filesystem: {
    /** The only places it may write (the workspace folders, its own folder, and what the settings add). */
    allowWrite: string[];
    /** Never writable, even inside allowWrite. */
    denyWrite: string[];
    /** Unreadable (the credential stores by default, and what the settings add). */
    denyRead: string[];
    /** Readable again inside a denied folder (user settings only). */
    allowRead: string[];
    /** A repository's allowWrite: each must be inside these folders on its real path too (checked at start). */
    writeWithin?: string[];
    /** The workspace folders: their `.vscode`, git hooks, shell start-up files … are never writable (workspaceProtection.ts). */
    protect: string[];
  };
  network: {
    /** Hosts it may connect to (through the sandbox's proxy); nothing else. */
    allowedDomains: string[];
    /** The package registry a launcher (npx, uvx) downloads from: allowed only until the server has answered. */
    installDomains: string[];
  };
  /** Its own folder, writable: temp files and caches (TMPDIR, XDG_CACHE_HOME, npm's and uv's caches). */
  ownDir: string;
}

/**
 * Credential stores no sandboxed server reads, whatever its settings add (relative to the home folder).
 * The list (SSH, AWS, GitHub CLI, GnuPG, browser profiles, VS Code's own storage) and the other
 * places where tools keep tokens in plain files.
 */
export const DEFAULT_DENY_READ_IN_HOME: readonly string[] = [
  '.ssh',
  '.aws',
  '.config/gh',
  '.gnupg',
  '.azure',
  '.config/gcloud',
  '.kube',
  '.docker',
  '.netrc',
  '.git-credentials',
  '.npmrc',
  '.pypirc',
  '.password-store',
  '.local/share/keyrings',
  // Browser profiles (cookies, saved passwords).
  '.mozilla',
  '.config/google-chrome',
  '.config/chromium',
  '.config/BraveSoftware',
  '.config/microsoft-edge',
  '.config/vivaldi',
  '.config/opera',
  'snap/firefox',
  'snap/chromium',
  '.var/app/org.mozilla.firefox',
  '.var/app/com.google.Chrome',
  'Library/Application Support/Google/Chrome',
  'Library/Application Support/Firefox',
  'Library/Application Support/BraveSoftware',
  'Library/Application Support/Microsoft Edge',
  'Library/Safari',
  'Library/Cookies',
  'Library/Keychains',
  // VS Code's own storage (its secret storage, settings, extensions' global state), every flavour. Not the
  // extensions folders (~/.vscode-server/extensions…): the sandbox's own helper binary is in one of them.
  '.config/Code',
  '.config/Code - Insiders',
  '.config/VSCodium',
  '.config/Cursor',
  '.vscode-server/data',
  '.vscode-server-insiders/data',
  '.local/share/code-server/User',
  '.config/code-server',
  'Library/Application Support/Code',
  'Library/Application Support/Code - Insiders',
  'Library/Application Support/VSCodium',
  'Library/Application Support/Cursor',
];

/** Package launchers that download the server at its first start, and the registry each one uses. */
export const INSTALL_REGISTRIES: Readonly<Record<string, readonly string[]>> = {
  npx: ['registry.npmjs.org'],
  npm: ['registry.npmjs.org'],
  pnpm: ['registry.npmjs.org'],
  pnpx: ['registry.npmjs.org'],
  yarn: ['registry.npmjs.org', 'registry.yarnpkg.com'],
  bunx: ['registry.npmjs.org'],
  uvx: ['pypi.org', 'files.pythonhosted.org'],
  uv: ['pypi.org', 'files.pythonhosted.org'],
  pipx: ['pypi.org', 'files.pythonhosted.org'],
};

/**
 * Environment a sandboxed server starts with, on top of its own: temp files and caches in its own folder
 * (the rest of the disk is read-only to it), and Node's fetch/http told to use the sandbox's proxy (the
 * only way out of it; other tools read HTTP(S)_PROXY, which the sandbox sets). The server's own `env` wins.
 */
export function sandboxEnvironment(sandbox: SandboxDefinition): Record<string, string> {
  const dir = sandbox.ownDir;
  return {
    TMPDIR: `${dir}/tmp`,
    XDG_CACHE_HOME: `${dir}/cache`,
    npm_config_cache: `${dir}/cache/npm`,
    UV_CACHE_DIR: `${dir}/cache/uv`,
    PIP_CACHE_DIR: `${dir}/cache/pip`,
    NODE_USE_ENV_PROXY: '1',
  };
}

/** The folders the launcher creates before the server starts (bubblewrap binds only what exists). */
export function ownFolders(sandbox: SandboxDefinition): string[] {
  return [sandbox.ownDir, `${sandbox.ownDir}/tmp`, `${sandbox.ownDir}/cache`];
}
