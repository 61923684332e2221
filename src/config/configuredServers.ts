// Every configured server, valid or not, ready for SessionManager.reconcile(): the settings of each
// scope (configurationReader.ts) through the zod-checked resolver. Loaded with the contributions, not at
// activation, since zod comes with it.
import type { ConfiguredServer } from '../mcp/sessionManager';
import { readResolveContext, readServerSources } from './configurationReader';
import { resolveServers } from './resolveServers';

export function readConfiguredServers(): ConfiguredServer[] {
  return resolveServers(readServerSources(), readResolveContext());
}
