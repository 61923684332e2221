// Stopping a stdio server (StdioProcess.stop, src/mcp/stdioProcess.ts) and everything it started, seen from
// the processes' side: stand-in servers (`node -e`) start stand-in helpers that write down each SIGTERM they
// get (a server's chance to clean up) into a file of the test's, so each test reads who was asked to end, who
// had to be killed, and who was left alone, and then checks the process table: nothing is left running.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManagedStdioTransport } from '../../../src/mcp/managedStdioTransport';
import { processReaper } from '../../../src/mcp/processReaper';
import { isAlive } from '../../../src/mcp/processTree';
import { StdioProcess } from '../../../src/mcp/stdioProcess';
import { until } from '../../shared/until';
import { ECHO, fastStop, groupOf, paramsOf, quoted, start, stopAll } from './stdioStandIns';

/**
 * A helper that writes "<NAME> ready" once it listens for SIGTERM, and "<NAME> TERM" when one comes;
 * with EXIT set it then ends, else it stays (only SIGKILL ends it). Its name and file come in its environment.
 */
const RECORDER = `const fs = require('fs'); const note = (what) => fs.appendFileSync(process.env.MARK, process.env.NAME + ' ' + what + '\\n');
process.on('SIGTERM', () => { note('TERM'); if (process.env.EXIT) process.exit(0); }); note('ready'); setInterval(() => {}, 1000);`;
/** Code for a stand-in server: starts a RECORDER named `name` (`detached`: in a session of its own) and tells its pid. */
const recorder = (name: string, opts: { exit?: boolean; detached?: boolean } = {}) =>
  `{ const c = require('child_process').spawn(process.execPath, ['-e', ${quoted(RECORDER)}], { detached: ${!!opts.detached}, stdio: 'ignore', env: { ...process.env, NAME: '${name}', EXIT: '${opts.exit ? '1' : ''}' } });
     process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'started', params: { name: '${name}', pid: c.pid } }) + '\\n'); }`;
/** Code for a stand-in server: leaves a RECORDER named `name` in its process group whose parent has exited (an orphan). */
const orphan = (name: string) => {
  const helper = `const c = require('child_process').spawn(process.execPath, ['-e', ${quoted(RECORDER)}], { stdio: 'ignore', env: { ...process.env, NAME: '${name}' } }); c.unref(); console.log(c.pid);`;
  return `{ const pid = Number(require('child_process').execFileSync(process.execPath, ['-e', ${quoted(helper)}]).toString().trim());
     process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'started', params: { name: '${name}', pid } }) + '\\n'); }`;
};
/** Keeps running when its input closes; SIGTERM (the default action) ends it. */
const STAYS = `process.stdin.resume(); setInterval(() => {}, 1000);`;

describe('StdioProcess.stop: who is asked to end, who is killed, who is left alone', function () {
  this.timeout(30_000);
  let dir: string;
  let mark: string;
  const helpers: number[] = [];
  const notes = () => readFileSync(mark, 'utf8').split('\n').filter(Boolean).sort();
  /** The helpers' pids by name, once `count` of them reported, and once each listens for SIGTERM. */
  const helpersOf = async (s: Awaited<ReturnType<typeof start>>, count: number) => {
    await until('the helpers', () => s.messages.length >= count, 10_000);
    const pids = Object.fromEntries(s.messages.map((m) => paramsOf<{ name: string; pid: number }>(m)).map(({ name, pid }) => [name, pid]));
    helpers.push(...Object.values(pids));
    await until('the helpers ready', () => notes().filter((line) => line.endsWith(' ready')).length >= count, 10_000);
    return pids;
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'stdio-stop-'));
    mark = join(dir, 'notes');
    writeFileSync(mark, '');
  });
  afterEach(async () => {
    // The detached helpers lead groups of their own; the others are in their server's group.
    await stopAll(helpers.splice(0));
    rmSync(dir, { recursive: true, force: true });
  });

  it('asks what the server started outside its process group to end (SIGTERM), and kills what ignores that', async () => {
    const s = await start(`${recorder('polite', { exit: true, detached: true })} ${recorder('stubborn', { detached: true })} ${STAYS}`, { env: { MARK: mark } });
    const pids = await helpersOf(s, 2);
    assert.notEqual(groupOf(pids.polite!), s.process.pid, 'a session of its own: the group signal does not reach it');
    await s.process.stop(fastStop);
    await until('both gone', () => !isAlive(pids.polite!) && !isAlive(pids.stubborn!), 5000);
    assert.deepEqual(notes(), ['polite TERM', 'polite ready', 'stubborn TERM', 'stubborn ready']);
  });

  it('also ends what the server starts while its input closes (the tree is read again before signalling)', async () => {
    const s = await start(`process.stdin.on('end', () => ${recorder('late', { exit: true, detached: true })}); ${STAYS}`, { env: { MARK: mark } });
    const stopping = s.process.stop(fastStop);
    await until('the late helper', () => s.messages[0], 10_000);
    const late = paramsOf<{ pid: number }>(s.messages[0]).pid;
    helpers.push(late);
    await stopping;
    await until('the late helper gone', () => !isAlive(late), 5000);
  });

  it('ends what the server left in its group when the server itself needed SIGTERM: SIGTERM first, then SIGKILL', async () => {
    const s = await start(`${orphan('left')} ${STAYS}`, { env: { MARK: mark } });
    const pids = await helpersOf(s, 1);
    assert.equal(groupOf(pids.left!), s.process.pid, 'in the server’s group, and no child of the server');
    await s.process.stop(fastStop);
    assert.equal(s.process.describeExit(), 'was killed by SIGTERM');
    await until('the leftover gone', () => !isAlive(pids.left!), 5000);
    assert.deepEqual(notes(), ['left TERM', 'left ready']);
  });

  it('ends what a server that ended on its own input closing left in its group, and the reaper keeps the group until then', async () => {
    const s = await start(`${orphan('left')} ${ECHO}`, { env: { MARK: mark } });
    const pids = await helpersOf(s, 1);
    const pid = s.process.pid!;
    const stopping = s.process.stop({ graceMs: 300, termMs: 2000 });
    await until('the server’s exit', () => s.process.exit, 10_000);
    assert.equal(processReaper.isOurs(pid), true, 'its group still holds the leftover: the reaper still watches it');
    await stopping;
    assert.equal(processReaper.isOurs(pid), false);
    assert.equal(s.process.describeExit(), 'exited with code 0');
    await until('the leftover gone', () => !isAlive(pids.left!), 5000);
    assert.deepEqual(notes(), ['left TERM', 'left ready'], 'asked to end first');
  });

  it('leaves alone what ends by itself within the grace time after the server', async () => {
    // The helper ends 300 ms after its input (a pipe from the server) closes, that is after the server has ended;
    // it notes its exit (a SIGKILL leaves no note) and any SIGTERM.
    const lingering = `const fs = require('fs'); const note = (what) => fs.appendFileSync(process.env.MARK, 'child ' + what + '\\n');
      process.on('SIGTERM', () => { note('TERM'); process.exit(0); }); process.on('exit', () => note('exit'));
      process.stdin.on('end', () => setTimeout(() => process.exit(0), 300)); process.stdin.resume(); note('ready');`;
    const s = await start(
      `const c = require('child_process').spawn(process.execPath, ['-e', ${quoted(lingering)}], { stdio: ['pipe', 'ignore', 'ignore'] });
       process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'started', params: { name: 'child', pid: c.pid } }) + '\\n'); ${ECHO}`,
      { env: { MARK: mark } },
    );
    const pids = await helpersOf(s, 1);
    await s.process.stop({ graceMs: 10_000, termMs: 300 });
    assert.equal(isAlive(pids.child!), false);
    assert.deepEqual(notes(), ['child exit', 'child ready'], 'no signal: it was given the time to end by itself');
  });

  it('forgets a server that ended by itself (the reaper has nothing left of it to end)', async () => {
    const s = await start(`setTimeout(() => process.exit(5), 100); ${STAYS}`);
    const pid = s.process.pid!;
    assert.equal(processReaper.isOurs(pid), true);
    await s.process.waitForExit(600_000);
    assert.equal(s.process.describeExit(), 'exited with code 5', 'woken by the exit, not by the 10-minute limit');
    assert.equal(processReaper.isOurs(pid), false);
  });

  it('has nothing to stop or wait for before its server started', async () => {
    const never = new StdioProcess(new ManagedStdioTransport({ command: process.execPath, args: ['-e', ECHO] }), () => undefined, () => undefined);
    assert.equal(never.pid, undefined);
    await never.stop(fastStop);
    await never.waitForExit(600_000);
    assert.equal(never.exit, undefined);
    assert.equal(never.describeExit(), undefined);
  });
});
