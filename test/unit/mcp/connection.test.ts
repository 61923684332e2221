// One connection (mcp/connection.ts), opened by openConnection() against real fixture servers, without a
// session around it: what it says when a running server ends (exit, last output), what the server's log
// notifications and list changes become, and that a close() of our own is not reported as an end.
import * as assert from 'node:assert/strict';
import type { Connection, ServerNotification } from '../../../src/mcp/connection';
import type { ClientCapability } from '../../../src/mcp/clientCapability';
import { maskingLogger } from '../../../src/mcp/logger';
import type { ProtocolTap } from '../../../src/mcp/protocolTap';
import { RootsCapability } from '../../../src/mcp/rootsCapability';
import { openConnection } from '../../../src/mcp/openConnection';
import type { ServerDefinition } from '../../../src/mcp/serverDefinition';
import { startStreamableHttpFixture } from '../../fixtures/servers/httpFixtures';
import { clientInfo, definition, fixture, MemoryLogger, stdio, textOf } from '../helpers';
import { watchingTap } from './watchingTap';
import { until } from '../../shared/until';

describe('A connection on its own', function () {
  this.timeout(30_000);
  const open: Connection[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });

  async function connect(def: ServerDefinition, logger = new MemoryLogger(), extras: { capabilities?: ClientCapability[]; tap?: ProtocolTap } = {}): Promise<Connection> {
    const connection = await openConnection({ definition: def, logger: maskingLogger(logger, () => []), clientInfo, capabilities: extras.capabilities ?? [], tap: extras.tap, stopTimings: { graceMs: 500, termMs: 500 } });
    open.push(connection);
    return connection;
  }

  it('tells a running server\'s end by its exit and its last 5 non-blank lines of output, once', async () => {
    const connection = await connect(definition('crashy', stdio('fixtureServer', ['--era=legacy', '--crash-after-ms=500', '--crash-noise=6'])));
    const reasons: string[] = [];
    connection.onDidCloseUnexpectedly((reason) => reasons.push(reason));
    await until('the end', () => reasons.length > 0, 10_000);
    const expected = 'The server process exited with code 3. Last output: noise 3 | noise 4 | noise 5 | noise 6 | fatal: the fixture crashed on purpose';
    assert.deepEqual(reasons, [expected]);
    assert.equal(connection.endReason, expected);
    assert.equal(connection.describeEnd(), expected);
  });

  it('writes the server\'s log messages at their level, named by their logger; data that is not text as JSON', async () => {
    const logger = new MemoryLogger();
    const connection = await connect(definition('talkative', stdio('fixtureServer', ['--era=legacy'])), logger);
    await connection.client.callTool({ name: 'log', arguments: { level: 'warning', text: 'disk almost full' } });
    await connection.client.callTool({ name: 'log', arguments: { level: 'error', text: '{"disk":"full","free":0}', json: true } });
    await until('both messages', () => logger.lines.some((l) => l.includes('disk')) && logger.lines.some((l) => l.includes('free')), 5000);
    const logged = logger.lines.filter((l) => l.includes('disk'));
    assert.deepEqual(logged, ['warn [fixture] disk almost full', 'error {"disk":"full","free":0}']);
  });

  it('writes 200 of a burst of server log messages and, when closed, says how many more it did not show', async () => {
    const logger = new MemoryLogger();
    const connection = await connect(definition('flooding', stdio('hostileServer')), logger);
    const answer = await connection.client.callTool({ name: 'flood', arguments: { rate: 10_000, seconds: 0.1 } });
    const sent = Number(/^sent (\d+)$/.exec(textOf(answer))?.[1]);
    await connection.close();
    const shown = logger.lines.filter((l) => l.startsWith('info flood')).length;
    const summaries = logger.lines.filter((l) => l.includes('more log messages'));
    // A burst of a tenth of a second: one window, so exactly the cap is shown and one summary counts the rest.
    assert.equal(shown, 200);
    assert.deepEqual(summaries, [`warn ${sent - 200} more log messages from the server in one second were not shown (more than 200/s).`]);
  });

  it('reports nothing when closed by us, stops the server process, and closes only once', async () => {
    const logger = new MemoryLogger();
    const connection = await connect(definition('quiet', stdio('fixtureServer', ['--era=legacy'])), logger);
    const reasons: string[] = [];
    connection.onDidCloseUnexpectedly((reason) => reasons.push(reason));
    const pid = connection.process!.pid!;
    // What the output channel said about the start: the command, its folder and environment, the process.
    assert.equal(logger.lines[0], `info Starting: ${process.execPath} ${fixture('fixtureServer')} --era=legacy (cwd: ${process.cwd()}, env: (none))`);
    assert.ok(logger.lines.includes(`info Process started (pid ${pid}).`), logger.lines.join('\n'));
    await until('the banner', () => logger.lines.includes(`info [stderr] fixture server (legacy) pid ${pid}`), 5000);
    await Promise.all([connection.close(), connection.close()]);
    assert.throws(() => process.kill(pid, 0), /ESRCH/);
    assert.deepEqual(reasons, []);
    assert.equal(connection.endReason, undefined);
    assert.deepEqual(logger.lines.filter((l) => /^(warn|error) /.test(l)), []);
  });

  it('ends an HTTP connection whose server went away with "Cannot reach" and its URL, without the query', async () => {
    const server = await startStreamableHttpFixture();
    const logger = new MemoryLogger();
    const connection = await connect(definition('remote', { type: 'http', url: `${server.url}?key=abc`, headers: { 'X-Api-Key': 'k-1' } }), logger);
    assert.equal(logger.lines[0], `info Connecting to ${server.url}?… (headers: {"X-Api-Key":"***"})`);
    const reasons: string[] = [];
    connection.onDidCloseUnexpectedly((reason) => reasons.push(reason));
    await server.close();
    await assert.rejects(connection.client.listTools());
    await until('the end', () => reasons.length > 0, 10_000);
    assert.deepEqual(reasons, [`Cannot reach ${server.url}?…: connection refused.`]);
    // The failure is kept as context for what it left unanswered, for errors from its time on only.
    assert.ok(connection.transportErrorSince(0));
    assert.equal(connection.transportErrorSince(Date.now() + 60_000), undefined);
  });

  it('says so when a 2026-07-28 server refuses to send its list changes, and keeps running', async () => {
    const logger = new MemoryLogger();
    const connection = await connect(definition('busy', stdio('fixtureServer', ['--era=modern', '--max-subscriptions=0'])), logger);
    assert.equal(connection.protocolVersion, '2026-07-28');
    await until('the warning', () => logger.lines.some((l) => l.startsWith('warn ')), 5000);
    assert.deepEqual(logger.lines.filter((l) => l.startsWith('warn ')), ['warn Could not listen for list changes: Subscription limit reached']);
    assert.equal((await connection.client.listTools()).tools.length, 9);
  });

  it('listens again when a 2026-07-28 server ends its list-change stream, and reports every list as changed', async () => {
    const connection = await connect(definition('fickle', stdio('misbehavingServer', ['listen-cancel'])));
    const seen: ServerNotification[] = [];
    connection.onNotification((n) => seen.push(n));
    const listens = () => connection.process!.stderrTail.filter((l) => l.startsWith('listen'));
    await until('the second listen', () => listens().length === 2, 10_000);
    await until('the changes', () => seen.length >= 3, 5000);
    assert.deepEqual(seen, [{ kind: 'toolsChanged' }, { kind: 'promptsChanged' }, { kind: 'resourcesChanged' }]);
    const all = 'toolsListChanged,promptsListChanged,resourcesListChanged';
    assert.deepEqual(listens(), [`listen 1 ${all}`, `listen 2 ${all}`]);
  });

  it('answers the server with what its capabilities installed (roots), and declares them', async () => {
    const roots = new RootsCapability(() => [{ uri: 'file:///work/project', name: 'project' }]);
    const connection = await connect(definition('rooted', stdio('fixtureServer', ['--era=legacy'])), new MemoryLogger(), { capabilities: [roots] });
    const answer = await connection.client.callTool({ name: 'roots', arguments: {} });
    assert.deepEqual(JSON.parse(textOf(answer)), [{ uri: 'file:///work/project', name: 'project' }]);
  });

  it('logs a protocol error (a response nobody asked for) at debug level, and goes on', async () => {
    const logger = new MemoryLogger();
    const connection = await connect(definition('noisy', stdio('hostileServer')), logger);
    await connection.client.callTool({ name: 'dupe', arguments: {} });
    await until('the protocol error', () => logger.lines.some((l) => l.startsWith('debug Transport error: ')), 5000);
    assert.ok(logger.lines.some((l) => /^debug Transport error: .*unknown message ID/i.test(l)), logger.lines.join('\n'));
    assert.equal(connection.endReason, undefined);
    assert.equal(connection.transportErrorSince(0), undefined, 'a protocol error is not the transport\'s');
  });

  it('tells the Protocol view that it opened, what went each way, and the server\'s stderr', async () => {
    const seen: string[] = [];
    const tap = watchingTap({
      message: (direction, message) => void seen.push(`${direction} ${'method' in message ? message.method : 'result'}`),
      stderr: (line) => void seen.push(`stderr ${line.replace(/\d+$/, 'N')}`),
      note: (text) => void seen.push(`note ${text}`),
    });
    await connect(definition('watched', stdio('fixtureServer', ['--era=legacy'])), new MemoryLogger(), { tap });
    assert.equal(seen[0], 'note connection opened over stdio');
    assert.ok(seen.includes('out initialize') && seen.includes('in result'), seen.join('\n'));
    await until('the banner', () => seen.includes('stderr fixture server (legacy) pid N'), 5000);
  });

  for (const [lists, filter] of [['tools', 'toolsListChanged'], ['resources', 'resourcesListChanged'], ['prompts,resources', 'promptsListChanged,resourcesListChanged'], ['', undefined]] as const) {
    it(`listens ${filter ? `for ${filter} only` : 'not at all'} when a 2026-07-28 server says ${lists || 'no list'} can change`, async () => {
      const logger = new MemoryLogger();
      const connection = await connect(definition('lists', stdio('misbehavingServer', ['upgraded', `--lists=${lists}`])), logger);
      // One pipe in order: had the connection listened, its listen would come before this request.
      await connection.client.callTool({ name: 'any', arguments: {} }).catch(() => undefined);
      await until('the request', () => connection.process!.stderrTail.includes('request tools/call'), 5000);
      const seen = connection.process!.stderrTail.filter((l) => l.startsWith('listen') || l === 'request tools/call');
      assert.deepEqual(seen, filter ? [`listen 1 ${filter}`, 'request tools/call'] : ['request tools/call']);
      assert.deepEqual(logger.lines.filter((l) => l.startsWith('warn ')), []);
    });
  }

  it('gives up listening for list changes after the server\'s request timeout, and says so; a close meanwhile is no news', async () => {
    const logger = new MemoryLogger();
    const slow = await connect(definition('no-ack', stdio('misbehavingServer', ['listen-cancel', '--no-ack']), { timeoutMs: 1000, startTimeoutMs: 5000 }), logger);
    await until('the warning', () => logger.lines.some((l) => l.startsWith('warn ')), 5000);
    assert.match(logger.lines.find((l) => l.startsWith('warn '))!, /^warn Could not listen for list changes: .*time/i);
    const closedLogger = new MemoryLogger();
    const closed = await connect(definition('closed-early', stdio('misbehavingServer', ['listen-cancel', '--no-ack'])), closedLogger);
    await until('the listen', () => closed.process!.stderrTail.some((l) => l.startsWith('listen')), 5000);
    await closed.close();
    assert.deepEqual(closedLogger.lines.filter((l) => l.startsWith('warn ')), []);
    await slow.close();
  });

  it('tells what ended a connection when asked: the server process or the HTTP server, with the transport\'s error', async () => {
    const running = await connect(definition('running', stdio('misbehavingServer', ['version=2025-11-25', '--quiet'])));
    assert.equal(running.describeEnd(), 'The server process closed its output.');
    const server = await startStreamableHttpFixture();
    const remote = await connect(definition('remote', { type: 'http', url: server.url, headers: {} }));
    assert.equal(remote.describeEnd(), 'The server closed the connection.');
    await server.close();
    await assert.rejects(remote.client.listTools());
    assert.match(remote.describeEnd(), /^The server closed the connection \(.+\)\.$/);
  });

  it('closes an HTTP connection for good, quietly: a request afterwards is not sent', async () => {
    const logger = new MemoryLogger();
    const server = await startStreamableHttpFixture();
    try {
      const remote = await connect(definition('remote', { type: 'http', url: server.url, headers: {} }), logger);
      await remote.close();
      await assert.rejects(remote.client.callTool({ name: 'tool0', arguments: {} }), /not connected/i);
      assert.deepEqual(logger.lines.filter((l) => /^(warn|error) /.test(l)), []);
    } finally {
      await server.close();
    }
  });

  it('logs a failure to stop the server process, and still closes', async () => {
    const logger = new MemoryLogger();
    const def = definition('unstoppable', stdio('fixtureServer', ['--era=legacy']));
    const timings = {
      get graceMs(): number {
        throw new Error('no stop timings');
      },
      termMs: 500,
    };
    const connection = await openConnection({ definition: def, logger: maskingLogger(logger, () => []), clientInfo, capabilities: [], stopTimings: timings });
    const pid = connection.process!.pid!;
    try {
      await connection.close();
      assert.deepEqual(logger.lines.filter((l) => l.startsWith('error ')), ['error Stopping the process failed: no stop timings']);
    } finally {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Stopped after all.
      }
    }
  });

  it('reports a 2026-07-28 server\'s crash once, and does not listen again on the ended connection', async () => {
    const logger = new MemoryLogger();
    const connection = await connect(definition('crashy', stdio('fixtureServer', ['--era=modern', '--crash-after-ms=500'])), logger);
    const reasons: string[] = [];
    connection.onDidCloseUnexpectedly((reason) => reasons.push(reason));
    await until('the end', () => reasons.length > 0, 10_000);
    // Longer than the pause before listening again (1 s).
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(reasons.length, 1);
    assert.deepEqual(logger.lines.filter((l) => (l.startsWith('warn ') && !l.startsWith('warn [stderr]')) || l.startsWith('error ')), []);
  });

  it('passes on the list changes a 2025-era server announces', async () => {
    const tools = await connect(definition('tools', stdio('toolsFixture')));
    const prompts = await connect(definition('prompts', stdio('promptsFixture', ['--era=legacy'])));
    const seen: ServerNotification[] = [];
    tools.onNotification((n) => seen.push(n));
    prompts.onNotification((n) => seen.push(n));
    await tools.client.callTool({ name: 'add_tool', arguments: { name: 'extra' } });
    await until('the tools change', () => seen.length === 1, 5000);
    await prompts.client.callTool({ name: 'add_prompt', arguments: { name: 'extra' } });
    await until('the prompts change', () => seen.length === 2, 5000);
    assert.deepEqual(seen, [{ kind: 'toolsChanged' }, { kind: 'promptsChanged' }]);
  });

  describe('a start that fails', () => {
    const failure = (def: ServerDefinition) => connect(def).then(() => assert.fail('connected'), (e: Error) => e.message);

    it('says the server exited, with its code and last output, when it exits before answering', async () => {
      const message = await failure(definition('quits', stdio('misbehavingServer', ['exit=3', '--noise=6'])));
      assert.equal(message, 'The server process exited with code 3 before answering initialize. Last output: noise 2 | noise 3 | noise 4 | noise 5 | noise 6');
    });

    it('says the server did not answer in time, not that it exited, and stops it', async () => {
      const message = await failure(definition('silent', stdio('misbehavingServer', ['silent']), { startTimeoutMs: 1500 }));
      const pid = Number(/^The server did not answer initialize within 1\.5 s\. Last output: misbehaving server \(silent\) pid (\d+)$/.exec(message)?.[1]);
      assert.ok(pid, message);
      assert.throws(() => process.kill(pid, 0), /ESRCH/, 'the silent server was stopped');
    });
  });
});
