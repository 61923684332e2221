// Fills in `${input:id}` when a server starts. A value is asked for the first time a server needs it
// and then kept in SecretStorage (never in settings, never in a log), so later starts ask nothing.
// Pure: no vscode import. The extension passes SecretStorage and an InputHost (quick input).
import type { SecretStore } from '../common/secretStore';
import { SettingKeys } from '../common/settingKeys';
import type { ServerDefinition, TransportConfig } from '../mcp/serverDefinition';
import { inputReferences, substituteInputs, type InputDefinition } from './inputDefinitions';

/** Asks the user for one input's value; undefined when they cancel. `servers` need it (none: the user asked). */
export interface InputHost {
  ask(input: InputDefinition, servers: readonly string[]): Promise<string | undefined>;
}

/** A start that cannot go on because the user did not give a value. Not retried automatically. */
export class InputMissingError extends Error {
  readonly code = 'MCP_INPUT_MISSING';
  constructor(message: string) {
    super(message);
    this.name = 'InputMissingError';
  }
}

const KEY_PREFIX = 'mcpClient.input/';
const INDEX_KEY = 'mcpClient.inputs.stored';

export interface ResolvedInputs {
  definition: ServerDefinition;
  /** The values that were filled in: to be masked in logs. */
  secrets: string[];
}

export class InputResolver {
  /** One question at a time per input, even when several servers need it at once. */
  private readonly asking = new Map<string, Promise<string | undefined>>();

  constructor(
    private readonly store: SecretStore,
    private readonly host: InputHost,
    private readonly definitions: () => readonly InputDefinition[],
  ) {}

  async resolve(definition: ServerDefinition): Promise<ResolvedInputs> {
    const values = await this.values(transportStrings(definition.transport), [definition.name], 'start the server again to enter it');
    if (values.size === 0) return { definition, secrets: [] };
    const sub = (s: string) => substituteInputs(s, (id) => values.get(id));
    return { definition: { ...definition, transport: mapStrings(definition.transport, sub) }, secrets: [...values.values()] };
  }

  /** `texts` with their `${input:…}` filled in (asked for, as the user's own request, when not stored yet); `retry` says how to be asked again. */
  async resolveTexts(texts: readonly string[], retry: string): Promise<string[]> {
    const values = await this.values(texts, [], retry);
    return texts.map((t) => substituteInputs(t, (id) => values.get(id)));
  }

  /** The value of every input that `texts` refer to; `retry` tells how to be asked again after a cancel. */
  private async values(texts: readonly string[], servers: readonly string[], retry: string): Promise<Map<string, string>> {
    const values = new Map<string, string>();
    for (const id of new Set(texts.flatMap(inputReferences))) {
      const input = this.definitions().find((d) => d.id === id);
      if (!input) throw new InputMissingError(`\${input:${id}} is not defined in ${SettingKeys.inputs}.`);
      const value = await this.valueOf(input, servers);
      if (value === undefined) throw new InputMissingError(`No value was given for "${input.description}" (\${input:${id}}); ${retry}.`);
      values.set(id, value);
    }
    return values;
  }

  private async valueOf(input: InputDefinition, servers: readonly string[]): Promise<string | undefined> {
    const stored = await this.store.get(KEY_PREFIX + input.id);
    if (stored !== undefined) return stored;
    let pending = this.asking.get(input.id);
    if (!pending) {
      pending = this.host.ask(input, servers).then(async (value) => {
        if (value !== undefined) await this.set(input.id, value);
        return value;
      });
      pending.finally(() => this.asking.delete(input.id)).catch(() => undefined);
      this.asking.set(input.id, pending);
    }
    return pending;
  }

  /** Ids that have a stored value. */
  async storedIds(): Promise<string[]> {
    const raw = await this.store.get(INDEX_KEY);
    return raw ? (JSON.parse(raw) as string[]) : [];
  }

  async set(id: string, value: string): Promise<void> {
    await this.store.store(KEY_PREFIX + id, value);
    const ids = await this.storedIds();
    if (!ids.includes(id)) await this.store.store(INDEX_KEY, JSON.stringify([...ids, id]));
  }

  async clear(id: string): Promise<void> {
    await this.store.delete(KEY_PREFIX + id);
    await this.store.store(INDEX_KEY, JSON.stringify((await this.storedIds()).filter((x) => x !== id)));
  }

  async clearAll(): Promise<number> {
    const ids = await this.storedIds();
    for (const id of ids) await this.store.delete(KEY_PREFIX + id);
    await this.store.delete(INDEX_KEY);
    return ids.length;
  }
}

/** Every string of a transport that may hold `${input:…}`. */
export function transportStrings(t: TransportConfig): string[] {
  return t.type === 'stdio'
    ? [t.command, ...t.args, ...Object.values(t.env), ...(t.cwd ? [t.cwd] : [])]
    : [t.url, ...Object.values(t.headers)];
}

function mapStrings(t: TransportConfig, f: (s: string) => string): TransportConfig {
  if (t.type === 'stdio') {
    return { ...t, command: f(t.command), args: t.args.map(f), env: Object.fromEntries(Object.entries(t.env).map(([k, v]) => [k, f(v)])), ...(t.cwd ? { cwd: f(t.cwd) } : {}) };
  }
  return { ...t, url: f(t.url), headers: Object.fromEntries(Object.entries(t.headers).map(([k, v]) => [k, f(v)])) };
}
