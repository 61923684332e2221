// The one way a setting makes MCP Client read a local file (mcp/localFile.ts), asynchronously (env files,
// token files, imports) and synchronously (a workspace's mcp.json): what a person who wrote the setting is
// told, and what an attacker's repository cannot make it read. Both readers are held to the same rules.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isInside, LocalFileError, readLocalFile, readLocalFileSync, type LocalFileRules } from '../../../src/mcp/localFile';

const readers: [string, (path: string, rules: LocalFileRules) => Promise<Buffer>][] = [
  ['readLocalFile', readLocalFile],
  ['readLocalFileSync', async (path, rules) => readLocalFileSync(path, rules)],
];

/** The error a read ends with, or undefined when it succeeded. */
async function refusal(read: (path: string, rules: LocalFileRules) => Promise<Buffer>, path: string, rules: LocalFileRules): Promise<LocalFileError | undefined> {
  try {
    await read(path, rules);
    return undefined;
  } catch (error) {
    assert.ok(error instanceof LocalFileError, `a LocalFileError, not ${String(error)}`);
    return error;
  }
}

describe('reading a file a setting names', () => {
  let dir: string;
  let outside: string;
  let socketServer: Server;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-localfile-'));
    outside = mkdtempSync(join(tmpdir(), 'mcp-localfile-outside-'));
    writeFileSync(join(dir, 'ok.env'), 'A=1\n');
    writeFileSync(join(dir, 'exact.txt'), 'x'.repeat(10));
    writeFileSync(join(outside, 'secret.env'), 'AWS_SECRET=x\n');
    mkdirSync(join(dir, 'folder'));
    symlinkSync(join(outside, 'secret.env'), join(dir, 'leads-out.env'));
    symlinkSync(join(dir, 'loop-b'), join(dir, 'loop-a'));
    symlinkSync(join(dir, 'loop-a'), join(dir, 'loop-b'));
    // A workspace folder opened through a symbolic link: files inside it are inside.
    symlinkSync(dir, join(outside, 'workspace-link'));
    if (process.platform !== 'win32') execFileSync('mkfifo', [join(dir, 'fifo')]);
    // A Unix socket: found by realpath, but opening it fails (ENXIO), an error with no words of our own.
    socketServer = createServer();
    await new Promise<void>((resolve) => socketServer.listen(join(dir, 'socket'), resolve));
  });
  after(() => {
    socketServer.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  for (const [name, read] of readers) {
    describe(name, () => {
      it('returns the bytes of a regular file, up to and including the limit', async () => {
        assert.equal((await read(join(dir, 'ok.env'), { maxBytes: 1024 })).toString(), 'A=1\n');
        assert.equal((await read(join(dir, 'exact.txt'), { maxBytes: 10 })).length, 10);
        assert.equal((await read(join(dir, 'ok.env'), { maxBytes: 1024, within: [dir] })).toString(), 'A=1\n');
      });

      it('refuses a file one byte over the limit, naming the limit in bytes, KB or MB', async () => {
        const path = join(dir, 'exact.txt');
        assert.equal((await refusal(read, path, { maxBytes: 9 }))?.message, `cannot read ${path} (larger than 9 bytes)`);
        const big = join(dir, 'big.txt');
        writeFileSync(big, 'x'.repeat(2 * 1024 + 1));
        assert.equal((await refusal(read, big, { maxBytes: 2 * 1024 }))?.message, `cannot read ${big} (larger than 2 KB)`);
        writeFileSync(big, 'x'.repeat(1024 * 1024 + 1));
        assert.equal((await refusal(read, big, { maxBytes: 1024 * 1024 }))?.message, `cannot read ${big} (larger than 1 MB)`);
        assert.equal((await refusal(read, big, { maxBytes: 1024 }))?.message, `cannot read ${big} (larger than 1 KB)`);
      });

      it('says a missing file is not found, a folder is a folder, and a symbolic link loop is one', async () => {
        const missing = join(dir, 'missing.env');
        const error = await refusal(read, missing, { maxBytes: 1024 });
        assert.equal(error?.message, `cannot read ${missing} (file not found)`);
        assert.equal(error?.path, missing);
        assert.equal(error?.reason, 'file not found');
        assert.equal(error?.code, 'MCP_LOCAL_FILE');
        assert.equal(error?.name, 'LocalFileError');
        assert.equal((await refusal(read, join(dir, 'folder'), { maxBytes: 1024 }))?.reason, 'is a folder');
        assert.equal((await refusal(read, join(dir, 'loop-a'), { maxBytes: 1024 }))?.reason, 'too many symbolic links');
      });

      it('refuses a FIFO without waiting for a writer, and the pseudo files of /proc, /sys and /dev', async function () {
        if (process.platform === 'win32') this.skip();
        assert.equal((await refusal(read, join(dir, 'fifo'), { maxBytes: 1024 }))?.reason, 'not a regular file');
        assert.match((await refusal(read, '/proc/self/status', { maxBytes: 1024 * 1024 }))?.reason ?? '', /^\/proc\/\d+\/status is not a regular file$/);
        assert.equal((await refusal(read, '/proc/version', { maxBytes: 1024 * 1024 }))?.reason, '/proc/version is not a regular file');
        assert.equal((await refusal(read, '/sys', { maxBytes: 1024 * 1024 }))?.reason, '/sys is not a regular file');
        assert.equal((await refusal(read, '/dev/null', { maxBytes: 1024 }))?.reason, '/dev/null is not a regular file');
      });

      it('with folders given, refuses a file outside them, and a link inside them that leads out, saying where it leads', async () => {
        const direct = join(outside, 'secret.env');
        assert.equal(
          (await refusal(read, direct, { maxBytes: 1024, within: [dir] }))?.reason,
          'outside the workspace folders; a workspace setting may only name a file inside them',
        );
        const link = join(dir, 'leads-out.env');
        assert.equal(
          (await refusal(read, link, { maxBytes: 1024, within: [dir] }))?.reason,
          `outside the workspace folders (it leads to ${direct}); a workspace setting may only name a file inside them`,
        );
        assert.equal((await refusal(read, direct, { maxBytes: 1024, within: [] }))?.reason.startsWith('outside the workspace folders'), true, 'no folder open: nothing is inside');
        assert.equal((await read(direct, { maxBytes: 1024, within: [dir, outside] })).toString(), 'AWS_SECRET=x\n', 'inside one of several folders');
        assert.equal((await read(link, { maxBytes: 1024 })).toString(), 'AWS_SECRET=x\n', 'without folders, anywhere');
      });

      it('refuses a file that cannot be opened with the system\'s own words, and a folder list whose folders do not exist', async function () {
        if (process.platform === 'win32') this.skip();
        const socket = join(dir, 'socket');
        const error = await refusal(read, socket, { maxBytes: 1024 });
        assert.match(error?.message ?? '', /^cannot read .*socket \(ENXIO: no such device or address, open '.*socket'\)$/);
        assert.equal((await refusal(read, join(dir, 'ok.env'), { maxBytes: 1024, within: [join(dir, 'no-such-folder')] }))?.reason.startsWith('outside the workspace folders'), true);
      });

      it('closes every file it opens, read or refused', async function () {
        if (process.platform !== 'linux') this.skip();
        const open = () => readdirSync('/proc/self/fd').length;
        const before = open();
        for (let i = 0; i < 20; i++) {
          await read(join(dir, 'ok.env'), { maxBytes: 1024 });
          await refusal(read, join(dir, 'folder'), { maxBytes: 1024 });
          await refusal(read, join(dir, 'exact.txt'), { maxBytes: 9 });
        }
        assert.ok(open() < before + 10, `file descriptors left open: ${open() - before}`);
      });

      it('takes a file inside a workspace folder that was opened through a symbolic link as inside it', async () => {
        assert.equal((await read(join(dir, 'ok.env'), { maxBytes: 1024, within: [join(outside, 'workspace-link')] })).toString(), 'A=1\n');
        assert.equal((await read(join(outside, 'workspace-link', 'ok.env'), { maxBytes: 1024, within: [dir] })).toString(), 'A=1\n');
      });
    });
  }
});

describe('a path inside a folder', () => {
  it('is the folder itself or below it, never a sibling that starts with the same letters or a parent', () => {
    assert.equal(isInside('/w', '/w'), true);
    assert.equal(isInside('/w/a/b.env', '/w'), true);
    assert.equal(isInside('/w/..hidden', '/w'), true, 'a name that starts with two dots is inside');
    assert.equal(isInside('/wx/a.env', '/w'), false);
    assert.equal(isInside('/', '/w'), false);
    assert.equal(isInside('/other/w/a', '/w'), false);
    assert.equal(isInside('/w/../etc/passwd', '/w'), false);
  });
});
