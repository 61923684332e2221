// What a standing permission (a tool's "Always Allow", sampling permission, an OAuth client secret or
// token) is bound to. The user's own servers are named in the user's settings, so their grants are
// keyed by name, as they always were. A workspace or folder server comes with a repository and could
// take the name of one of the user's servers: its grants are keyed by its identity (scope, folder, name
// and a hash of what it runs or where it connects), so it never inherits the user server's grants and a
// changed command or URL starts from nothing. No `vscode` import: unit-tested.
import { createHash } from 'node:crypto';
import type { ServerDefinition } from './serverDefinition';

export function grantKey(definition: ServerDefinition): string {
  return definition.scope === 'user' ? definition.name : endpointKey(definition);
}

/**
 * Where a server is and what it runs: scope, folder, name and a hash of its command line or URL. What
 * lives on the server itself (a task) is bound to this, so a server renamed onto another's name, or
 * whose command or URL changed, is not asked about it.
 */
export function endpointKey(definition: ServerDefinition): string {
  const t = definition.transport;
  const material = t.type === 'stdio' ? [t.command, t.args, t.cwd ?? ''] : [t.type, t.url];
  const hash = createHash('sha256').update(JSON.stringify(material)).digest('hex').slice(0, 16);
  return `${definition.scope}:${definition.folder ?? ''}:${definition.name}#${hash}`;
}

/**
 * True for a workspace or folder server that takes the name of a server in the user's settings: the
 * repository's definition wins the name, so the user must be able to see that this is not their server
 * (its grants are its own, above). A configured entry without a valid definition has a scope and name too.
 */
export function shadowsUserServer(server: Pick<ServerDefinition, 'scope' | 'name'>, userServerNames: readonly string[]): boolean {
  return server.scope !== 'user' && userServerNames.includes(server.name);
}
