// The check `npm run test:mutation` makes before Stryker (test/mutation/rerunCheck.mjs): the tests run in
// reverse order, then again in order in the same process, as Stryker runs them. A test that reads what an
// earlier test left, or keeps state from one run to the next, is named and stops the run, since its
// "kills" would prove nothing.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..', '..', '..');
// CommonJS test files, as the built unit tests are; mocha's describe and it are globals.
const FILES = {
  'keepsState.test.js': "let asked = 0;\ndescribe('a suite with a counter', () => {\n  it('asks once', () => {\n    asked++;\n    if (asked !== 1) throw new Error(`asked ${asked} times`);\n  });\n});\n",
  'readsEarlier.test.js': "let made;\ndescribe('a suite whose second test reads the first one\\'s', () => {\n  it('makes it', () => { made = 'made'; });\n  it('reads it', () => { if (made !== 'made') throw new Error('nothing made'); });\n});\n",
  'startsAfresh.test.js': "describe('a suite that resets', () => {\n  let asked;\n  beforeEach(() => { asked = 0; });\n  it('asks once', () => {\n    asked++;\n    if (asked !== 1) throw new Error('asked twice');\n  });\n});\n",
};

describe('the mutation run’s check that its tests can be trusted as Stryker runs them', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-rerun-'));
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const check = (...files: (keyof typeof FILES)[]) => spawnSync(process.execPath, [join(root, 'test', 'mutation', 'rerunCheck.mjs'), ...files.map((f) => join(dir, f))], { cwd: root, encoding: 'utf8' });

  it('names a test that fails when run again in the same process, and exits 1', () => {
    const result = check('keepsState.test.js', 'startsAfresh.test.js');
    assert.equal(result.status, 1, result.stdout + result.stderr);
    assert.match(result.stderr, /^1 test failed when run again in the same process, as Stryker runs them\./);
    assert.match(result.stderr, /\n {2}- a suite with a counter asks once: asked 2 times$/m);
    assert.doesNotMatch(result.stderr, /a suite that resets/);
  });

  it('names a test that needs an earlier test to have run, and exits 1', () => {
    const result = check('readsEarlier.test.js', 'startsAfresh.test.js');
    assert.equal(result.status, 1, result.stdout + result.stderr);
    assert.match(result.stderr, /^1 test failed when run before the tests that come before them, and passed in order\./);
    assert.match(result.stderr, /\n {2}- a suite whose second test reads the first one's reads it: nothing made$/m);
    assert.doesNotMatch(result.stderr, /makes it|a suite that resets/);
  });

  it('passes tests that set up what they read and start afresh each time', () => {
    const result = check('startsAfresh.test.js');
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.equal(result.stdout.trim(), 'Run in reverse order, then again in order in the same process: 1 test passed both times.');
  });
});
