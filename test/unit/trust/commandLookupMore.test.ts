// Whether a command would run, judged the way the system will: on Linux and macOS the file must be
// executable; on Windows (judged here with the platform passed in) any file counts, found with one of
// the PATHEXT extensions. A relative path is taken from the server's working folder.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { commandExists } from '../../../src/trust/commandLookup';

describe('commandExists: files, folders and platforms', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'command-lookup-'));
    mkdirSync(join(dir, 'bin'));
    mkdirSync(join(dir, 'other'));
    writeFileSync(join(dir, 'bin', 'tool'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(join(dir, 'bin', 'plain'), 'not a program', { mode: 0o644 });
    // Executable, so that only the extension rules decide whether it is found.
    writeFileSync(join(dir, 'bin', 'winonly.CMD'), '@echo off', { mode: 0o755 });
    writeFileSync(join(dir, 'bin', '   '), '#!/bin/sh\n', { mode: 0o755 });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('takes a relative path from the working folder, and only an executable file', async () => {
    assert.equal(await commandExists({ command: './bin/tool', env: {}, cwd: dir }, 'linux'), true);
    assert.equal(await commandExists({ command: 'bin/tool', env: {}, cwd: dir }, 'linux'), true);
    assert.equal(await commandExists({ command: './bin/tool', env: {}, cwd: join(dir, 'other') }, 'linux'), false);
    assert.equal(await commandExists({ command: join(dir, 'bin', 'plain'), env: {} }, 'linux'), false, 'not executable');
    assert.equal(await commandExists({ command: '   ', env: {} }, 'linux'), false);
  });

  it('searches every folder of the PATH the server gets, in order', async () => {
    const path = [join(dir, 'other'), '', join(dir, 'bin')].join(delimiter);
    assert.equal(await commandExists({ command: 'tool', env: { PATH: path } }, 'linux'), true);
    assert.equal(await commandExists({ command: 'plain', env: { PATH: path } }, 'linux'), false);
    assert.equal(await commandExists({ command: 'tool', env: { PATH: join(dir, 'other') } }, 'linux'), false);
  });

  it('finds no command of spaces only, and takes no empty PATH entry as the current folder', async () => {
    assert.equal(await commandExists({ command: '   ', env: { PATH: join(dir, 'bin') } }, 'linux'), false);
    const cwd = process.cwd();
    process.chdir(join(dir, 'bin'));
    try {
      assert.equal(await commandExists({ command: 'tool', env: { PATH: ['', join(dir, 'other')].join(delimiter) } }, 'linux'), false);
    } finally {
      process.chdir(cwd);
    }
  });

  it('without a PATH of its own, uses the PATH this process has', async () => {
    const saved = process.env.PATH;
    process.env.PATH = join(dir, 'bin');
    try {
      assert.equal(await commandExists({ command: 'tool', env: {} }, 'linux'), true);
    } finally {
      process.env.PATH = saved;
    }
  });

  it('on Windows finds a file by a PATHEXT extension, and takes any file as runnable', async () => {
    const path = join(dir, 'bin');
    assert.equal(await commandExists({ command: 'winonly', env: { PATH: path, PATHEXT: '.EXE;.CMD' } }, 'win32'), true);
    assert.equal(await commandExists({ command: 'winonly', env: { PATH: path, PATHEXT: '.EXE' } }, 'win32'), false);
    assert.equal(await commandExists({ command: 'winonly', env: { PATH: path } }, 'linux'), false, 'no extensions tried elsewhere');
    assert.equal(await commandExists({ command: 'plain', env: { PATH: path, PATHEXT: '.EXE' } }, 'win32'), true, 'the name as written, any file');
    const saved = process.env.PATHEXT;
    delete process.env.PATHEXT;
    try {
      assert.equal(await commandExists({ command: 'winonly', env: { PATH: path } }, 'win32'), true, 'the default PATHEXT has .CMD');
      process.env.PATHEXT = '.BAT';
      assert.equal(await commandExists({ command: 'winonly', env: { PATH: path } }, 'win32'), false, "this process's PATHEXT when the server has none");
    } finally {
      if (saved === undefined) delete process.env.PATHEXT;
      else process.env.PATHEXT = saved;
    }
  });
});
