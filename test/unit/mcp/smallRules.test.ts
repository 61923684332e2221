// Small rules the user sees the result of: which name a prompt, resource or tool is shown by, which
// output-channel level a server's log message lands at, and the protocol trace's lines.
import * as assert from 'node:assert/strict';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { getDisplayName } from '../../../src/mcp/displayName';
import { logMethodFor, maskingLogger } from '../../../src/mcp/logger';
import { traceTransport } from '../../../src/mcp/protocolTrace';
import { MemoryLogger } from '../helpers';

describe('display names', () => {
  it('shows the title, then a tool annotation title, then the name', () => {
    assert.equal(getDisplayName({ name: 'n', title: 'Title', annotations: { title: 'Annotated' } }), 'Title');
    assert.equal(getDisplayName({ name: 'n', title: '', annotations: { title: 'Annotated' } }), 'Annotated');
    assert.equal(getDisplayName({ name: 'n', annotations: { title: '' } }), 'n');
    assert.equal(getDisplayName({ name: 'n' }), 'n');
  });
});

describe('server log levels', () => {
  it('maps the eight MCP levels onto the output channel levels, unknown ones as errors', () => {
    const levels = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency', 'verbose'];
    assert.deepEqual(levels.map(logMethodFor), ['debug', 'info', 'info', 'warn', 'error', 'error', 'error', 'error', 'error']);
  });
});

describe('protocol trace', () => {
  /** A transport stand-in that records what is sent and lets the test deliver messages. */
  function transport() {
    const sent: JSONRPCMessage[] = [];
    const t = { send: async (m: JSONRPCMessage) => void sent.push(m), start: async () => undefined, close: async () => undefined } as unknown as Transport;
    return { t, sent };
  }

  it('writes each message sent and received at Trace level, only when trace is on, and passes them on', async () => {
    const logger = new MemoryLogger();
    const { t, sent } = transport();
    traceTransport(t, maskingLogger(logger, () => []));
    const received: JSONRPCMessage[] = [];
    t.onmessage = (m) => void received.push(m);
    await t.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    t.onmessage!({ jsonrpc: '2.0', id: 1, result: {} });
    assert.deepEqual(logger.lines, []);
    logger.traceEnabled = true;
    await t.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
    t.onmessage!({ jsonrpc: '2.0', id: 2, result: {} });
    assert.deepEqual(logger.lines, ['trace → {"jsonrpc":"2.0","id":2,"method":"ping"}', 'trace ← {"jsonrpc":"2.0","id":2,"result":{}}']);
    assert.equal(sent.length, 2);
    assert.equal(received.length, 2);
    t.onmessage = undefined;
    assert.equal(t.onmessage, undefined);
  });

  it('cuts a long message at 4000 characters and says how long it was', async () => {
    const logger = new MemoryLogger();
    logger.traceEnabled = true;
    const { t } = transport();
    traceTransport(t, maskingLogger(logger, () => []));
    const message = { jsonrpc: '2.0' as const, id: 1, method: 'x', params: { text: 'a'.repeat(5000) } };
    const length = JSON.stringify(message).length;
    await t.send(message);
    assert.equal(logger.lines[0], `trace → ${JSON.stringify(message).slice(0, 4000)}… (${length} chars)`);
    const exact = { jsonrpc: '2.0' as const, id: 1, method: 'x', params: { text: '' } };
    exact.params.text = 'a'.repeat(4000 - JSON.stringify(exact).length);
    await t.send(exact);
    assert.equal(logger.lines[1], `trace → ${JSON.stringify(exact)}`, 'exactly 4000: whole');
  });
});
