import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { isAlive } from '../../../src/mcp/processTree';
import { RootsCapability } from '../../../src/mcp/rootsCapability';
import type { McpSession } from '../../../src/mcp/session';
import type { SessionState } from '../../../src/mcp/sessionState';
import { definition, MemoryLogger, newSession, stdio, textOf, waitForState } from '../helpers';
import { until } from '../../shared/until';

describe('McpSession over stdio', function () {
  this.timeout(30_000);
  const sessions: McpSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
  });

  describe('version negotiation', () => {
    const cases: [string, string][] = [
      ['modern', '2026-07-28'],
      ['legacy', '2025-11-25'],
      ['2024-11-05', '2024-11-05'],
    ];
    for (const [era, expected] of cases) {
      it(`negotiates ${expected} with a ${era} server and keeps its info`, async () => {
        const session = newSession(definition('neg', stdio('fixtureServer', [`--era=${era}`])), {}, sessions);
        await session.start();
        assert.deepEqual(session.state, { kind: 'running' });
        assert.equal(session.protocolVersion, expected);
        assert.deepEqual(session.serverInfo, { name: 'fixture', version: '1.2.3' });
        assert.equal(session.instructions, 'Fixture server for tests.');
        assert.ok(session.capabilities?.tools, 'tools capability');
        const prompt = await session.getPrompt({ name: 'greet', arguments: { name: 'Ada' } });
        assert.equal(textOf(prompt.messages[0]!), 'Hello, Ada!');
      });
    }
  });

  it('follows nextCursor through every page, and serves single pages', async () => {
    const session = newSession(definition('pages', stdio('fixtureServer', ['--resources=7', '--page=2'])), {}, sessions);
    await session.start();
    const all = await session.listResources();
    assert.deepEqual(
      all.map((r) => r.uri),
      [0, 1, 2, 3, 4, 5, 6].map((i) => `fixture://item/${i}`),
    );
    const first = await session.listResourcesPage();
    assert.equal(first.items.length, 2);
    assert.equal(first.nextCursor, '2');
    const last = await session.listResourcesPage('6');
    assert.deepEqual(last.items, [{ uri: 'fixture://item/6', name: 'item 6', mimeType: 'text/plain' }]);
    assert.equal(last.nextCursor, undefined);
    assert.equal((await session.listTools()).length, 9);
  });

  it('fails a request that exceeds the server timeout, naming server and method', async () => {
    // 1.5 s: short for the test; the start has its own, roomy budget (spawning counts against it).
    const session = newSession(definition('slow', stdio('fixtureServer'), { timeoutMs: 1500, startTimeoutMs: 20_000 }), {}, sessions);
    await session.start();
    await assert.rejects(session.callTool({ name: 'sleep', arguments: { tag: 't' } }), /^McpClientError: slow: tools\/call sleep failed: timed out/);
    // The session stays usable after a timeout.
    assert.equal(textOf(await session.callTool({ name: 'pid', arguments: {} })), String(session.pid));
  });

  it('cancels a request: the promise rejects and the server receives notifications/cancelled', async () => {
    const session = newSession(definition('cancel', stdio('fixtureServer')), {}, sessions);
    await session.start();
    const abort = new AbortController();
    const progress: number[] = [];
    const call = session.callTool({ name: 'sleep', arguments: { tag: 'first' } }, { signal: abort.signal, onprogress: (p) => progress.push(p.progress) });
    await until('the progress notification', () => progress.length > 0, 5000);
    abort.abort();
    await assert.rejects(call, /^McpClientError: cancel: tools\/call sleep failed: cancelled$/);
    await until('the server to see the cancellation', async () => textOf(await session.callTool({ name: 'cancelled', arguments: {} })) === '["first"]', 5000);
  });

  it('writes server log messages and stderr to the log at mapped levels', async () => {
    const logger = new MemoryLogger();
    const session = newSession(definition('logs', stdio('fixtureServer', ['--era=legacy'])), { logger, logLevel: 'debug' }, sessions);
    await session.start();
    await session.callTool({ name: 'log', arguments: { level: 'warning', text: 'disk almost full' } });
    await session.callTool({ name: 'log', arguments: { level: 'debug', text: 'details' } });
    await until('the condition', () => logger.lines.includes('warn [fixture] disk almost full') && logger.lines.includes('debug [fixture] details'), 5000);
    assert.ok(logger.lines.some((l) => /^info \[stderr\] fixture server \(legacy\) pid \d+$/.test(l)), logger.lines.join('\n'));
  });

  it('does not send server messages below the configured level (logging/setLevel)', async () => {
    const logger = new MemoryLogger();
    const session = newSession(definition('levels', stdio('fixtureServer', ['--era=legacy'])), { logger, logLevel: 'error' }, sessions);
    await session.start();
    await session.callTool({ name: 'log', arguments: { level: 'info', text: 'chatter' } });
    await session.callTool({ name: 'log', arguments: { level: 'error', text: 'broken' } });
    await until('the condition', () => logger.lines.includes('error [fixture] broken'), 5000);
    assert.ok(!logger.lines.some((l) => l.includes('chatter')));
  });

  describe('crashes', () => {
    it('fails pending requests at once with the crash, not the timeout, and shows the error state', async () => {
      // A request timeout longer than the test's own: the pending call can only fail because of the crash.
      const session = newSession(
        definition('killed', stdio('fixtureServer'), { timeoutMs: 60_000 }),
        { restartPolicy: { initialDelayMs: 200, maxDelayMs: 200, maxCrashes: 5, windowMs: 60_000 } },
        sessions,
      );
      await session.start();
      const states: SessionState[] = [];
      session.onDidChangeState((s) => states.push(s));
      const pid = session.pid!;
      const pending = session.callTool({ name: 'sleep', arguments: { tag: 'x' } });
      process.kill(pid, 'SIGKILL');
      // Told by why the connection ended (the exit), not the SDK's bare "Connection closed".
      await assert.rejects(pending, /killed: tools\/call sleep failed: The server process was killed by SIGKILL/);
      await waitForState(session, 'running');
      assert.notEqual(session.pid, pid, 'restarted with a new process');
      // Recorded from the events: on a slow machine the 200 ms error state may pass between two polls.
      const error = states.find((s): s is Extract<SessionState, { kind: 'error' }> => s.kind === 'error');
      assert.ok(error, `an error state before the restart (states: ${states.map((s) => s.kind).join(', ')})`);
      assert.match(error.message, /was killed by SIGKILL/);
      assert.equal(error.retryInMs, 200);
    });

    it('restarts with exponential backoff and gives up after 5 crashes, keeping the reason', async () => {
      const logger = new MemoryLogger();
      const session = newSession(
        definition('crashy', stdio('fixtureServer', ['--crash-after-ms=150'])),
        { logger, restartPolicy: { initialDelayMs: 50, maxDelayMs: 150, maxCrashes: 5, windowMs: 60_000 } },
        sessions,
      );
      const states: SessionState[] = [];
      session.onDidChangeState((s) => states.push(s));
      await session.start();
      await until('giving up', () => session.state.kind === 'error' && !!session.state.gaveUp, 20_000);
      const errors = states.filter((s): s is Extract<SessionState, { kind: 'error' }> => s.kind === 'error');
      assert.deepEqual(
        errors.map((e) => e.retryInMs),
        [50, 100, 150, 150, undefined],
      );
      const final = errors.at(-1)!;
      assert.match(final.message, /exited with code 3/);
      assert.match(final.message, /fatal: the fixture crashed on purpose/);
      assert.match(final.message, /Gave up after 5 failures/);
      await new Promise((r) => setTimeout(r, 400));
      assert.equal(session.state.kind, 'error', 'no further restart after giving up');
      // A user restart starts again from a clean slate: the next crash is the first again, not a 6th.
      const before = states.length;
      await session.start();
      assert.equal(session.state.kind, 'running');
      await until('the next crash', () => states.slice(before).some((s) => s.kind === 'error'), 10_000);
      const next = states.slice(before).find((s): s is Extract<SessionState, { kind: 'error' }> => s.kind === 'error')!;
      assert.deepEqual([next.retryInMs, next.gaveUp], [50, undefined], 'restarting after the first delay again');
    });

    it('reports a command that does not exist without retrying', async () => {
      const session = newSession(definition('missing', { type: 'stdio', command: 'definitely-not-a-command-xyz', args: [], env: {} }), {}, sessions);
      await session.start();
      assert.equal(session.state.kind, 'error');
      assert.match((session.state as { message: string }).message, /definitely-not-a-command-xyz/);
      await new Promise((r) => setTimeout(r, 1200));
      assert.equal(session.state.kind, 'error');
    });
  });

  describe('stopping', () => {
    it('kills a server that ignores stdin EOF and SIGTERM', async () => {
      const session = newSession(definition('stubborn', stdio('fixtureServer', ['--ignore-sigterm', '--ignore-stdin-eof'])), { stopTimings: { graceMs: 300, termMs: 300 } }, sessions);
      await session.start();
      const pid = session.pid!;
      assert.ok(isAlive(pid));
      await session.stop();
      assert.equal(isAlive(pid), false);
      assert.deepEqual(session.state, { kind: 'stopped' });
    });

    it('stops the child of a wrapper that would otherwise orphan it', async () => {
      // A unique tag finds every process of this test, including the ones the version probe started.
      const tag = `--tag=${process.pid}-${Date.now()}`;
      const session = newSession(definition('wrapped', stdio('wrapper', ['--ignore-sigterm', '--ignore-stdin-eof', tag])), { stopTimings: { graceMs: 300, termMs: 300 } }, sessions);
      await session.start();
      const wrapperPid = session.pid!;
      const serverPid = Number(textOf(await session.callTool({ name: 'pid', arguments: {} })));
      assert.notEqual(serverPid, wrapperPid);
      assert.ok(isAlive(serverPid));
      await session.stop();
      assert.equal(isAlive(wrapperPid), false, 'wrapper gone');
      assert.equal(isAlive(serverPid), false, 'wrapped server gone');
      assert.deepEqual(processesWith(tag), [], 'no process of this server is left, not even from the probe');
    });

    it('a stopped session refuses requests with a clear message', async () => {
      const session = newSession(definition('idle', stdio('fixtureServer')), {}, sessions);
      await assert.rejects(session.listTools(), /Server 'idle' is not running \(stopped\); cannot send tools\/list/);
    });
  });

  describe('roots', () => {
    it('answers roots/list with the host roots and announces changes (2025 revisions)', async () => {
      let roots = [{ uri: 'file:///work/a', name: 'a' }];
      const session = newSession(definition('roots', stdio('fixtureServer', ['--era=legacy'])), { capabilities: [new RootsCapability(() => roots)] }, sessions);
      await session.start();
      assert.deepEqual(JSON.parse(textOf(await session.callTool({ name: 'roots', arguments: {} }))), roots);
      roots = [...roots, { uri: 'file:///work/b', name: 'b' }];
      await session.notifyRootsChanged();
      await until('the server to refetch roots', async () => textOf(await session.callTool({ name: 'rootsSeen', arguments: {} })) === JSON.stringify([roots]), 5000);
    });

    it('answers roots requests of the 2026-07-28 revision (input_required) with the current roots', async () => {
      let roots = [{ uri: 'file:///work/a', name: 'a' }];
      const session = newSession(definition('modernRoots', stdio('fixtureServer', ['--era=modern'])), { capabilities: [new RootsCapability(() => roots)] }, sessions);
      await session.start();
      assert.equal(session.protocolVersion, '2026-07-28');
      assert.deepEqual(JSON.parse(textOf(await session.callTool({ name: 'roots', arguments: {} }))), roots);
      // No session state to invalidate in this revision: the next request sees the new roots.
      roots = [{ uri: 'file:///work/b', name: 'b' }];
      await session.notifyRootsChanged();
      assert.deepEqual(JSON.parse(textOf(await session.callTool({ name: 'roots', arguments: {} }))), roots);
    });

    it('exposes no roots to a server configured with roots: false', async () => {
      const feature = new RootsCapability(() => [{ uri: 'file:///secret', name: 'secret' }]);
      const session = newSession(definition('noroots', stdio('fixtureServer', ['--era=legacy']), { roots: false }), { capabilities: [feature] }, sessions);
      await session.start();
      assert.deepEqual(JSON.parse(textOf(await session.callTool({ name: 'roots', arguments: {} }))), []);
    });
  });
});

/** Live processes whose command line contains `marker` (Linux /proc). */
function processesWith(marker: string): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker) && isAlive(Number(pid));
      } catch {
        return false;
      }
    })
    .map(Number);
}
