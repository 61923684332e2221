// The timeline's own rules, on recorded events: the ring's cap and the visible count of what it dropped,
// answers to requests that are no longer there, cancellation, oversized messages, and the JSON-lines
// export read back into the same entries (a file's bad lines counted, a foreign file refused).
import * as assert from 'node:assert/strict';
import { exportProtocolLog, importProtocolLog } from '../../../src/workbench/protocol/protocolLog';
import { MESSAGE_PREVIEW_CHARS, Timeline, type TimelineEvent } from '../../../src/workbench/protocol/timeline';

const out = (t: number, message: object): TimelineEvent => ({ t, type: 'message', dir: 'out', message: { jsonrpc: '2.0', ...message }, size: JSON.stringify(message).length });
const inn = (t: number, message: object): TimelineEvent => ({ t, type: 'message', dir: 'in', message: { jsonrpc: '2.0', ...message }, size: JSON.stringify(message).length });

describe('the protocol timeline', () => {
  it('keeps the newest entries up to its cap and counts the ones it dropped', () => {
    const timeline = new Timeline(3);
    for (let i = 0; i < 5; i++) timeline.add({ t: i, type: 'stderr', line: `line ${i}` });
    assert.deepEqual(timeline.entries().map((e) => e.summary), ['line 2', 'line 3', 'line 4']);
    assert.equal(timeline.dropped, 2);
    timeline.clear();
    assert.equal(timeline.size, 0);
    assert.equal(timeline.dropped, 0);
  });

  it('shows an answer whose request was dropped on its own, as an unknown id', () => {
    const timeline = new Timeline(2);
    timeline.add(out(1, { id: 1, method: 'tools/list' }));
    timeline.add({ t: 2, type: 'note', text: 'a' });
    timeline.add({ t: 3, type: 'note', text: 'b' });
    timeline.add(inn(4, { id: 1, result: { tools: [] } }));
    const last = timeline.entries().at(-1)!;
    assert.equal(last.kind, 'response');
    assert.equal(last.errorClass, 'unknown id');
  });

  it('marks a request cancelled by notifications/cancelled, and names error classes', () => {
    const timeline = new Timeline();
    timeline.add(out(1, { id: 7, method: 'tools/call', params: { name: 'slow' } }));
    timeline.add(out(2, { method: 'notifications/cancelled', params: { requestId: 7, reason: 'user' } }));
    timeline.add(out(3, { id: 8, method: 'prompts/get', params: { name: 'p' } }));
    timeline.add(inn(4, { id: 8, error: { code: -32602, message: 'bad' } }));
    const [call, cancel, prompt] = timeline.entries();
    assert.equal(call!.status, 'cancelled');
    assert.equal(cancel!.relatesTo, call!.seq);
    assert.equal(prompt!.errorClass, '-32602 invalid params');
    assert.equal(prompt!.durationMs, 1);
  });

  it('keeps only the beginning of an oversized message, with its size', () => {
    const timeline = new Timeline();
    const big = 'x'.repeat(300 * 1024);
    timeline.add(inn(1, { method: 'notifications/message', params: { level: 'info', data: big } }));
    const [entry] = timeline.entries();
    const event = entry!.events[0] as { preview?: string; size: number; message: unknown };
    assert.equal(event.message, null);
    assert.equal(event.preview!.length, MESSAGE_PREVIEW_CHARS);
    assert.ok(event.size > 300 * 1024);
  });

  it('reads an exported session back into the same entries, counting bad lines and refusing other files', () => {
    const printed: TimelineEvent[] = [{ t: 2, type: 'stderr', line: 'hi' }, { t: 2, type: 'stdout', line: 'Server ready' }];
    const events = [out(1, { id: 1, method: 'tools/call', params: { name: 'echo' } }), ...printed, inn(3, { id: 1, result: { content: [] } })];
    const timeline = new Timeline();
    for (const e of events) timeline.add(e);
    const text = exportProtocolLog({ server: 'x', exportedAt: 'now', dropped: 4, notRecorded: 2 }, events);
    const imported = importProtocolLog(`${text}not json\n{"t":1,"type":"alien"}\n`);
    assert.equal(imported.header.dropped, 4);
    assert.equal(imported.badLines, 2);
    const summary = (t: Timeline) => t.entries().map((e) => [e.kind, e.method, e.status, e.durationMs, e.summary]);
    assert.deepEqual(summary(imported.timeline), summary(timeline));
    assert.deepEqual(summary(imported.timeline).slice(1, 3), [['stderr', undefined, 'info', undefined, 'hi'], ['stdout', undefined, 'info', undefined, 'Server ready']]);
    assert.throws(() => importProtocolLog('{"hello":1}\n'), /not the header of an MCP Client protocol log/);
  });
});

describe('the Protocol view rows', () => {
  it('clean what a server wrote (no bidi or invisible characters, capped visibly) and keep rounds under their request', () => {
    const { rowsOf } = require('../../../src/workbench/protocol/rowModel') as typeof import('../../../src/workbench/protocol/rowModel');
    const timeline = new Timeline();
    timeline.add({ t: 1, type: 'stderr', line: `evil\u202Eeulav\u200B ${'x'.repeat(400)}` });
    timeline.add(out(2, { id: 1, method: 'tools/call', params: { name: 'ask' } }));
    timeline.add(inn(3, { id: 1, result: { resultType: 'input_required', inputRequests: {} } }));
    timeline.add({ t: 4, type: 'note', text: 'between' });
    timeline.add(out(5, { id: 2, method: 'tools/call', params: { name: 'ask', inputResponses: {} } }));
    timeline.add(inn(6, { id: 2, result: { content: [] } }));
    const { rows } = rowsOf(timeline, '');
    assert.ok(!/[\u202E\u200B]/.test(rows[0]!.summary));
    assert.match(rows[0]!.summary, /^evileulav x+… \(\d+ more characters\)$/);
    assert.deepEqual(rows.slice(1).map((r) => [r.label, r.depth]), [['tools/call', 0], ['tools/call', 1], ['—', 0]]);
    assert.equal(rowsOf(timeline, 'between').rows.length, 1);
  });
});

describe('the protocol tap', () => {
  it('never breaks the transport: a mask that leaves no JSON is kept as text, and a failing tap is swallowed', () => {
    const { maskedTap, tapMessage } = require('../../../src/mcp/protocolTap') as typeof import('../../../src/mcp/protocolTap');
    const { ProtocolRecorder } = require('../../../src/workbench/protocol/protocolRecorder') as typeof import('../../../src/workbench/protocol/protocolRecorder');
    const recorder = new ProtocolRecorder('x');
    recorder.watch();
    const { maskSecrets } = require('../../../src/mcp/redact') as typeof import('../../../src/mcp/redact');
    const tap = maskedTap(recorder, (text) => maskSecrets(text, ['42']));
    tapMessage(tap, 'out', { jsonrpc: '2.0', id: 42, method: 'ping' });
    const [entry] = recorder.timeline.entries();
    assert.equal(entry!.kind, 'note');
    assert.equal((entry!.events[0] as { message: unknown }).message, '{"jsonrpc":"2.0","id":***,"method":"ping"}');
    const broken = { recording: true, skipped() {}, message() { throw new Error('boom'); }, stderr() {}, stdout() {}, http() {}, note() {} };
    assert.doesNotThrow(() => tapMessage(broken, 'in', { jsonrpc: '2.0', id: 1, result: {} }));
    recorder.dispose();
  });
});
