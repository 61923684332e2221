// The stdio transport and the process behind it, without the MCP client on top: small Node programs
// (`node -e`) stand in for servers, so each test shows one thing the session layer relies on: the server
// leads a process group of its own, the sandbox's job line goes first, a message split over many reads
// arrives whole, an oversized one closes the connection, stderr becomes lines (and a tail for errors),
// and a stop ends the server and what it started, however stubborn.
import * as assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { ManagedStdioTransport } from '../../../src/mcp/managedStdioTransport';
import { processReaper } from '../../../src/mcp/processReaper';
import { isAlive } from '../../../src/mcp/processTree';
import { until } from '../../shared/until';
import { ECHO, fastStop, groupOf, paramsOf, start, stopAll } from './stdioStandIns';

describe('ManagedStdioTransport and StdioProcess: a server process from start to stop', function () {
  this.timeout(20_000);
  afterEach(() => stopAll());

  it('runs the server as the leader of its own process group, watched by the reaper until it ends', async () => {
    const s = await start(ECHO);
    const pid = s.process.pid!;
    assert.deepEqual(s.started, [pid], 'the session is told the pid once');
    assert.equal(groupOf(pid), pid, 'a group of its own');
    assert.notEqual(groupOf(pid), groupOf(process.pid));
    assert.equal(processReaper.isOurs(pid), true);
    assert.equal(s.process.describeExit(), undefined, 'still running');
    await s.process.stop(fastStop);
    assert.equal(isAlive(pid), false);
    assert.equal(processReaper.isOurs(pid), false, 'the reaper forgets it');
    assert.equal(s.process.describeExit(), 'exited with code 0', 'closing stdin was enough');
    await until('the transport to close', () => s.closed(), 5000);
  });

  it('gives the server the default environment, its own variables and its folder', async () => {
    const s = await start(`process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'env', params: { key: process.env.API_KEY, path: !!process.env.PATH, cwd: process.cwd() } }) + '\\n'); ${ECHO}`, {
      env: { API_KEY: 'k-1' },
      cwd: tmpdir(),
    });
    await until('the report', () => s.messages[0], 5000);
    assert.deepEqual(paramsOf(s.messages[0]), { key: 'k-1', path: true, cwd: tmpdir() });
  });

  it('writes the first input (a sandbox job) before any message', async () => {
    const job = `${JSON.stringify({ jsonrpc: '2.0', method: 'job', params: { v: 1 } })}\n`;
    const s = await start(ECHO, { firstInput: job });
    await s.transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    await until('both back', () => s.messages.length === 2, 5000);
    assert.deepEqual(s.messages.map((m) => ('method' in m ? m.method : '')), ['job', 'ping']);
  });

  it('hands each line on stdout that is no message to onStrayLine, a JSON log record too, and reads the messages around it', async () => {
    const output = ['Server ready', JSON.stringify({ jsonrpc: '2.0', method: 'first' }), '[INFO] listening', '{"level":30,"msg":"listening on stdio"}', ''].join('\\n');
    const s = await start(`process.stdout.write('${output}'); ${ECHO}`);
    // Set before any output can be read: start() resolves on the spawn, and output comes in a later turn.
    const stray: string[] = [];
    s.transport.onStrayLine = (line, kind) => stray.push(`${kind} ${line}`);
    await s.transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    await until('both messages', () => s.messages.length === 2, 5000);
    assert.deepEqual(stray, ['text Server ready', 'text [INFO] listening', 'json {"level":30,"msg":"listening on stdio"}']);
    assert.deepEqual(s.messages.map((m) => ('method' in m ? m.method : '')), ['first', 'ping']);
    assert.deepEqual(s.errors, []);
  });

  it('without an onStrayLine (the doctor\'s transport), a stray line is dropped and nothing else happens', async () => {
    const s = await start(`process.stdout.write('Server ready\\n'); ${ECHO}`);
    await s.transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    await until('the answer', () => s.messages.length === 1, 5000);
    assert.deepEqual(s.errors, []);
    assert.equal(s.closed(), false);
  });

  it('reads a message that arrives over many reads whole, and the ones after it', async () => {
    const s = await start(ECHO);
    const big = 'x'.repeat(300_000);
    await s.transport.send({ jsonrpc: '2.0', id: 1, method: 'big', params: { big } });
    await s.transport.send({ jsonrpc: '2.0', id: 2, method: 'small' });
    await until('both back', () => s.messages.length === 2, 10_000);
    assert.equal(paramsOf<{ big: string }>(s.messages[0]).big, big);
    assert.equal((s.messages[1] as { method: string }).method, 'small');
    assert.deepEqual(s.errors, []);
  });

  it('closes the connection on a message larger than the limit, saying so', async () => {
    const s = await start(`process.stdout.write('{"jsonrpc":"2.0","method":"' + 'y'.repeat(200000)); setInterval(() => {}, 1000);`, { maxBufferSize: 100_000 });
    await until('the error', () => s.errors[0], 10_000);
    assert.match(s.errors[0]!.message, /ReadBuffer exceeded maximum size of 100000 bytes/);
    await until('the transport to close', () => s.closed(), 10_000);
    assert.deepEqual(s.messages, []);
  });

  it('says why a server could not start (no such program)', async () => {
    const transport = new ManagedStdioTransport({ command: '/nonexistent/server-binary', args: [] });
    const errors: Error[] = [];
    transport.onerror = (e) => errors.push(e);
    await assert.rejects(transport.start(), /ENOENT/);
    assert.match(errors[0]?.message ?? '', /ENOENT/);
  });

  it('runs a server given no arguments, for a caller that takes no process handle and listens for no errors', async () => {
    // `cat` with no arguments echoes its input: an argument list in its place would name a file for it to read.
    const transport = new ManagedStdioTransport({ command: 'cat' });
    const messages: unknown[] = [];
    transport.onmessage = (m) => messages.push(m);
    await transport.start();
    try {
      await transport.send({ jsonrpc: '2.0', id: 7, method: 'ping' });
      await until('the echo', () => messages[0], 5000);
      assert.deepEqual(messages, [{ jsonrpc: '2.0', id: 7, method: 'ping' }]);
    } finally {
      await transport.close();
    }
  });

  it('says nothing to a caller that listens for no errors when the server cannot start', async () => {
    await assert.rejects(new ManagedStdioTransport({ command: '/nonexistent/server-binary' }).start(), /ENOENT/);
  });

  it('closes on an oversized message for a caller that listens for no errors too', async () => {
    const s = await start(`process.stdout.write('{"jsonrpc":"2.0","method":"' + 'y'.repeat(200000)); setInterval(() => {}, 1000);`, { maxBufferSize: 100_000, noErrorListener: true });
    await until('the transport to close', () => s.closed(), 10_000);
  });

  it('reports a failed read of the server’s output or write to its input, to a caller that listens', async () => {
    for (const listening of [true, false]) {
      const transport = new ManagedStdioTransport({ command: process.execPath, args: ['-e', ECHO] });
      const errors: string[] = [];
      if (listening) transport.onerror = (e) => errors.push(e.message);
      let child: import('node:child_process').ChildProcess | undefined;
      transport.onSpawn = (c) => (child = c);
      await transport.start();
      child!.stdout!.destroy(new Error('the read failed'));
      child!.stdin!.destroy(new Error('the write failed'));
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(errors, listening ? ['the read failed', 'the write failed'] : [], 'and no uncaught error either way');
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child!.kill('SIGKILL');
      await exited;
    }
  });

  it('hands no stderr on when the server’s stderr is not piped (inherited or ignored), and starts all the same', async () => {
    for (const stderr of ['inherit', 'ignore'] as const) {
      const s = await start(`process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'up' }) + '\\n'); ${ECHO}`, { stderr });
      assert.equal(s.transport.stderr, null, stderr);
      await until('its message', () => s.messages[0], 5000);
      assert.deepEqual(s.lines, []);
    }
  });

  it('hands on every stderr line as the server wrote it, when nothing is taken out of it', async () => {
    const s = await start(`process.stderr.write('first\\nsecond\\n'); ${ECHO}`);
    await until('both lines', () => s.lines.length === 2, 5000);
    assert.deepEqual(s.lines, ['first', 'second']);
    assert.deepEqual(s.process.stderrTail, ['first', 'second']);
  });

  it('refuses a second start of the same transport', async () => {
    const s = await start(ECHO);
    await assert.rejects(s.transport.start(), /already started/);
  });

  it('hands on stderr as lines (partial lines joined, CRLF too, the last one at the end) and keeps the last 20', async () => {
    const s = await start(
      `process.stderr.write('one\\r\\ntw'); setTimeout(() => { process.stderr.write('o\\n'); for (let i = 1; i <= 25; i++) process.stderr.write('line ' + i + '\\n'); process.stderr.write('no newline'); process.exit(3); }, 100);`,
      { serverPart: (line) => (line === 'line 1' ? undefined : line) },
    );
    await until('the exit', () => s.process.describeExit(), 10_000);
    await until('the last line', () => s.lines.includes('no newline'), 5000);
    assert.deepEqual(s.lines.slice(0, 3), ['one', 'two', 'line 2'], 'what serverPart keeps ("line 1" is not the server’s)');
    assert.equal(s.process.stderrTail.length, 20);
    assert.equal(s.process.stderrTail.at(-1), 'no newline');
    assert.equal(s.process.describeExit(), 'exited with code 3');
    assert.deepEqual(s.process.exit, { code: 3, signal: null });
  });

  it('stops a server that ignores its input closing with SIGTERM, and one that ignores SIGTERM too with SIGKILL', async () => {
    const stubborn = `process.stdin.resume(); process.on('SIGTERM', () => {}); setInterval(() => {}, 1000);`;
    const polite = await start(`process.stdin.resume(); setInterval(() => {}, 1000);`);
    const hard = await start(stubborn);
    await Promise.all([polite.process.stop(fastStop), hard.process.stop(fastStop)]);
    assert.equal(await until('its exit', () => polite.process.describeExit(), 5000), 'was killed by SIGTERM');
    assert.equal(await until('its exit', () => hard.process.describeExit(), 5000), 'was killed by SIGKILL');
  });

  it('stops what the server started too, even a child that ignores SIGTERM', async () => {
    const child = `process.on('SIGTERM', () => {}); setInterval(() => {}, 1000);`;
    const s = await start(`const c = require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(child)}], { stdio: 'ignore' }); process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'child', params: { pid: c.pid } }) + '\\n'); process.stdin.resume(); setInterval(() => {}, 1000);`);
    await until('the child pid', () => s.messages[0], 5000);
    const childPid = paramsOf<{ pid: number }>(s.messages[0]).pid;
    assert.equal(isAlive(childPid), true);
    await s.process.stop(fastStop);
    await until('the child gone', () => !isAlive(childPid), 5000);
  });

  it('stops what the server left behind in its process group (a child whose parent exited), even when the server itself exits at once', async () => {
    // The server starts a helper that starts the leftover and exits: the leftover's parent is gone, so it is in no
    // parent chain of the server any more, only in its process group. The server then ends as soon as its input closes.
    const helper = `const c = require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); c.unref(); console.log(c.pid);`;
    const s = await start(`const out = require('child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(helper)}]).toString().trim(); process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'left', params: { pid: Number(out) } }) + '\\n'); ${ECHO}`);
    await until('the leftover pid', () => s.messages[0], 5000);
    const leftoverPid = paramsOf<{ pid: number }>(s.messages[0]).pid;
    try {
      assert.equal(groupOf(leftoverPid), s.process.pid, 'in the server’s group');
      await s.process.stop(fastStop);
      assert.equal(s.process.describeExit(), 'exited with code 0', 'the server itself ended when its input closed');
      await until('the leftover gone', () => !isAlive(leftoverPid), 5000);
    } finally {
      // Should the stop have failed, the test does not leave the leftover running either.
      if (isAlive(leftoverPid)) process.kill(leftoverPid, 'SIGKILL');
    }
  });

  it('waits for an exit no longer than asked, and not at all once it has exited', async () => {
    const s = await start(`process.stdin.resume(); setInterval(() => {}, 1000);`);
    await s.process.waitForExit(50);
    assert.equal(s.process.exit, undefined, 'still running after the wait');
    await s.process.stop(fastStop);
    await s.process.waitForExit(60_000);
    assert.ok(s.process.exit);
  });
});
