// The Protocol view's memory: recorded events turned into entries (a request paired with its answer, a
// multi-round-trip request's rounds under the request that started them, progress tied to its request,
// HTTP exchanges to the messages they carried), in a ring buffer with a stated cap whose dropped entries
// are counted, so the view can say "N older entries dropped". No `vscode`: unit-tested and benched in Node.
import type { HttpExchange, TapDirection } from '../../mcp/protocolTap';
import { errorClassOf, isInputRequired, isRoundFollowUp, notificationSummary, notificationTarget, progressTokenOf, shapeOf, subjectOf } from './entryKinds';

/** How many entries are kept; the oldest go first. */
export const TIMELINE_CAP = 5_000;
/** A message larger than this is kept as its first MESSAGE_PREVIEW_CHARS characters. */
export const MESSAGE_KEEP_CHARS = 256 * 1024;
export const MESSAGE_PREVIEW_CHARS = 64 * 1024;

/** What was recorded, as exported (one per line) and imported again. */
export type TimelineEvent =
  | { t: number; type: 'message'; dir: TapDirection; message: unknown; size: number; preview?: string }
  | { t: number; type: 'stderr'; line: string }
  /** A line on a stdio server's stdout that is no message: dropped by the client, so it stands out. */
  | { t: number; type: 'stdout'; line: string }
  | { t: number; type: 'http'; http: HttpExchange }
  | { t: number; type: 'note'; text: string };

export type EntryStatus = 'pending' | 'ok' | 'error' | 'input required' | 'cancelled' | 'info';

export interface TimelineEntry {
  readonly seq: number;
  readonly at: number;
  readonly kind: 'request' | 'notification' | 'response' | 'invalid' | 'stderr' | 'stdout' | 'http' | 'note';
  readonly dir?: TapDirection;
  readonly method?: string;
  readonly id?: string | number;
  /** The tool, prompt or resource (`tools/call` → the tool's name). */
  readonly subject?: string;
  summary: string;
  /** Bytes of the request (or of the one message). */
  size: number;
  responseSize?: number;
  /** Request to answer; for a multi-round request, from the first request to the last answer. */
  durationMs?: number;
  status: EntryStatus;
  errorClass?: string;
  /** The entry of the request that started this round (multi-round-trip, `input_required`). */
  parent?: number;
  /** Rounds so far (on the first request) or this round's number (on a follow-up). */
  round?: number;
  /** The request a progress or cancellation notification is about. */
  relatesTo?: number;
  http: HttpExchange[];
  events: TimelineEvent[];
}

/** A fixed-size ring: the newest `cap` values, oldest first. */
class Ring<T> {
  private readonly items: (T | undefined)[];
  private head = 0;
  length = 0;
  constructor(readonly cap: number) {
    this.items = new Array<T | undefined>(cap);
  }
  /** Adds `value`; returns the value it pushed out, if any. */
  push(value: T): T | undefined {
    const index = (this.head + this.length) % this.cap;
    const out = this.length === this.cap ? this.items[index] : undefined;
    this.items[index] = value;
    if (this.length === this.cap) this.head = (this.head + 1) % this.cap;
    else this.length++;
    return out;
  }
  *[Symbol.iterator](): Iterator<T> {
    for (let i = 0; i < this.length; i++) yield this.items[(this.head + i) % this.cap]!;
  }
}

export class Timeline {
  private ring: Ring<TimelineEntry>;
  private seq = 0;
  /** Entries dropped from the front since the last clear. */
  dropped = 0;
  /** `${direction of the request}|${id}` → its entry; progress tokens; open multi-round chains. */
  private readonly byRequest = new Map<string, TimelineEntry>();
  private readonly byToken = new Map<string, TimelineEntry>();
  private readonly chains = new Map<string, TimelineEntry>();
  private readonly tokenOf = new WeakMap<TimelineEntry, string>();

  constructor(readonly cap = TIMELINE_CAP) {
    this.ring = new Ring(cap);
  }

  get size(): number {
    return this.ring.length;
  }

  entries(): TimelineEntry[] {
    return [...this.ring];
  }

  clear(): void {
    this.ring = new Ring(this.cap);
    this.dropped = 0;
    for (const map of [this.byRequest, this.byToken, this.chains]) map.clear();
  }

  add(event: TimelineEvent): void {
    switch (event.type) {
      case 'message':
        return this.addMessage(event);
      case 'stderr':
      case 'stdout':
        return void this.push({ kind: event.type, at: event.t, summary: event.line, size: event.line.length, status: 'info', events: [event] });
      case 'note':
        return void this.push({ kind: 'note', at: event.t, summary: event.text, size: 0, status: 'info', events: [event] });
      case 'http':
        return this.addHttp(event);
    }
  }

  private addMessage(event: Extract<TimelineEvent, { type: 'message' }>): void {
    if (typeof event.message === 'string') {
      // The session's mask left no valid JSON (a short secret where a number stood): kept as masked text.
      this.push({ kind: 'note', dir: event.dir, at: event.t, summary: 'a message with a secret masked, kept as text', size: event.size, status: 'info', events: [event] });
      return;
    }
    const shape = shapeOf(event.message);
    const kept = keep(event);
    if (shape.kind === 'response') {
      const request = this.byRequest.get(`${event.dir === 'in' ? 'out' : 'in'}|${shape.id}`);
      if (request && request.status === 'pending') return this.answer(request, shape, kept);
      const errorClass = errorClassOf(shape) ?? 'unknown id';
      this.push({ kind: 'response', dir: event.dir, id: shape.id, at: event.t, summary: 'answer to a request that is not in the view', size: event.size, status: 'error', errorClass, events: [kept] });
      return;
    }
    if (shape.kind === 'invalid') {
      this.push({ kind: 'invalid', dir: event.dir, at: event.t, summary: 'not a JSON-RPC request, response or notification', size: event.size, status: 'error', errorClass: 'invalid message', events: [kept] });
      return;
    }
    const subject = subjectOf(shape.params);
    if (shape.kind === 'notification') {
      const target = notificationTarget(shape.method, shape.params);
      const related = target && (target.token !== undefined ? this.byToken.get(String(target.token)) : this.byRequest.get(`${event.dir}|${String(target.requestId)}`));
      if (related && shape.method === 'notifications/cancelled' && related.status === 'pending') {
        related.status = 'cancelled';
        related.errorClass = 'cancelled';
      }
      const summary = notificationSummary(shape.method, shape.params);
      this.push({ kind: 'notification', dir: event.dir, method: shape.method, subject, at: event.t, summary, size: event.size, status: 'info', relatesTo: related?.seq, events: [kept] });
      return;
    }
    const chainKey = `${shape.method}|${subject ?? ''}`;
    const root = isRoundFollowUp(shape) ? this.chains.get(chainKey) : undefined;
    const entry = this.push({ kind: 'request', dir: event.dir, method: shape.method, id: shape.id, subject, at: event.t, summary: subject ?? '', size: event.size, status: 'pending', events: [kept] });
    this.byRequest.set(`${event.dir}|${shape.id}`, entry);
    const token = progressTokenOf(shape.params);
    if (token !== undefined) {
      this.byToken.set(String(token), entry);
      this.tokenOf.set(entry, String(token));
    }
    if (root) {
      root.round = (root.round ?? 1) + 1;
      entry.parent = root.seq;
      entry.round = root.round;
      root.status = 'pending';
    }
  }

  private answer(request: TimelineEntry, shape: Extract<ReturnType<typeof shapeOf>, { kind: 'response' }>, event: TimelineEvent & { type: 'message' }): void {
    request.events.push(event);
    request.responseSize = event.size;
    request.durationMs = event.t - request.at;
    const chainKey = `${request.method}|${request.subject ?? ''}`;
    const root = request.parent === undefined ? request : this.chains.get(chainKey);
    if (isInputRequired(shape)) {
      request.status = 'input required';
      this.chains.set(chainKey, root ?? request);
      if (root && root !== request) root.status = 'input required';
    } else {
      request.errorClass = errorClassOf(shape);
      request.status = request.errorClass ? 'error' : 'ok';
      if (request.parent !== undefined) this.chains.delete(chainKey);
      if (root && root !== request) {
        root.status = request.status;
        root.errorClass = request.errorClass;
      }
    }
    if (root && root !== request) root.durationMs = event.t - root.at;
  }

  private addHttp(event: Extract<TimelineEvent, { type: 'http' }>): void {
    const { http } = event;
    const carried = http.ids.map((id) => this.byRequest.get(`out|${id}`) ?? this.byRequest.get(`in|${id}`)).filter((e): e is TimelineEntry => !!e);
    const failed = http.error ? 'network error' : http.status !== undefined && http.status >= 400 ? `HTTP ${http.status}` : undefined;
    for (const entry of carried) {
      entry.http.push(http);
      entry.events.push(event);
      if (failed && entry.status === 'pending') {
        entry.status = 'error';
        entry.errorClass = failed;
      }
    }
    if (carried.length) return;
    const summary = `${http.method} ${http.url} → ${http.error ?? `${http.status ?? ''} ${http.contentType ?? ''}`.trim()}`;
    this.push({ kind: 'http', at: event.t, summary, size: 0, durationMs: http.durationMs, status: failed ? 'error' : 'info', errorClass: failed, http: [http], events: [event] });
  }

  private push(fields: Omit<TimelineEntry, 'seq' | 'http'> & { http?: HttpExchange[] }): TimelineEntry {
    const entry: TimelineEntry = { ...fields, http: fields.http ?? [], seq: ++this.seq };
    const out = this.ring.push(entry);
    if (out) this.forget(out);
    return entry;
  }

  /** An entry pushed out of the ring: counted, and no longer found by a later answer. */
  private forget(entry: TimelineEntry): void {
    this.dropped++;
    if (entry.kind !== 'request') return;
    const key = `${entry.dir}|${entry.id}`;
    if (this.byRequest.get(key) === entry) this.byRequest.delete(key);
    const token = this.tokenOf.get(entry);
    if (token !== undefined && this.byToken.get(token) === entry) this.byToken.delete(token);
    for (const [k, e] of this.chains) if (e === entry) this.chains.delete(k);
  }
}

/** The event as kept: a message larger than MESSAGE_KEEP_CHARS keeps only its beginning. */
function keep(event: Extract<TimelineEvent, { type: 'message' }>): Extract<TimelineEvent, { type: 'message' }> {
  if (event.size <= MESSAGE_KEEP_CHARS) return event;
  const text = JSON.stringify(event.message);
  return { t: event.t, type: 'message', dir: event.dir, size: event.size, message: null, preview: text.slice(0, MESSAGE_PREVIEW_CHARS) };
}
