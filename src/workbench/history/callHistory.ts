// The calls made by hand in this workspace (Call Tool…, Run Prompt…, a resource opened), newest first,
// pinned ones on top, kept in workspaceState: arguments, result (capped), when and how long. Every entry
// passes one mask before it is stored: the server's session masks the `${input:…}` values it was started
// with in every string (keys too), so a secret typed into an input never lands in the history, whatever
// field it hides in. No `vscode`: the store is a Memento-shaped object.
import type { HandCall, HandCallOutcome } from '../../common/handCalls';
import { Emitter } from '../../mcp/lifecycle';
import { maskDeep } from '../maskDeep';

export const HISTORY_KEY = 'mcpClient.history';
/** Unpinned entries kept; the oldest go first. Pinned entries are kept until unpinned or removed. */
export const MAX_UNPINNED = 100;
/** A result larger than this (as JSON) is kept as a note saying so, not as the result. */
export const MAX_RESULT_CHARS = 64 * 1024;

export interface HistoryEntry {
  id: string;
  kind: HandCall['kind'];
  server: string;
  name: string;
  arguments?: Record<string, unknown>;
  startedAt: number;
  durationMs: number;
  outcome: HandCallOutcome | { tooLarge: number; isError?: boolean };
  pinned?: boolean;
  /** The result document the call opened (found again by Save as Test on that document). */
  document?: string;
}

export interface MementoLike {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

/** Masks one string of a server's call (the session's `${input:…}` values). */
export type ServerMask = (server: string, text: string) => string;

export class CallHistory {
  private readonly changeEmitter = new Emitter<void>();
  readonly onDidChange = this.changeEmitter.event;
  private counter = 0;

  constructor(
    private readonly memento: MementoLike,
    private readonly mask: ServerMask,
  ) {}

  /** Pinned first, then newest first. */
  entries(): HistoryEntry[] {
    const all = this.memento.get<HistoryEntry[]>(HISTORY_KEY) ?? [];
    return [...all.filter((e) => e.pinned), ...all.filter((e) => !e.pinned)];
  }

  get(id: string): HistoryEntry | undefined {
    return this.entries().find((e) => e.id === id);
  }

  findByDocument(document: string): HistoryEntry | undefined {
    return this.entries().find((e) => e.document === document);
  }

  async add(call: HandCall): Promise<HistoryEntry> {
    const mask = (text: string) => this.mask(call.server, text);
    // What the server or the user wrote is masked; our own fields (ids, times, the server's name) are not.
    const written = maskDeep({ name: call.name, arguments: call.arguments, outcome: capped(call.outcome) }, mask) as Pick<HistoryEntry, 'name' | 'arguments' | 'outcome'>;
    const entry: HistoryEntry = {
      id: `${call.startedAt.toString(36)}-${(++this.counter).toString(36)}`,
      kind: call.kind,
      server: call.server,
      name: written.name,
      ...(written.arguments && { arguments: written.arguments }),
      startedAt: call.startedAt,
      durationMs: Math.round(call.durationMs),
      outcome: written.outcome,
      ...(call.document && { document: call.document }),
    };
    const all = this.entries();
    const unpinned = [entry, ...all.filter((e) => !e.pinned)].slice(0, MAX_UNPINNED);
    await this.save([...all.filter((e) => e.pinned), ...unpinned]);
    return entry;
  }

  async setPinned(id: string, pinned: boolean): Promise<void> {
    await this.save(this.entries().map((e) => (e.id === id ? { ...e, pinned } : e)));
  }

  async remove(id: string): Promise<void> {
    await this.save(this.entries().filter((e) => e.id !== id));
  }

  /** Removes every unpinned entry; returns how many went. */
  async clear(): Promise<number> {
    const all = this.entries();
    const kept = all.filter((e) => e.pinned);
    await this.save(kept);
    return all.length - kept.length;
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }

  private async save(entries: HistoryEntry[]): Promise<void> {
    await this.memento.update(HISTORY_KEY, entries);
    this.changeEmitter.fire();
  }
}

function capped(outcome: HandCallOutcome): HistoryEntry['outcome'] {
  if (!('result' in outcome)) return outcome;
  const size = JSON.stringify(outcome.result ?? null).length;
  return size > MAX_RESULT_CHARS ? { tooLarge: size, ...(outcome.isError && { isError: true }) } : outcome;
}
