import * as assert from 'node:assert/strict';
import type { McpSession } from '../../../src/mcp/session';
import { maskSecrets, redactArgs, redactHeaders, redactUrl } from '../../../src/mcp/redact';
import { definition, MemoryLogger, newSession, stdio, waitForState } from '../helpers';

// Issue 19.1: every path from a session to the user masks the `${input:…}` values it was started with.
describe('Secret masking', function () {
  this.timeout(30_000);
  const sessions: McpSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
  });

  const token = 'sk-SECRET/123 456';
  const pin = '42';

  it('masks the secrets in the crash reason, the state message and every log line of a crashed server', async () => {
    const logger = new MemoryLogger();
    const configured = definition('leaky', stdio('leakyCrashServer', ['--token', '${input:tok}', '--pin', '${input:pin}']));
    const session = newSession(
      configured,
      {
        logger,
        restartPolicy: { initialDelayMs: 10, maxDelayMs: 10, maxCrashes: 1, windowMs: 60_000 },
        // What the input resolver hands over: the definition with the values, and the values to mask.
        prepare: async (d) => ({
          definition: { ...d, transport: { ...d.transport, args: [...(d.transport as { args: string[] }).args.slice(0, 1), '--token', token, '--pin', pin] } as typeof d.transport },
          secrets: [token, pin],
        }),
      },
      sessions,
    );
    await session.start();
    await waitForState(session, 'error');
    const state = session.state as { message: string };
    assert.match(state.message, /Last output: .*fatal: token \*\*\* rejected, pin \*\*\* wrong/, state.message);
    const everything = [state.message, ...logger.lines].join('\n');
    for (const leaked of [token, encodeURIComponent(token), 'SECRET', ' 42 ', '=42']) {
      assert.ok(!everything.includes(leaked), `"${leaked}" leaked:\n${everything}`);
    }
    assert.ok(logger.lines.some((l) => l.startsWith('error ')), 'the crash is logged');
  });

  it('masks URL-encoded and JSON-escaped forms, and short values only where they stand alone', () => {
    const secret = 'p@ss "word"/1';
    const text = `raw ${secret} url ${encodeURIComponent(secret)} json ${JSON.stringify(secret)} pin 7 in 1977`;
    assert.equal(maskSecrets(text, [secret, '7']), 'raw *** url *** json "***" pin *** in 1977');
  });

  it('masks every header value but a short allow-list, credential arguments, and URL user info and queries', () => {
    assert.deepEqual(
      redactHeaders({ 'X-Auth': 'a1', Authentication: 'b2', 'X-Session': 'c3', 'X-Access': 'd4', Authorization: 'Bearer e5', Accept: 'text/plain' }),
      { 'X-Auth': '***', Authentication: '***', 'X-Session': '***', 'X-Access': '***', Authorization: 'Bearer ***', Accept: 'text/plain' },
    );
    assert.deepEqual(redactArgs(['--token', 'abc', '--api-key=def', '--port', '80', 'https://u:p@h.example/x?key=1']), [
      '--token',
      '***',
      '--api-key=***',
      '--port',
      '80',
      'https://h.example/x?…',
    ]);
    assert.equal(redactUrl('https://user:pw@mcp.example.com/mcp?token=abc#frag'), 'https://mcp.example.com/mcp?…');
    assert.equal(redactUrl('http://127.0.0.1:3000/mcp'), 'http://127.0.0.1:3000/mcp');
  });
});
