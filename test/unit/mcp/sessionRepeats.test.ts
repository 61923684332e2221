// A session asked again (src/mcp/sessionLifecycle.ts): Start on a running server, two Starts at once, and
// what a stop tells. The user sees one server process whatever they click, and the log and the state say
// what happened without showing a secret.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { McpSession } from '../../../src/mcp/session';
import { definition, MemoryLogger, newSession, stdio } from '../helpers';

describe('SessionLifecycle: a session asked again', function () {
  this.timeout(30_000);
  const sessions: McpSession[] = [];
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-repeat-'));
  });
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.shutdown()));
    rmSync(dir, { recursive: true, force: true });
  });
  /** The fixture server, writing a line to a file of its own each time it is spawned. */
  const counted = (name: string, logger?: MemoryLogger) => {
    const spawnLog = join(dir, 'spawns');
    const session = newSession(definition(name, stdio('fixtureServer', [`--spawn-log=${spawnLog}`])), logger ? { logger } : {}, sessions);
    return { session, spawns: () => readFileSync(spawnLog, 'utf8').trim().split('\n').length };
  };

  it('keeps its one process when Start comes while it runs', async () => {
    const { session, spawns } = counted('running');
    await session.start();
    const pid = session.pid;
    await session.start();
    assert.deepEqual([session.state.kind, session.pid, spawns()], ['running', pid, 1]);
  });

  it('starts one process for two Starts at once, and both end with it running', async () => {
    const { session, spawns } = counted('twice');
    await Promise.all([session.start(), session.start()]);
    assert.deepEqual([session.state.kind, spawns()], ['running', 1]);
  });

  it('says in the log that it stops its server, then that it has stopped', async () => {
    const logger = new MemoryLogger();
    const { session } = counted('stops', logger);
    await session.start();
    await session.stop();
    assert.deepEqual(logger.lines.filter((l) => /^info Stop/.test(l)), ['info Stopping…', 'info Stopped.']);
  });

  it('masks a secret of its definition in the reason it was stopped for, as it does in an error message', async () => {
    const secret = 'sk-live-9a8b7c6d5e4f3a2b';
    const session = newSession(definition('held', { type: 'stdio', command: process.execPath, args: [], env: { API_TOKEN: secret } }), {}, sessions);
    await session.stop(`held back: its command line names ${secret}`);
    assert.deepEqual(session.state, { kind: 'stopped', reason: 'held back: its command line names ***' });
  });
});
