// Every configured server, valid or not, ready for SessionManager.reconcile(): the settings of each
// scope (configurationReader.ts) through the zod-checked resolver, plus the workspace's .vscode/mcp.json,
// shared with VS Code's own MCP support (vscodeMcpJson.ts). Loaded with the contributions, not at
// activation, since zod comes with it.
import type { ConfiguredServer } from '../mcp/sessionManager';
import { readResolveContext, readServerSources, rememberVscodeStorage } from './configurationReader';
import { resolveServers } from './resolveServers';
import { withVscodeMcp } from './vscodeMcpJson';
import { readVscodeMcp } from './vscodeMcpReader';

export function readConfiguredServers(globalStoragePath: string): ConfiguredServer[] {
  rememberVscodeStorage(globalStoragePath);
  const ctx = readResolveContext();
  return withVscodeMcp(resolveServers(readServerSources(), ctx), readVscodeMcp(globalStoragePath), ctx);
}
