// Whether a server may run, as the user decided it outside the settings files (issue 27, part 1): turned on or
// off for this workspace only (the workspace's state) or everywhere (the global state), and whether a server
// seen for the first time starts before the user turns it on (`mcpClient.newServers`). Nothing here edits a
// settings file: a shared `.vscode/settings.json` or `.mcp.json` stays as the team wrote it.
// The decision reaches the session layer as a key of the definition (`turnedOff`), so a change reconciles like
// any other change of a server: a server turned off stops, one turned on starts (after consent, as ever).
// No `vscode`: the stores are VS Code's Mementos, passed in; unit-tested in plain Node.
import { grantKey } from '../mcp/serverIdentity';
import type { ServerDefinition, TurnedOff } from '../mcp/serverDefinition';
import type { ConfiguredServer } from '../mcp/sessionManager';

/** A Memento's part that this uses. */
export interface StateStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

export type NewServers = 'enabled' | 'disabled';
export type EnablementScope = 'workspace' | 'everywhere';

/** Server key (mcp/serverIdentity.ts grantKey) → true (on) or false (off). */
const DECISIONS_KEY = 'mcpClient.enablement.decisions';
/** Every server key seen so far (global): a server not in it is new. */
const KNOWN_KEY = 'mcpClient.enablement.known';

export class Enablement {
  constructor(
    private readonly workspace: StateStore,
    private readonly global: StateStore,
    private readonly newServers: () => NewServers,
  ) {}

  /** The user's decision for this server in one scope: true (on), false (off), undefined (none). */
  decision(definition: ServerDefinition, scope: EnablementScope): boolean | undefined {
    return this.decisions(scope)[grantKey(definition)];
  }

  /** Why the server is off, or undefined when it may run (as far as the user's switches go). */
  turnedOff(definition: ServerDefinition): TurnedOff | undefined {
    const here = this.decision(definition, 'workspace');
    if (here !== undefined) return here ? undefined : 'workspace';
    const everywhere = this.decision(definition, 'everywhere');
    if (everywhere !== undefined) return everywhere ? undefined : 'everywhere';
    const known = this.global.get<string[]>(KNOWN_KEY);
    return known && !known.includes(grantKey(definition)) && this.newServers() === 'disabled' ? 'new' : undefined;
  }

  /**
   * Turns a server on or off in one scope. Everywhere also clears this workspace's own decision, so that the
   * server is then as the user just said; in this workspace, the global decision stays for the other workspaces.
   */
  async set(definition: ServerDefinition, on: boolean, scope: EnablementScope): Promise<void> {
    const key = grantKey(definition);
    await this.remember([definition]);
    if (scope === 'everywhere') {
      await this.write('workspace', key, undefined);
      await this.write('everywhere', key, on);
    } else {
      await this.write('workspace', key, on);
    }
  }

  /**
   * The configured servers with the user's switches applied (`turnedOff` on each definition that is off), after
   * learning the servers seen for the first time: a new server is off while `mcpClient.newServers` is
   * "disabled", until the user turns it on. The first read ever only learns the servers: what ran, runs on.
   */
  apply(servers: ConfiguredServer[]): ConfiguredServer[] {
    const known = this.global.get<string[]>(KNOWN_KEY);
    const definitions = servers.flatMap((s) => (s.definition ? [s.definition] : []));
    if (!known) {
      void this.global.update(KNOWN_KEY, [...new Set(definitions.map(grantKey))]);
    } else {
      // Under "disabled" a new server stays unknown (so, off) until the user turns it on (set() learns it).
      const fresh = definitions.filter((d) => !known.includes(grantKey(d)));
      if (fresh.length && this.newServers() === 'enabled') void this.global.update(KNOWN_KEY, [...new Set([...known, ...fresh.map(grantKey)])]);
    }
    return servers.map((server) => {
      const off = server.definition && this.turnedOff(server.definition);
      return off ? { ...server, definition: { ...server.definition!, turnedOff: off } } : server;
    });
  }

  private async remember(definitions: ServerDefinition[]): Promise<void> {
    const known = this.global.get<string[]>(KNOWN_KEY) ?? [];
    const add = definitions.map(grantKey).filter((k) => !known.includes(k));
    if (add.length) await this.global.update(KNOWN_KEY, [...known, ...add]);
  }

  private decisions(scope: EnablementScope): Record<string, boolean> {
    return (scope === 'workspace' ? this.workspace : this.global).get<Record<string, boolean>>(DECISIONS_KEY) ?? {};
  }

  private async write(scope: EnablementScope, key: string, on: boolean | undefined): Promise<void> {
    const next = { ...this.decisions(scope) };
    if (on === undefined) delete next[key];
    else next[key] = on;
    await (scope === 'workspace' ? this.workspace : this.global).update(DECISIONS_KEY, next);
  }
}
