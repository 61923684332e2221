// A recorded session as a file: JSON lines, a header line and then one recorded event per line, in time
// order. Opening a file reads it back through the same Timeline, so the view shows it as it was. A file
// is someone else's text: each line is checked against the event shapes (zod) and bad lines are counted,
// never trusted; the file's size is capped.
import { z } from 'zod';
import { Timeline, type TimelineEvent } from './timeline';

export const PROTOCOL_LOG_FORMAT = 'mcp-client-protocol-log';
/** The largest file opened (a full timeline of 5,000 entries is far below). */
export const MAX_LOG_BYTES = 200 * 1024 * 1024;

const Header = z.object({
  format: z.literal(PROTOCOL_LOG_FORMAT),
  version: z.literal(1),
  server: z.string(),
  exportedAt: z.string(),
  dropped: z.number().int().nonnegative(),
  notRecorded: z.number().int().nonnegative(),
});
export type ProtocolLogHeader = z.infer<typeof Header>;

const Http = z.object({
  method: z.string(),
  url: z.string(),
  status: z.number().int().optional(),
  contentType: z.string().optional(),
  requestHeaders: z.record(z.string(), z.string()),
  responseHeaders: z.record(z.string(), z.string()),
  ids: z.array(z.union([z.string(), z.number()])),
  error: z.string().optional(),
  durationMs: z.number(),
});

const Event = z.discriminatedUnion('type', [
  z.object({ t: z.number(), type: z.literal('message'), dir: z.enum(['in', 'out']), message: z.unknown(), size: z.number().int().nonnegative(), preview: z.string().optional() }),
  z.object({ t: z.number(), type: z.literal('stderr'), line: z.string() }),
  z.object({ t: z.number(), type: z.literal('stdout'), line: z.string() }),
  z.object({ t: z.number(), type: z.literal('http'), http: Http }),
  z.object({ t: z.number(), type: z.literal('note'), text: z.string() }),
]);

export function exportProtocolLog(header: Omit<ProtocolLogHeader, 'format' | 'version'>, events: readonly TimelineEvent[]): string {
  const lines = [JSON.stringify({ format: PROTOCOL_LOG_FORMAT, version: 1, ...header }), ...events.map((e) => JSON.stringify(e))];
  return `${lines.join('\n')}\n`;
}

export interface ImportedLog {
  header: ProtocolLogHeader;
  timeline: Timeline;
  /** Lines that were not a recorded event (skipped). */
  badLines: number;
}

/** Reads an exported file; throws with a sentence that says what is wrong with it. */
export function importProtocolLog(text: string): ImportedLog {
  if (text.length > MAX_LOG_BYTES) throw new Error(`the file is larger than ${MAX_LOG_BYTES / 1024 / 1024} MB`);
  const lines = text.split('\n').filter((l) => l.trim());
  const header = Header.safeParse(parse(lines[0] ?? ''));
  if (!header.success) throw new Error(`the first line is not the header of an MCP Client protocol log ("format": "${PROTOCOL_LOG_FORMAT}", "version": 1)`);
  const timeline = new Timeline();
  let badLines = 0;
  for (const line of lines.slice(1)) {
    const event = Event.safeParse(parse(line));
    if (event.success) timeline.add(event.data as TimelineEvent);
    else badLines++;
  }
  return { header: header.data, timeline, badLines };
}

function parse(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
