// "Allow … for this server": what a refusal becomes in the server's settings, and whether the settings
// where the server is defined may hold it (a workspace may not loosen its sandbox past settingScopes.ts's
// `sandbox.*` rows). No `vscode` import: unit-tested.
import { dirname } from 'node:path';
import type { SandboxRefusal } from '../mcp/sandbox/refusals';
import { within } from '../mcp/sandbox/refusals';
import type { ServerScope } from '../mcp/serverDefinition';

export interface Allowance {
  /** The setting under the server's entry. */
  key: 'filesystem.allowWrite' | 'filesystem.allowRead' | 'network.allowedDomains';
  /** What is added to it: the folder a refused file is in, the path read, or host:port. */
  value: string;
  /** For the menu: "Allow writing in /x", "Allow reading /y", "Allow connecting to h:443". */
  kind: SandboxRefusal['kind'];
}

/** The setting a refusal asks for. A write is allowed for the folder the file is in (files come and go). */
export function allowanceFor(refusal: SandboxRefusal): Allowance {
  switch (refusal.kind) {
    case 'write':
      return { key: 'filesystem.allowWrite', value: dirname(refusal.target), kind: 'write' };
    case 'read':
      return { key: 'filesystem.allowRead', value: refusal.target, kind: 'read' };
    case 'connect':
      return { key: 'network.allowedDomains', value: refusal.target, kind: 'connect' };
  }
}

/**
 * Why the settings of `scope` may not hold `allowance` (a reason for the user), or undefined when they may.
 * `folders`: the workspace folders (a workspace may open only those to writing).
 */
export function refusedFor(scope: ServerScope, allowance: Allowance, folders: readonly string[]): string | undefined {
  if (scope === 'user') return undefined;
  if (allowance.key === 'filesystem.allowRead') return 'a workspace server may not read what the sandbox hides (credential stores)';
  if (allowance.key === 'filesystem.allowWrite' && !folders.some((f) => within(allowance.value, f))) return 'a workspace server may write only inside the workspace folders';
  if (allowance.key === 'network.allowedDomains' && /^(localhost|\[|[0-9.]+(:|$))|\.(localhost|local|internal|lan|home\.arpa)(:|$)/i.test(allowance.value)) {
    return 'a workspace server may not reach services on this machine or its network';
  }
  return undefined;
}

/** The server's settings entry with the allowance added (a new object; the rest as it was). */
export function withAllowance(entry: Record<string, unknown>, allowance: Allowance): Record<string, unknown> {
  const [group, leaf] = allowance.key.split('.') as ['filesystem' | 'network', string];
  const sandbox = { ...((entry.sandbox as Record<string, unknown> | undefined) ?? {}) };
  const section = { ...((sandbox[group] as Record<string, unknown> | undefined) ?? {}) };
  const list = Array.isArray(section[leaf]) ? (section[leaf] as unknown[]) : [];
  section[leaf] = list.includes(allowance.value) ? list : [...list, allowance.value];
  sandbox[group] = section;
  return { ...entry, sandbox };
}
