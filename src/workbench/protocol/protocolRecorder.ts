// One server's recorder: the tap the session writes to (src/mcp/protocolTap.ts) and the timeline the
// Protocol view shows. It records only while a view of that server is open and not paused; otherwise
// each message costs one check and one count ("N messages while nobody was looking"). Changes are
// announced at most every CHANGE_DELAY_MS, so a flood of messages redraws the view a few times a second.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { Emitter } from '../../mcp/lifecycle';
import type { HttpExchange, ProtocolTap, TapDirection } from '../../mcp/protocolTap';
import { keptPart } from '../../mcp/strayLines';
import { Timeline, type TimelineEvent } from './timeline';

const CHANGE_DELAY_MS = 150;

export class ProtocolRecorder implements ProtocolTap {
  readonly timeline = new Timeline();
  /** Messages that passed while nothing recorded (view closed or paused), since the last clear. */
  notRecorded = 0;
  private watchers = 0;
  paused = false;
  private readonly changeEmitter = new Emitter<void>();
  readonly onDidChange = this.changeEmitter.event;
  private timer: NodeJS.Timeout | undefined;

  constructor(readonly server: string) {}

  get recording(): boolean {
    return this.watchers > 0 && !this.paused;
  }

  /** A view began showing this server; the returned function ends that. */
  watch(): () => void {
    this.watchers++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.watchers--;
    };
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.changed(true);
  }

  clear(): void {
    this.timeline.clear();
    this.notRecorded = 0;
    this.changed(true);
  }

  skipped(): void {
    this.notRecorded++;
  }

  message(dir: TapDirection, message: JSONRPCMessage, text: string): void {
    this.record({ t: Date.now(), type: 'message', dir, message, size: Buffer.byteLength(text) });
  }

  stderr(line: string): void {
    this.record({ t: Date.now(), type: 'stderr', line });
  }

  /** Cut here, after the session's mask (maskedTap), so that a secret across the cut is still masked whole. */
  stdout(line: string): void {
    this.record({ t: Date.now(), type: 'stdout', line: keptPart(line) });
  }

  http(http: HttpExchange): void {
    this.record({ t: Date.now(), type: 'http', http });
  }

  note(text: string): void {
    if (this.recording) this.record({ t: Date.now(), type: 'note', text });
  }

  /** Events as recorded, for export (the timeline keeps each in its entry, in order). */
  events(): TimelineEvent[] {
    const seen = new Set<TimelineEvent>();
    const events: TimelineEvent[] = [];
    for (const entry of this.timeline.entries()) for (const e of entry.events) if (!seen.has(e) && seen.add(e)) events.push(e);
    return events.sort((a, b) => a.t - b.t);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.changeEmitter.dispose();
  }

  private record(event: TimelineEvent): void {
    this.timeline.add(event);
    this.changed(false);
  }

  private changed(now: boolean): void {
    if (now) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.changeEmitter.fire();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.changeEmitter.fire();
    }, CHANGE_DELAY_MS);
  }
}

/** One recorder per server name, kept across restarts and configuration changes of that server. */
export class ProtocolRecorders {
  private readonly byName = new Map<string, ProtocolRecorder>();

  get(server: string): ProtocolRecorder {
    let recorder = this.byName.get(server);
    if (!recorder) this.byName.set(server, (recorder = new ProtocolRecorder(server)));
    return recorder;
  }

  dispose(): void {
    for (const recorder of this.byName.values()) recorder.dispose();
    this.byName.clear();
  }
}
