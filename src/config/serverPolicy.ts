// An administrator's allow-list (issue 27, part 6): machine- or application-scoped settings a workspace cannot
// change (`mcpClient.policy.*`), and VS Code's own `chat.mcp.access` as a ceiling. A server refused by a rule
// keeps its place in the Servers view, never runs, and says which rule refused it. No `vscode`: the caller reads
// the settings (configurationReader.ts readServerPolicy); unit-tested in plain Node.
//
// A pattern names servers by what they are, with `*` for any run of characters:
//   `registry:<name>`  the server's name in the MCP registry it was installed from (`registry:io.github.acme/*`);
//   `command:<cmd>`    a stdio server's command, as written or its file name (`command:npx`, `command:/opt/mcp/*`);
//   `url:<origin>`     an HTTP server's URL origin (`url:https://*.acme.com`);
//   anything else matches any of the three.
// Only the user's own settings can claim a registry origin: a workspace's entry saying it came from a registry
// is not believed (it is the repository's word), so it never passes a registry rule.
import { basename } from 'node:path';
import { SettingKeys } from '../common/settingKeys';
import type { ServerDefinition } from '../mcp/serverDefinition';
import type { ConfiguredServer } from '../mcp/sessionManager';

export type VscodeMcpAccess = 'none' | 'registry' | 'all';

export interface ServerPolicy {
  allowed: string[];
  denied: string[];
  registryOnly: boolean;
  /** VS Code's `chat.mcp.access`: a ceiling over ours. */
  vscodeAccess: VscodeMcpAccess;
}

export const POLICY_SETTINGS = {
  allowed: SettingKeys.policyAllowed,
  denied: SettingKeys.policyDenied,
  registryOnly: SettingKeys.policyRegistryOnly,
  vscodeAccess: 'chat.mcp.access',
} as const;

function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${glob.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i');
}

/** What a server is, for the patterns: its registry name (user servers only), its command, its URL origin. */
function facets(definition: ServerDefinition): { registry?: string; command?: string[]; url?: string } {
  const t = definition.transport;
  const registry = definition.scope === 'user' ? definition.registry?.name : undefined;
  if (t.type === 'stdio') return { ...(registry ? { registry } : {}), command: [t.command, basename(t.command)] };
  let origin: string | undefined;
  try {
    origin = new URL(t.url).origin;
  } catch {
    origin = undefined;
  }
  return { ...(registry ? { registry } : {}), ...(origin ? { url: origin } : {}) };
}

export function matchesPattern(definition: ServerDefinition, pattern: string): boolean {
  const f = facets(definition);
  const [, kind, rest] = /^(registry|command|url):(.*)$/.exec(pattern) ?? [undefined, undefined, pattern];
  const re = globToRegExp(rest!);
  const registry = !!f.registry && re.test(f.registry);
  const command = !!f.command?.some((c) => re.test(c));
  const url = !!f.url && re.test(f.url);
  if (kind === 'registry') return registry;
  if (kind === 'command') return command;
  if (kind === 'url') return url;
  return registry || command || url;
}

/** The refusal of one server, naming the rule, or undefined when the policy lets it run. */
export function refusalOf(definition: ServerDefinition, policy: ServerPolicy): string | undefined {
  const fromRegistry = definition.scope === 'user' && !!definition.registry;
  if (policy.vscodeAccess === 'none') return `Refused by policy: VS Code's "${POLICY_SETTINGS.vscodeAccess}" is "none", which MCP Client honours as a ceiling: no MCP server runs.`;
  const denied = policy.denied.find((p) => matchesPattern(definition, p));
  if (denied) return `Refused by policy: "${POLICY_SETTINGS.denied}" has the rule "${denied}".`;
  if (policy.vscodeAccess === 'registry' && !fromRegistry) {
    return `Refused by policy: VS Code's "${POLICY_SETTINGS.vscodeAccess}" is "registry", which MCP Client honours as a ceiling: only servers installed from a registry (in your user settings) run.`;
  }
  if (policy.registryOnly && !fromRegistry) return `Refused by policy: "${POLICY_SETTINGS.registryOnly}" is on: only servers installed from a registry (in your user settings) run.`;
  if (policy.allowed.length && !policy.allowed.some((p) => matchesPattern(definition, p))) {
    return `Refused by policy: "${POLICY_SETTINGS.allowed}" lists no rule that matches this server (${policy.allowed.map((p) => `"${p}"`).join(', ')}).`;
  }
  return undefined;
}

/** The configured servers, each one the policy refuses marked with the refusal. */
export function applyPolicy(servers: ConfiguredServer[], policy: ServerPolicy): ConfiguredServer[] {
  return servers.map((server) => {
    const refusedBy = server.definition && refusalOf(server.definition, policy);
    return refusedBy ? { ...server, definition: { ...server.definition!, refusedBy } } : server;
  });
}
