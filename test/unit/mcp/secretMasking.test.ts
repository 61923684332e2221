import * as assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import type { McpSession } from '../../../src/mcp/session';
import { credentialArgValues, maskSecrets, redactArgs, redactHeaders, redactUrl } from '../../../src/mcp/redact';
import { maskingLogger } from '../../../src/mcp/logger';
import { SessionState } from '../../../src/mcp/sessionState';
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

  // Issue 24.5: a server that crashed while running had its crash reason and its "Connected to" line
  // written through the unmasked logger.
  it('masks a server that crashes while running: the "Connected to" line, the crash reason and the state', async () => {
    const logger = new MemoryLogger();
    const session = newSession(
      definition('leaky', stdio('leakyCrashServer', ['--serve', '--token', '${input:tok}'])),
      {
        logger,
        restartPolicy: { initialDelayMs: 10, maxDelayMs: 10, maxCrashes: 1, windowMs: 60_000 },
        prepare: async (d) => ({
          definition: { ...d, transport: { ...d.transport, args: [...(d.transport as { args: string[] }).args.slice(0, 2), '--token', token] } as typeof d.transport },
          secrets: [token],
        }),
      },
      sessions,
    );
    await session.start();
    assert.equal(session.state.kind, 'running', `${session.state.kind}: ${SessionState.failure(session.state) ?? ''}`);
    assert.ok(logger.lines.some((l) => /Connected to leaky-\*\*\* 1\.0\+\*\*\*/.test(l)), logger.lines.join('\n'));
    await session.ping().catch(() => undefined);
    await waitForState(session, 'error');
    const everything = [String(SessionState.failure(session.state)), ...logger.lines].join('\n');
    assert.match(everything, /fatal: token \*\*\* rejected/);
    for (const leaked of [token, encodeURIComponent(token), 'SECRET']) assert.ok(!everything.includes(leaked), `"${leaked}" leaked:\n${everything}`);
  });

  it('masks ${env:…} values the definition uses, without any input', async () => {
    const logger = new MemoryLogger();
    const envValue = 'env-SECRET-4711';
    const session = newSession(
      definition('leaky', stdio('leakyCrashServer', ['--token', envValue]), { environment: [{ variable: 'LEAKY_TOKEN', setting: '.args[2]', value: envValue }] }),
      { logger, restartPolicy: { initialDelayMs: 10, maxDelayMs: 10, maxCrashes: 1, windowMs: 60_000 } },
      sessions,
    );
    await session.start();
    await waitForState(session, 'error');
    const everything = [(session.state as { message: string }).message, ...logger.lines].join('\n');
    assert.match(everything, /fatal: token \*\*\* rejected/);
    assert.ok(!everything.includes('SECRET-4711'), everything);
  });

  it('says "Cannot reach" with the URL without its user info and query, in the state and the log', async () => {
    // A port nobody listens on (closed again at once).
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    for (const [url, expected] of [
      [`http://127.0.0.1:${port}/mcp?token=tok-SECRET-1&x=1`, new RegExp(`^Cannot reach http://127\\.0\\.0\\.1:${port}/mcp\\?…: connection refused`)],
      // fetch refuses a URL with user info, quoting it whole.
      [`http://ada:hunter2pw@127.0.0.1:${port}/mcp?token=tok-SECRET-1`, new RegExp(`http://127\\.0\\.0\\.1:${port}/mcp\\?…`)],
    ] as const) {
      const logger = new MemoryLogger();
      const session = newSession(
        definition('gone', { type: 'http', url, headers: {} }),
        { logger, restartPolicy: { initialDelayMs: 10, maxDelayMs: 10, maxCrashes: 1, windowMs: 60_000 } },
        sessions,
      );
      await session.start();
      await waitForState(session, 'error');
      const message = (session.state as { message: string }).message;
      assert.match(message, expected);
      const everything = [message, ...logger.lines].join('\n');
      for (const leaked of ['ada', 'hunter2pw', 'tok-SECRET-1']) assert.ok(!everything.includes(leaked), `"${leaked}" leaked:\n${everything}`);
    }
  });

  it('masks every encoding of a secret: percent in either case, form, JSON once and twice, base64 of it and of user:it', () => {
    const secret = 'sk-Ab/c+d e"f~ü';
    const once = JSON.stringify(secret).slice(1, -1);
    const forms = {
      raw: secret,
      percentUpper: encodeURIComponent(secret),
      percentLower: encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
      form: new URLSearchParams({ q: secret }).toString().slice(2),
      formLower: new URLSearchParams({ q: secret }).toString().slice(2).toLowerCase().replace(/sk-ab/, 'sk-Ab'),
      json: once,
      jsonTwice: JSON.stringify(once).slice(1, -1),
      jsonAscii: JSON.stringify(secret).slice(1, -1).replace(/ü/, '\\u00fc'),
      base64: Buffer.from(secret).toString('base64'),
      base64url: Buffer.from(secret).toString('base64url'),
      basic: `Basic ${Buffer.from(`ada:${secret}`).toString('base64')}`,
      basicOffset: Buffer.from(`x:${secret}`).toString('base64'),
    };
    for (const [name, form] of Object.entries(forms)) {
      const masked = maskSecrets(`before ${form} after`, [secret]);
      assert.ok(/^before (Basic )?\*\*\* after$/.test(masked), `${name}: ${form} → ${masked}`);
    }
  });

  it('masks credential spellings on command lines', () => {
    assert.deepEqual(
      redactArgs([
        '--header', 'Authorization: Bearer abc', '-H', 'X-Api-Key: k123', '-H', 'Accept: text/plain',
        '-e', 'NAME=value1', '--env', 'N2=v2', '--env=N3=v3', '--pat', 'p1', '--bearer', 'b1', '-t', 't1', 'token=tok1', 'API_KEY=k2',
        '--path', '/srv', '--port', '80', 'mode=fast',
        'curl -H "Authorization: Bearer sh-secret" --token sh2 https://x.test/?key=1',
      ]),
      [
        '--header', 'Authorization: Bearer ***', '-H', 'X-Api-Key: ***', '-H', 'Accept: text/plain',
        '-e', 'NAME=***', '--env', 'N2=***', '--env=N3=***', '--pat', '***', '--bearer', '***', '-t', '***', 'token=***', 'API_KEY=***',
        '--path', '/srv', '--port', '80', 'mode=fast',
        'curl -H "Authorization: Bearer ***" --token *** https://x.test/?…',
      ],
    );
  });

  it('knows the values of credential arguments, to mask them wherever a server repeats them', () => {
    assert.deepEqual(
      credentialArgValues(['--token', 'tk1', '--api-key=ak2', '-H', 'Authorization: Bearer hb3', '-e', 'A=ev4', '--port', '80', 'token=bt5']),
      ['tk1', 'ak2', 'hb3', 'ev4', 'bt5'],
    );
  });

  it('masks before a trace line is cut, so no half of a secret is left at the cut', () => {
    const sink = new MemoryLogger();
    const logger = maskingLogger(sink, () => [token]);
    assert.equal(logger.mask(`a ${token} b`), 'a *** b');
    logger.warn(`x ${token}`);
    assert.deepEqual(sink.lines, ['warn x ***']);
  });
});
