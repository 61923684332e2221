// The Protocol view's recording, against real fixture servers: the session's one tap (src/mcp/protocolTap.ts)
// feeds a recorder only while someone watches; requests are paired with their answers (server-to-client
// requests too), a 2026-07-28 input_required round is grouped under the tool call that started it,
// progress points at its request, stderr lines and HTTP exchanges are there, and secrets are not.
import * as assert from 'node:assert/strict';
import { ElicitationCapability } from '../../../src/elicitation/elicitationCapability';
import type { McpSession } from '../../../src/mcp/session';
import { LinearReadBuffer } from '../../../src/mcp/linearReadBuffer';
import { maskedTap } from '../../../src/mcp/protocolTap';
import { maskSecrets } from '../../../src/mcp/redact';
import { STRAY_LINE_KEPT } from '../../../src/mcp/strayLines';
import { ProtocolRecorder } from '../../../src/workbench/protocol/protocolRecorder';
import { entryDocument, rowsOf } from '../../../src/workbench/protocol/rowModel';
import type { TimelineEntry } from '../../../src/workbench/protocol/timeline';
import { startStreamableHttpFixture, type HttpFixture } from '../../fixtures/servers/httpFixtures';
import { until } from '../../shared/until';
import { definition, newSession, stdio, textOf, waitForState } from '../helpers';

const elicitation = () =>
  new ElicitationCapability({
    form: async (_server, params) => ({ action: 'accept', content: { email: 'grace@example.com', ...('color' in params.requestedSchema.properties && { color: 'r' }) } }),
    url: async () => ({ action: 'decline' }),
    completed: () => undefined,
  });

const requests = (recorder: ProtocolRecorder, method: string) => recorder.timeline.entries().filter((e) => e.kind === 'request' && e.method === method);

describe('the Protocol view recording', () => {
  const sessions: McpSession[] = [];
  let http: HttpFixture | undefined;
  after(async () => {
    await Promise.all(sessions.map((s) => s.shutdown()));
    await http?.close();
  });

  it('keeps nothing and only counts while no view watches', async () => {
    const recorder = new ProtocolRecorder('quiet');
    const session = newSession(definition('quiet', stdio('fixtureServer')), { tap: recorder }, sessions);
    await session.start();
    await waitForState(session, 'running');
    await session.callTool({ name: 'tool1', arguments: {} });
    assert.equal(recorder.timeline.size, 0);
    assert.ok(recorder.notRecorded >= 4, `counted ${recorder.notRecorded}`);
  });

  it('pairs each request with its answer, with duration, sizes and the stderr lines between them', async () => {
    const recorder = new ProtocolRecorder('fixture');
    recorder.watch();
    const session = newSession(definition('fixture', stdio('fixtureServer')), { tap: recorder }, sessions);
    await session.start();
    await waitForState(session, 'running');
    await session.callTool({ name: 'tool2', arguments: {} });
    await assert.rejects(session.callTool({ name: 'no_such_tool', arguments: {} }));
    const [ok, missing] = requests(recorder, 'tools/call');
    assert.equal(ok!.subject, 'tool2');
    assert.equal(ok!.status, 'ok');
    assert.ok(ok!.durationMs! >= 0 && ok!.size > 0 && ok!.responseSize! > 0, JSON.stringify(ok));
    assert.equal(ok!.events.length, 2, 'the request and its answer');
    assert.equal(missing!.status, 'error');
    assert.ok(missing!.errorClass === 'tool error (isError)' || /^-326/.test(missing!.errorClass!), missing!.errorClass);
    const entries = recorder.timeline.entries();
    // Each message once: the task shims wrap the transport's handler after the handshake.
    assert.deepEqual(entries.filter((e) => e.kind === 'response').map((e) => e.errorClass), [], 'no answer recorded twice');
    assert.equal(recorder.events().filter((e) => e.type === 'message').length, entries.filter((e) => e.kind !== 'stderr' && e.kind !== 'note').reduce((n, e) => n + e.events.length, 0));
    assert.ok(entries.some((e) => e.kind === 'stderr' && /^fixture server/.test(e.summary)), 'the banner on stderr');
    assert.ok(entries.some((e) => e.kind === 'note' && e.summary === 'connection opened over stdio'));
    assert.ok(requests(recorder, 'initialize').length + requests(recorder, 'server/discover').length >= 1, 'the handshake');
  });

  it('groups the rounds of an input_required tool call (2026-07-28) under the call that started them', async () => {
    const recorder = new ProtocolRecorder('modern');
    recorder.watch();
    const session = newSession(definition('modern', stdio('toolsFixture', ['--era=modern'])), { tap: recorder, capabilities: [elicitation()] }, sessions);
    await session.start();
    await waitForState(session, 'running');
    assert.equal(session.protocolVersion, '2026-07-28');
    const result = await session.callTool({ name: 'ask_user_mrtr', arguments: {} });
    assert.match(textOf(result), /grace@example.com/);
    const calls = requests(recorder, 'tools/call');
    assert.equal(calls.length, 2, calls.map((c) => c.summary).join());
    const [first, second] = calls as [TimelineEntry, TimelineEntry];
    assert.equal(first.parent, undefined);
    assert.equal(second.parent, first.seq, 'the second round is grouped under the first');
    assert.equal(first.round, 2);
    assert.equal(second.round, 2);
    assert.equal(first.status, 'ok', 'the whole call ended well');
    assert.equal(second.status, 'ok');
    const firstAnswer = first.events[1] as { message: { result: { resultType: string } } };
    assert.equal(firstAnswer.message.result.resultType, 'input_required');
    assert.ok(first.durationMs! >= second.durationMs!, 'the first request spans every round');
  });

  it('pairs a server-to-client request (2025 elicitation during a tool call) with the client\'s answer', async () => {
    const recorder = new ProtocolRecorder('legacy');
    recorder.watch();
    const session = newSession(definition('legacy', stdio('toolsFixture')), { tap: recorder, capabilities: [elicitation()] }, sessions);
    await session.start();
    await waitForState(session, 'running');
    await session.callTool({ name: 'ask_user', arguments: {} });
    const [asked] = requests(recorder, 'elicitation/create');
    assert.equal(asked!.dir, 'in');
    assert.equal(asked!.status, 'ok');
    assert.equal((asked!.events[1] as { dir: string }).dir, 'out', 'the answer went out');
  });

  it('ties progress notifications to their request', async () => {
    const recorder = new ProtocolRecorder('progress');
    recorder.watch();
    const session = newSession(definition('progress', stdio('toolsFixture')), { tap: recorder }, sessions);
    await session.start();
    await waitForState(session, 'running');
    await session.callTool({ name: 'slow', arguments: { steps: 2 } }, { onprogress: () => undefined });
    const [call] = requests(recorder, 'tools/call');
    const progress = recorder.timeline.entries().filter((e) => e.method === 'notifications/progress');
    assert.ok(progress.length >= 2, `${progress.length} progress notifications`);
    for (const p of progress) assert.equal(p.relatesTo, call!.seq);
    assert.match(progress[0]!.summary, /^\d+\/2/);
    assert.equal(rowsOf(recorder.timeline, 'notifications/progress').rows[0]!.subject, 'for tools/call slow');
  });

  it('records each line a stdio server wrote to stdout that is no message as a row of its own, masked, marked dropped', async () => {
    const recorder = new ProtocolRecorder('printer');
    recorder.watch();
    const transport = { ...stdio('fixtureServer', ['--stdout-banner']), env: { API_TOKEN: 'tok-printed-456' } };
    const session = newSession(definition('printer', transport), { tap: recorder }, sessions);
    await session.start();
    await waitForState(session, 'running');
    const printed = recorder.timeline.entries().filter((e) => e.kind === 'stdout');
    assert.deepEqual(printed.map((e) => e.summary), ['Fixture server ready on stdio', `API_TOKEN=*** ${'x'.repeat(300)}`, '{"level":30,"msg":"listening"}']);
    const [row] = rowsOf(recorder.timeline, '"level"').rows;
    assert.deepEqual([row!.kind, row!.label, row!.status], ['stdout', 'stdout, dropped', 'info']);
    assert.deepEqual((entryDocument(printed[0]!) as { messages: unknown[] }).messages, [
      { at: new Date(printed[0]!.at).toISOString(), stdout: 'Fixture server ready on stdio', dropped: 'not a JSON-RPC message: over stdio, stdout carries only messages' },
    ]);
  });

  it('keeps the first 64 KB of a long line on stdout, cut after it was masked, so no part of a secret shows', () => {
    const secret = 'sk-live-0123456789abcdef';
    const recorder = new ProtocolRecorder('long');
    recorder.watch();
    const tap = maskedTap(recorder, (text) => maskSecrets(text, [secret]));
    // The stdio read buffer hands each dropped line to the tap, as openConnection.ts wires it.
    const buffer = new LinearReadBuffer(1024 * 1024, (line) => tap.stdout(line));
    buffer.append(Buffer.from(`${'a'.repeat(STRAY_LINE_KEPT - 10)}${secret}${'b'.repeat(100)}\n`));
    assert.equal(buffer.readMessage(), null);
    const [entry] = recorder.timeline.entries();
    assert.equal(entry!.summary, `${'a'.repeat(STRAY_LINE_KEPT - 10)}***${'b'.repeat(7)}…`);
    assert.ok(!JSON.stringify(recorder.events()).includes(secret.slice(0, 8)));
  });

  it('masks the session\'s input values in everything it records', async () => {
    const secret = 'tok-9f8e7d6c5b';
    const recorder = new ProtocolRecorder('masked');
    recorder.watch();
    const session = newSession(definition('masked', stdio('toolsFixture')), { tap: recorder, prepare: async (d) => ({ definition: d, secrets: [secret] }) }, sessions);
    await session.start();
    await waitForState(session, 'running');
    const result = await session.callTool({ name: 'echo', arguments: { text: `key ${secret}` } });
    assert.match(textOf(result), new RegExp(secret), 'the server did get it');
    const recorded = JSON.stringify(recorder.events());
    assert.ok(!recorded.includes(secret), 'the value is not recorded');
    assert.match(recorded, /key \*\*\*/);
  });

  it('records HTTP exchanges with method, status and Mcp-* headers, credentials masked', async () => {
    http = await startStreamableHttpFixture();
    const recorder = new ProtocolRecorder('http');
    recorder.watch();
    const transport = { type: 'http' as const, url: http.url, headers: { Authorization: 'Bearer sk-live-123456' } };
    const session = newSession(definition('http', transport), { tap: recorder }, sessions);
    await session.start();
    await waitForState(session, 'running');
    await session.callTool({ name: 'tool0', arguments: {} });
    const [call] = requests(recorder, 'tools/call');
    await until('the exchange', () => call!.http.length > 0);
    const exchange = call!.http[0]!;
    assert.equal(exchange.method, 'POST');
    assert.equal(exchange.status, 200);
    assert.equal(exchange.requestHeaders.authorization, 'Bearer ***');
    assert.ok(Object.keys(exchange.requestHeaders).some((h) => h.startsWith('mcp-')), JSON.stringify(exchange.requestHeaders));
    assert.ok(!JSON.stringify(recorder.events()).includes('sk-live-123456'));
  });
});
