// Which protocol era each stdio server spoke last time, so that the next start can go straight to it:
// a remembered 2025-era server gets a plain `initialize` (no `server/discover` probe, which a silent
// or picky legacy server would answer late or by exiting). Keyed by a hash of how the server runs, so
// an edited command forgets the verdict. The store is injected (the extension passes its globalState;
// this folder never imports vscode).
import { createHash } from 'node:crypto';
import type { StdioTransportConfig } from './serverDefinition';

export type ProtocolEra = 'modern' | 'legacy';

/** A vscode.Memento-shaped store: what globalState offers, and a Map-backed one for tests. */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

interface Verdict {
  era: ProtocolEra;
  at: number;
}

/**
 * A legacy verdict is re-checked after this long: the SDK warns that a stale "legacy" succeeds
 * silently for ever against a server that has since learnt 2026-07-28.
 */
const LEGACY_VERDICT_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
const KEY_PREFIX = 'mcpClient.era.';

export class EraMemory {
  constructor(
    private readonly store: KeyValueStore = new MapStore(),
    private readonly now: () => number = Date.now,
  ) {}

  recall(config: StdioTransportConfig): ProtocolEra | undefined {
    const verdict = this.store.get<Verdict>(eraKey(config));
    if (!verdict) return undefined;
    if (verdict.era === 'legacy' && this.now() - verdict.at > LEGACY_VERDICT_MAX_AGE_MS) return undefined;
    return verdict.era;
  }

  async remember(config: StdioTransportConfig, era: ProtocolEra | undefined): Promise<void> {
    await this.store.update(eraKey(config), era ? { era, at: this.now() } : undefined);
  }
}

/** Everything that decides which program answers: command, arguments, directory, environment. */
export function eraKey(config: StdioTransportConfig): string {
  const env = Object.entries(config.env).sort(([a], [b]) => a.localeCompare(b));
  const identity = JSON.stringify([config.command, config.args, config.cwd ?? '', env]);
  return KEY_PREFIX + createHash('sha256').update(identity).digest('hex').slice(0, 32);
}

class MapStore implements KeyValueStore {
  private readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, value);
  }
}
