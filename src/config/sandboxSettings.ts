// Issue 28: which stdio servers run sandboxed, and what each sandbox allows, from the server's `sandbox`
// settings, `mcpClient.sandbox.default` and the defaults (mcp/sandbox/sandboxDefinition.ts). The result is
// part of the definition, so the consent question shows it and its hash covers it. A repository's settings
// may tighten a sandbox but not loosen it past what settingScopes.ts allows (the `sandbox.*` rows).
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { basename, join, resolve as resolvePath } from 'node:path';
import { SettingKeys } from '../common/settingKeys';
import { DEFAULT_DENY_READ_IN_HOME, INSTALL_REGISTRIES, type SandboxDefinition } from '../mcp/sandbox/sandboxDefinition';
import type { StdioServerEntry } from './serverSchema';
import type { SandboxContext } from './sandboxPolicy';
import { outsideFolders, SCOPE_RULES, type SettingPlace } from './settingScopes';

type Resolve = (value: string, path: string, secret?: boolean) => string;

/** The sandbox this server runs in, or undefined when it runs without one. Problems go to `errors`. */
export function sandboxOf(
  name: string,
  entry: StdioServerEntry,
  place: SettingPlace,
  at: string,
  resolve: Resolve,
  errors: string[],
  ctx: { userHome: string; sandbox: SandboxContext },
): SandboxDefinition | undefined {
  const settings = entry.sandbox;
  const workspace = place.scope !== 'user';
  if (settings?.enabled === false) {
    if (workspace) errors.push(refusedHere('sandbox.enabled', 'enabled', place, at));
    if (settings.filesystem || settings.network) errors.push(`${at}.sandbox: "enabled" is false, so "filesystem" and "network" would do nothing; remove them, or remove "enabled"`);
    return undefined;
  }
  // A `sandbox` block of a server's own asks for a sandbox; otherwise the policy decides.
  const policy = ctx.sandbox.policy;
  const byPolicy = policy === 'all' || (policy === 'workspaceAndRegistry' && (workspace || entry.registry !== undefined));
  if (!settings && !byPolicy) return undefined;

  const paths = (key: 'allowWrite' | 'denyWrite' | 'denyRead' | 'allowRead') =>
    (settings?.filesystem?.[key] ?? []).map((p, i) => {
      const value = resolve(p, `.sandbox.filesystem.${key}[${i}]`);
      return resolvePath(place.base, value.startsWith('~/') || value === '~' ? join(ctx.userHome, value.slice(1)) : value);
    });
  const allowWrite = paths('allowWrite');
  if (workspace) for (const path of allowWrite) pushIf(errors, outsideFolders('sandbox.filesystem.allowWrite', path, place, at));
  const allowedDomains = (settings?.network?.allowedDomains ?? []).map((d) => d.toLowerCase());
  for (const domain of allowedDomains) {
    if (workspace && isLocalHost(domain)) errors.push(`${at}.sandbox.network.allowedDomains: "${domain}" is not allowed in ${place.label}: it ${SCOPE_RULES['sandbox.network.allowedDomains'].does}. Add it for this server in your user settings instead (Preferences: Open User Settings (JSON)), if you trust it.`);
    else if (/^\*\.[^.]+(?::\d+)?$/.test(domain)) errors.push(`${at}.sandbox.network.allowedDomains: "${domain}" is too broad (every host under a top-level domain); name the hosts, e.g. "*.example.com"`);
  }

  const ownDir = join(ctx.sandbox.cacheDir, `${name.replace(/[^\w.-]/g, '_').slice(0, 40)}-${createHash('sha256').update(JSON.stringify([place.scope, place.folders, name])).digest('hex').slice(0, 12)}`);
  const launcher = basename(entry.command).replace(/\.(cmd|exe|bat)$/i, '').toLowerCase();
  return {
    reason: settings ? 'setting' : 'policy',
    filesystem: {
      allowWrite: unique([...place.folders, ownDir, ...allowWrite]),
      denyWrite: unique(paths('denyWrite')),
      denyRead: unique([...DEFAULT_DENY_READ_IN_HOME.map((p) => join(ctx.userHome, p)), ...ctx.sandbox.privateDirs, ...paths('denyRead')]),
      allowRead: unique(paths('allowRead')),
      protect: [...place.folders],
      // A repository's write folders must be inside it on their real paths too (a symlink out is refused at start).
      ...(workspace && allowWrite.length ? { writeWithin: [...place.folders] } : {}),
    },
    network: { allowedDomains: unique(allowedDomains), installDomains: [...(INSTALL_REGISTRIES[launcher] ?? [])] },
    ownDir,
  };
}

/** A name or address of this machine or its network: `localhost`, `*.localhost`, `*.local`, `*.internal`, an IP literal. */
function isLocalHost(domain: string): boolean {
  const host = domain.replace(/:\d+$/, '').replace(/^\[|\]$/g, '').replace(/^\*\./, '');
  return host === 'localhost' || /\.(localhost|local|internal|lan|home\.arpa)$/.test(host) || isIP(host) !== 0 || /^[0-9.]+$/.test(host);
}

function refusedHere(key: keyof typeof SCOPE_RULES, leaf: string, place: SettingPlace, at: string): string {
  return (
    `${at}.${key}: false is not allowed in ${place.label}: it ${SCOPE_RULES[key].does}. If you trust this workspace's servers, set ` +
    `${SettingKeys.sandboxDefault} to "none" in your user settings (Preferences: Open User Settings (JSON)) and remove "${leaf}" here, or define the server in your user settings.`
  );
}

function pushIf(errors: string[], error: string | undefined): void {
  if (error) errors.push(error);
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list)];
}
