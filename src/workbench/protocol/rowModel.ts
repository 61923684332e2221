// What the Protocol view's page shows of a timeline: one row per entry, the rounds of a multi-round
// request right under the request that started them, filtered by method or text. Every string from a
// server is cleaned and capped here (the page renders rows as text, never as HTML). No `vscode`.
import { cleanServerLine } from '../../common/serverText';
import type { Timeline, TimelineEntry } from './timeline';

/** Rows sent to the page at most; the rest is counted ("showing the last N of M"). */
export const MAX_ROWS_SHOWN = 1_000;
const SUMMARY_CHARS = 300;

export interface Row {
  seq: number;
  time: string;
  /** → client to server, ← server to client. */
  arrow: string;
  kind: TimelineEntry['kind'];
  label: string;
  subject: string;
  summary: string;
  duration: string;
  size: string;
  status: TimelineEntry['status'];
  errorClass: string;
  http: string;
  /** 1 for a round under the request that started it. */
  depth: number;
  /** "round 2 of 3" on a multi-round request's rows. */
  round: string;
}

export interface RowsView {
  rows: Row[];
  /** Entries that match the filter (the page shows the last MAX_ROWS_SHOWN of them). */
  matching: number;
  total: number;
  dropped: number;
}

export function rowsOf(timeline: Timeline, filter: string): RowsView {
  const entries = timeline.entries();
  const bySeq = new Map(entries.map((e) => [e.seq, e]));
  const children = new Map<number, TimelineEntry[]>();
  for (const e of entries) if (e.parent !== undefined && bySeq.has(e.parent)) children.set(e.parent, [...(children.get(e.parent) ?? []), e]);
  const wanted = filter.trim().toLowerCase();
  const ordered: { entry: TimelineEntry; depth: number }[] = [];
  for (const entry of entries) {
    if (entry.parent !== undefined && bySeq.has(entry.parent)) continue;
    const rounds = children.get(entry.seq) ?? [];
    if (wanted && !matches(entry, wanted) && !rounds.some((r) => matches(r, wanted))) continue;
    ordered.push({ entry, depth: 0 }, ...rounds.map((r) => ({ entry: r, depth: 1 })));
  }
  return {
    rows: ordered.slice(-MAX_ROWS_SHOWN).map(({ entry, depth }) => toRow(entry, depth, entry.relatesTo === undefined ? undefined : bySeq.get(entry.relatesTo))),
    matching: ordered.length,
    total: entries.length,
    dropped: timeline.dropped,
  };
}

/** An entry matches when its method, subject, error class or any message text contains `text`. */
export function matches(entry: TimelineEntry, text: string): boolean {
  const fields = [entry.method, entry.subject, entry.summary, entry.errorClass, entry.kind];
  if (fields.some((f) => f?.toLowerCase().includes(text))) return true;
  return entry.events.some((e) => JSON.stringify(e).toLowerCase().includes(text));
}

function toRow(entry: TimelineEntry, depth: number, related?: TimelineEntry): Row {
  const clean = (text: string | undefined) => cleanServerLine(text ?? '', SUMMARY_CHARS);
  const label = entry.method ?? { stderr: 'stderr', stdout: 'stdout, dropped', note: '—', http: 'HTTP', invalid: 'invalid', response: 'response', request: '', notification: '' }[entry.kind];
  return {
    seq: entry.seq,
    time: clock(entry.at),
    arrow: entry.dir === 'out' ? '→' : entry.dir === 'in' ? '←' : '',
    kind: entry.kind,
    label: clean(label),
    // Progress and cancellation name the request they are about.
    subject: clean(entry.subject ?? (related && `for ${[related.method, related.subject].filter(Boolean).join(' ')}`)),
    summary: entry.kind === 'request' ? '' : clean(entry.summary),
    duration: entry.durationMs === undefined ? (entry.status === 'pending' ? '…' : '') : `${Math.round(entry.durationMs)} ms`,
    size: [entry.size, entry.responseSize].filter((n): n is number => n !== undefined && n > 0).map(bytes).join(' / '),
    status: entry.status,
    errorClass: clean(entry.errorClass),
    http: clean(entry.http.map((h) => `${h.method} ${h.status ?? h.error ?? ''}${h.contentType ? ` ${h.contentType.split(';')[0]}` : ''}`).join(', ')),
    depth,
    round: entry.round ? (depth ? `round ${entry.round}` : `${entry.round} rounds`) : '',
  };
}

function clock(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

function bytes(n: number): string {
  return n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** One entry as the read-only JSON document "open message" shows: what it was, then every message and exchange. */
export function entryDocument(entry: TimelineEntry): unknown {
  const { events, http: _http, ...fields } = entry;
  return {
    entry: { ...fields, at: new Date(entry.at).toISOString() },
    messages: events.map((e) => {
      const at = new Date(e.t).toISOString();
      if (e.type === 'message') return { at, direction: e.dir === 'out' ? 'client → server' : 'server → client', size: e.size, ...(e.preview === undefined ? { message: e.message } : { truncated: `the first ${e.preview.length} of ${e.size} bytes were kept`, preview: e.preview }) };
      if (e.type === 'http') return { at, http: e.http };
      if (e.type === 'stderr') return { at, stderr: e.line };
      if (e.type === 'stdout') return { at, stdout: e.line, dropped: 'not a JSON-RPC message: over stdio, stdout carries only messages' };
      return { at, note: e.text };
    }),
  };
}
