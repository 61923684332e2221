// `${…}` variables in server settings, as VS Code's mcp.json understands them. Pure: the caller
// passes the workspace folders, home folder and environment, so this runs in plain Node tests.
import type { ConfigResult } from './result';

export interface FolderInfo {
  name: string;
  path: string;
}

export interface VariableContext {
  workspaceFolders: readonly FolderInfo[];
  /** The folder a folder-scoped setting came from: `${workspaceFolder}` means that folder. */
  folderPath?: string;
  userHome: string;
  env: Record<string, string | undefined>;
}

const SUPPORTED = '${workspaceFolder}, ${workspaceFolder:name}, ${userHome}, ${env:NAME}';

/**
 * Replaces the variables in `value`. Errors name the variable (the caller adds the setting path).
 * `${input:id}` stays as written: inputs are resolved later, when the server starts. `onEnvironment`
 * hears each `${env:NAME}` that gave a value (the resolver treats those values as secrets).
 */
export function resolveVariables(value: string, ctx: VariableContext, onEnvironment?: (variable: string, value: string) => void): ConfigResult<string> {
  const errors: string[] = [];
  // `~` only at the very start, as in a shell: `a~b` and `~user` are left alone.
  const expanded = value === '~' || value.startsWith('~/') || value.startsWith('~\\') ? ctx.userHome + value.slice(1) : value;
  // One pass with a callback, so text that a variable expands to is never expanded again.
  const result = expanded.replace(/\$\{([^{}]*)\}/g, (match, body: string) => {
    const resolved = resolveOne(body, ctx);
    if (typeof resolved === 'string') {
      if (onEnvironment && body.startsWith('env:') && resolved) onEnvironment(body.slice(4), resolved);
      return resolved;
    }
    errors.push(resolved.error);
    return match;
  });
  return errors.length === 0 ? { ok: true, value: result } : { ok: false, errors };
}

function resolveOne(body: string, ctx: VariableContext): string | { error: string } {
  const colon = body.indexOf(':');
  const name = colon < 0 ? body : body.slice(0, colon);
  const arg = colon < 0 ? undefined : body.slice(colon + 1);
  switch (name) {
    case 'workspaceFolder':
      return arg === undefined ? currentFolder(ctx) : namedFolder(arg, ctx);
    case 'userHome':
      return arg === undefined ? ctx.userHome : unknown(body);
    case 'env':
      if (!arg) return { error: '${env:NAME} needs the name of an environment variable' };
      // An unset variable becomes empty text, as in VS Code and in shells.
      return ctx.env[arg] ?? '';
    case 'input':
      return `\${${body}}`;
    default:
      return unknown(body);
  }
}

function currentFolder(ctx: VariableContext): string | { error: string } {
  const path = ctx.folderPath ?? ctx.workspaceFolders[0]?.path;
  return path ?? { error: '${workspaceFolder} needs an open workspace folder' };
}

function namedFolder(name: string, ctx: VariableContext): string | { error: string } {
  const folder = ctx.workspaceFolders.find((f) => f.name === name);
  if (folder) return folder.path;
  const open = ctx.workspaceFolders.map((f) => `"${f.name}"`).join(', ');
  return { error: `\${workspaceFolder:${name}}: no open workspace folder is named "${name}"${open ? ` (open: ${open})` : ''}` };
}

function unknown(body: string): { error: string } {
  return { error: `unknown variable \${${body}} (supported: ${SUPPORTED})` };
}
