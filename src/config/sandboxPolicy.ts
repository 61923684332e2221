// `mcpClient.sandbox.default` and where sandboxes keep their folders: what the settings reader (light, in the
// activation bundle) needs of the sandbox. What a sandbox allows is sandboxSettings.ts.
import { join } from 'node:path';

/** `mcpClient.sandbox.default`. */
export type SandboxPolicy = 'workspaceAndRegistry' | 'all' | 'none';
export const SANDBOX_POLICIES: readonly SandboxPolicy[] = ['workspaceAndRegistry', 'all', 'none'];

export interface SandboxContext {
  policy: SandboxPolicy;
  /** Where each server's own folder is made (`~/.cache/mcp-client/sandbox`). */
  cacheDir: string;
  /** VS Code's own storage (its user data folder), which no sandbox reads. */
  privateDirs: readonly string[];
}

export function defaultSandboxContext(userHome: string, env: Record<string, string | undefined>): SandboxContext {
  return { policy: 'workspaceAndRegistry', cacheDir: join(env.XDG_CACHE_HOME || join(userHome, '.cache'), 'mcp-client', 'sandbox'), privateDirs: [] };
}

/** `mcpClient.sandbox.default` as read from user settings; anything else is the default. */
export function sandboxPolicyOf(value: unknown): SandboxPolicy {
  return SANDBOX_POLICIES.find((p) => p === value) ?? 'workspaceAndRegistry';
}
