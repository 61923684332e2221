// The sandbox launcher's job line (launcherStdin.ts), read from a file or a pipe as it would be from the
// launcher's stdin: exactly the line, so the server that inherits the same input starts at the first MCP
// message; a line still on its way through a non-blocking pipe; a line too long.
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readJob } from '../../../../src/mcp/sandbox/launcherStdin';

const job = { v: 1, nonce: 'a'.repeat(32), command: 'node', args: ['server.js'], env: { NAME: 'Zoë' }, cwd: '/srv' };
const firstMessage = '{"jsonrpc":"2.0","id":0,"method":"initialize"}\n';

describe('Sandbox launcher: reading its job (issue 28)', () => {
  const root = mkdtempSync(join(tmpdir(), 'launcher-stdin-'));
  // Made again before each run: the mutation run's mocha runs these suites many times in one process.
  before(() => mkdirSync(root, { recursive: true }));
  after(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;
  const fileWith = (text: string) => {
    const path = join(root, `input${++n}`);
    writeFileSync(path, text);
    return openSync(path, 'r');
  };
  const rest = (fd: number) => {
    const buffer = Buffer.alloc(4096);
    const length = readSync(fd, buffer, 0, buffer.length, null);
    closeSync(fd);
    return buffer.subarray(0, length).toString('utf8');
  };

  it("reads the job line and not one byte of the server's input after it", () => {
    const fd = fileWith(`${JSON.stringify(job)}\n${firstMessage}`);
    assert.deepEqual(readJob(fd), job);
    assert.equal(rest(fd), firstMessage);
  });

  it('reads a job that ends with the input and no newline; an empty input is no job', () => {
    assert.deepEqual(readJob(fileWith(JSON.stringify(job))), job);
    assert.throws(() => readJob(fileWith('')), SyntaxError);
    assert.throws(() => readJob(fileWith('\n{"v":1}\n')), SyntaxError, 'the first line is the job, even when empty');
  });

  it('refuses a job line longer than its limit, and takes one of exactly that length', () => {
    const line = JSON.stringify({ v: 1, pad: 'x'.repeat(20) });
    assert.deepEqual(readJob(fileWith(`${line}\n`), line.length), { v: 1, pad: 'x'.repeat(20) });
    assert.throws(() => readJob(fileWith(`${line}\n`), line.length - 1), /^Error: the job line is too long$/);
    // The limit by default holds a whole environment: a job of 64 KB reads.
    const large = { ...job, env: { BIG: 'y'.repeat(64 * 1024) } };
    assert.deepEqual(readJob(fileWith(`${JSON.stringify(large)}\n`)), large);
  });

  it('waits through a non-blocking pipe whose line is still on its way (EAGAIN), and fails on an input it cannot read', function () {
    if (process.platform === 'win32') this.skip();
    const fifo = join(root, 'fifo');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
    const fd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY);
    const line = JSON.stringify(job);
    writeSync(writer, line.slice(0, 20));
    // The rest comes from another process while readJob finds the pipe empty (EAGAIN) and reads again
    // (readJob blocks this thread: the other process gets its text on its command line, not from here).
    const late = spawn('sh', ['-c', 'sleep 0.3; printf "%s" "$1" > "$2"', 'sh', `${line.slice(20)}\n${firstMessage}`, fifo], { stdio: 'ignore' });
    try {
      assert.deepEqual(readJob(fd), job);
    } finally {
      late.kill();
      closeSync(writer);
      closeSync(fd);
    }
    const closed = fileWith('{}\n');
    closeSync(closed);
    assert.throws(() => readJob(closed), { code: 'EBADF' });
  });
});
