// One server's session through its life (src/mcp/sessionLifecycle.ts), as the user and the log see it:
// before it starts, a start that fails or is stopped half-way, a crash the session gives up on, the log
// level and the roots it announces, and disposing of it. Real fixture servers and stand-ins (`node -e`).
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { EraMemory } from '../../../src/mcp/eraMemory';
import { isAlive } from '../../../src/mcp/processTree';
import type { ProtocolTap } from '../../../src/mcp/protocolTap';
import { RootsCapability } from '../../../src/mcp/rootsCapability';
import type { McpSession } from '../../../src/mcp/session';
import type { SessionState } from '../../../src/mcp/sessionState';
import { startSessionHttpFixture } from '../../fixtures/servers/sessionHttpFixture';
import { until } from '../../shared/until';
import { definition, MemoryLogger, newSession, stdio, textOf } from '../helpers';
import { watchingTap } from './watchingTap';

/** A Protocol view stand-in that stops the session as the client sends `method`, before the server has it. */
function stopsWhenSent(method: string, session: () => McpSession): ProtocolTap {
  return watchingTap({ message: (direction, message) => void (direction === 'out' && 'method' in message && message.method === method && session().stop()) });
}

const standIn = (program: string) => ({ type: 'stdio' as const, command: process.execPath, args: ['-e', program], env: {} });

describe('SessionLifecycle: a session’s life as the user and the log see it', function () {
  this.timeout(30_000);
  const sessions: McpSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
  });

  it('has nothing to describe before it starts, announces nothing, and its log masks the definition’s secrets', async () => {
    const logger = new MemoryLogger();
    const secret = 'sk-live-4f9a8b7c6d5e4f3a2b1c';
    const session = newSession(definition('idle', { type: 'stdio', command: process.execPath, args: [], env: { API_TOKEN: secret } }), { logger }, sessions);
    assert.deepEqual(
      [session.serverInfo, session.capabilities, session.instructions, session.protocolVersion, session.transportKind, session.pid],
      [undefined, undefined, undefined, undefined, undefined, undefined],
    );
    await session.notifyRootsChanged();
    session.log.warn(`calling with ${secret}`);
    assert.equal(logger.lines.length, 1);
    assert.match(logger.lines[0]!, /^warn calling with /);
    assert.ok(!logger.lines[0]!.includes(secret), logger.lines[0]);
  });

  it('says in the log why a start failed', async () => {
    const logger = new MemoryLogger();
    const session = newSession(definition('missing', { type: 'stdio', command: 'definitely-not-a-command-xyz', args: [], env: {} }), { logger }, sessions);
    await session.start();
    assert.ok(logger.lines.some((l) => /^error Failed to start: .*definitely-not-a-command-xyz/.test(l)), logger.lines.join('\n'));
  });

  it('stays stopped, and says nothing of a failure, when it is stopped while it starts', async () => {
    const logger = new MemoryLogger();
    // Never answers, and ends a moment later: the start would fail, after the stop.
    const session = newSession(definition('halfway', standIn('process.stdin.resume(); setTimeout(() => process.exit(1), 500);')), { logger }, sessions);
    const states: SessionState[] = [];
    session.onDidChangeState((s) => states.push(s));
    const starting = session.start();
    await session.stop();
    await starting;
    await new Promise((resolve) => setTimeout(resolve, 700));
    assert.deepEqual(states.map((s) => s.kind), ['starting', 'stopped']);
    assert.ok(!logger.lines.some((l) => l.includes('Failed to start')), logger.lines.join('\n'));
  });

  it('ends at once a server that never answers when it is stopped while it starts', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'mcp-silent-')), 'pid');
    // Silent and never ending: only the stop ends the start (its version probe included) before its minute is up.
    const silent = standIn(`require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); process.stdin.resume();`);
    const session = newSession(definition('silent', silent, { startTimeoutMs: 60_000 }), { probeTimeoutMs: 60_000 }, sessions);
    const starting = session.start();
    await until('the server running', () => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 10_000);
    await session.stop();
    await starting;
    await until('the server gone', () => !isAlive(Number(readFileSync(pidFile, 'utf8'))), 10_000);
    assert.equal(session.state.kind, 'stopped');
    rmSync(dirname(pidFile), { recursive: true, force: true });
  });

  it('ends a start over HTTP at once when it is stopped while the server holds the first request', async () => {
    const fixture = await startSessionHttpFixture();
    try {
      const hold = fixture.holdNewSessions();
      const session = newSession(definition('held', { type: 'http', url: fixture.url, headers: {} }, { startTimeoutMs: 60_000 }), { probeTimeoutMs: 60_000 }, sessions);
      const starting = session.start();
      await hold.arrived;
      await session.stop();
      await starting;
      assert.equal(session.state.kind, 'stopped');
      hold.release();
    } finally {
      await fixture.close();
    }
  });

  it('gives up on a server that crashed once it ran, in a sentence of its own, and counts crashes, not failed starts', async () => {
    const logger = new MemoryLogger();
    const session = newSession(
      definition('once', stdio('fixtureServer', ['--crash-after-ms=300'])),
      { logger, restartPolicy: { initialDelayMs: 50, maxDelayMs: 50, maxCrashes: 2, windowMs: 60_000 } },
      sessions,
    );
    await session.start();
    await until('giving up', () => session.state.kind === 'error' && !!session.state.gaveUp, 20_000);
    const message = (session.state as { message: string }).message;
    assert.match(message, /fatal: the fixture crashed on purpose\. Gave up after 2 failures in 1 minutes; use Restart to try again\.$/);
    assert.ok(logger.lines.includes('info Restarting in 0.05 s (attempt 1).'), logger.lines.join('\n'));
    // Allowed one crash: a crash of a server that ran is not a failed start, whatever the count.
    const single = newSession(
      definition('single', stdio('fixtureServer', ['--crash-after-ms=300'])),
      { restartPolicy: { initialDelayMs: 50, maxDelayMs: 50, maxCrashes: 1, windowMs: 60_000 } },
      sessions,
    );
    await single.start();
    await until('giving up', () => single.state.kind === 'error' && !!single.state.gaveUp, 20_000);
    assert.match((single.state as { message: string }).message, /Gave up after 1 failures in 1 minutes; use Restart to try again\.$/);
  });

  it('keeps a reason’s own full stop, adds one where it has none, and leaves its trailing spaces out, when it gives up', async () => {
    for (const said of ['no licence.', 'no licence']) {
      const session = newSession(
        definition('stops', standIn(`process.stderr.write('fatal: ${said}   \\n'); process.exit(2);`)),
        { restartPolicy: { initialDelayMs: 50, maxDelayMs: 50, maxCrashes: 1, windowMs: 60_000 } },
        sessions,
      );
      await session.start();
      const message = (session.state as { message: string }).message;
      assert.match(message, /fatal: no licence\. Gave up after 1 failed starts in a row; use Restart to try again\.$/, said);
    }
  });

  it('applies a new log level while it runs (logging/setLevel, 2025), and asks a 2026-07-28 server nothing', async () => {
    const logger = new MemoryLogger();
    const session = newSession(definition('levels', stdio('fixtureServer', ['--era=legacy'])), { logger, logLevel: 'debug' }, sessions);
    await session.start();
    await session.setLogLevel('error');
    await session.callTool({ name: 'log', arguments: { level: 'info', text: 'chatter' } });
    await session.callTool({ name: 'log', arguments: { level: 'error', text: 'broken' } });
    await until('the error', () => logger.lines.includes('error [fixture] broken'), 5000);
    assert.ok(!logger.lines.some((l) => l.includes('chatter')));
    const modernLog = new MemoryLogger();
    const modern = newSession(definition('modernLevels', stdio('fixtureServer', ['--era=modern'])), { logger: modernLog, logLevel: 'error' }, sessions);
    await modern.start();
    await modern.setLogLevel('debug');
    assert.equal(modern.protocolVersion, '2026-07-28');
    assert.ok(!modernLog.lines.some((l) => l.includes('setLevel')), modernLog.lines.join('\n'));
  });

  it('asks no level of a server without logging, and says in the log when a server refuses the level', async () => {
    const fixture = await startSessionHttpFixture();
    try {
      const quietLog = new MemoryLogger();
      const quiet = newSession(definition('nolog', { type: 'http', url: fixture.url, headers: {} }), { logger: quietLog, logLevel: 'info' }, sessions);
      await quiet.start();
      await quiet.setLogLevel('debug');
      assert.equal(quiet.protocolVersion, '2025-11-25');
      assert.ok(!fixture.methods.includes('logging/setLevel'), fixture.methods.join(', '));
      assert.ok(!quietLog.lines.some((l) => l.includes('setLevel')), quietLog.lines.join('\n'));
    } finally {
      await fixture.close();
    }
    // Without a level of its own, the session leaves the server's alone; a level set while stopped waits for the start.
    const unsetLog = new MemoryLogger();
    const unset = newSession(definition('unset', stdio('fixtureServer', ['--era=legacy', '--set-level=fails'])), { logger: unsetLog }, sessions);
    await unset.start();
    await unset.stop();
    await unset.setLogLevel('debug');
    assert.ok(!unsetLog.lines.some((l) => l.includes('setLevel')), unsetLog.lines.join('\n'));
    const logger = new MemoryLogger();
    const refusing = newSession(definition('refuses', stdio('fixtureServer', ['--era=legacy', '--set-level=fails'])), { logger, logLevel: 'info' }, sessions);
    await refusing.start();
    assert.equal(refusing.state.kind, 'running', 'a refused level does not stop the server');
    assert.ok(logger.lines.some((l) => /^warn logging\/setLevel failed: .*keeps its own log level/.test(l)), logger.lines.join('\n'));
  });

  it('stays stopped when the server it was stopping ends by itself meanwhile', async () => {
    const logger = new MemoryLogger();
    // The server ends when the level arrives: the stop is then waiting for the start, which sends the level.
    const tap = stopsWhenSent('logging/setLevel', () => session);
    const session = newSession(
      definition('ends', stdio('fixtureServer', ['--era=legacy', '--set-level=exits'])),
      { logger, tap, logLevel: 'info', restartPolicy: { initialDelayMs: 50, maxDelayMs: 50, maxCrashes: 5, windowMs: 60_000 } },
      sessions,
    );
    const states: string[] = [];
    session.onDidChangeState((s) => states.push(s.kind));
    await session.start();
    await until('stopped', () => session.state.kind === 'stopped', 10_000);
    await session.stop();
    assert.deepEqual(states, ['starting', 'running', 'stopped']);
    assert.ok(!logger.lines.some((l) => l.startsWith('info Restarting')), logger.lines.join('\n'));
  });

  it('closes a connection that completes after the stop that ended its start', async () => {
    // The stop comes once the handshake is done, as the server's era is written down: the connection is
    // then complete, and no abort can end it.
    class StopsWhenRemembered extends EraMemory {
      override remember(...args: Parameters<EraMemory['remember']>): Promise<void> {
        void session.stop();
        return super.remember(...args);
      }
    }
    const spawnLog = join(mkdtempSync(join(tmpdir(), 'mcp-late-')), 'spawns');
    const eraMemory = new StopsWhenRemembered();
    const session = newSession(definition('late', stdio('fixtureServer', ['--era=legacy', `--spawn-log=${spawnLog}`])), { eraMemory }, sessions);
    const states: string[] = [];
    session.onDidChangeState((s) => states.push(s.kind));
    await session.start();
    assert.deepEqual([states, session.pid], [['starting', 'stopped'], undefined]);
    const [pid] = readFileSync(spawnLog, 'utf8').trim().split('\n').map(Number);
    await until('the server gone', () => !isAlive(pid!), 10_000);
    rmSync(dirname(spawnLog), { recursive: true, force: true });
  });

  it('announces a roots change only to a 2025 server it exposes roots to, and says when it cannot', async () => {
    const roots = [{ uri: 'file:///work/a', name: 'a' }];
    const hidden = newSession(definition('hidden', stdio('fixtureServer', ['--era=legacy']), { roots: false }), { capabilities: [new RootsCapability(() => roots)] }, sessions);
    await hidden.start();
    await hidden.notifyRootsChanged();
    // The tool asks for the roots after any refetch the announcement would have started: the answer is in by then.
    await hidden.callTool({ name: 'roots', arguments: {} });
    assert.equal(textOf(await hidden.callTool({ name: 'rootsSeen', arguments: {} })), '[]');
    const modernLog = new MemoryLogger();
    const modern = newSession(definition('modernRoots', stdio('fixtureServer', ['--era=modern'])), { logger: modernLog, capabilities: [new RootsCapability(() => roots)] }, sessions);
    await modern.start();
    await modern.notifyRootsChanged();
    assert.ok(!modernLog.lines.some((l) => l.includes('roots')), modernLog.lines.join('\n'));
    // Without the roots capability the client declared none: the announcement cannot be made.
    const unable = new MemoryLogger();
    const bare = newSession(definition('bare', stdio('fixtureServer', ['--era=legacy'])), { logger: unable }, sessions);
    await bare.start();
    await bare.notifyRootsChanged();
    assert.ok(unable.lines.some((l) => /^warn Could not announce the roots change: /.test(l)), unable.lines.join('\n'));
  });

  it('stops its server when it is disposed of', async () => {
    const session = newSession(definition('disposed', stdio('fixtureServer')), {}, sessions);
    await session.start();
    const pid = session.pid!;
    session.dispose();
    await until('the server gone', () => !isAlive(pid), 10_000);
  });
});
