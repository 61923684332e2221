// The check `npm run test:mutation` makes before Stryker (test/mutation/rerunCheck.mjs): the tests run twice
// in one process, as Stryker runs them, and one that passes only the first time (it keeps state between
// runs) is named and stops the run, since its later "kills" would prove nothing.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..', '..', '..');

describe('the mutation run’s check that a test passes again in the same process', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-rerun-'));
    // CommonJS test files, as the built unit tests are; mocha's describe and it are globals.
    writeFileSync(join(dir, 'keepsState.test.js'), "const assert = require('node:assert');\nlet asked = 0;\ndescribe('a suite with a counter', () => {\n  it('asks once', () => {\n    asked++;\n    assert.equal(asked, 1);\n  });\n});\n");
    writeFileSync(join(dir, 'startsAfresh.test.js'), "const assert = require('node:assert');\ndescribe('a suite that resets', () => {\n  let asked;\n  beforeEach(() => { asked = 0; });\n  it('asks once', () => {\n    asked++;\n    assert.equal(asked, 1);\n  });\n});\n");
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const check = (...files: string[]) => spawnSync(process.execPath, [join(root, 'test', 'mutation', 'rerunCheck.mjs'), ...files.map((f) => join(dir, f))], { cwd: root, encoding: 'utf8' });

  it('names a test that fails only when run again, and exits 1', () => {
    const result = check('keepsState.test.js', 'startsAfresh.test.js');
    assert.equal(result.status, 1, result.stdout + result.stderr);
    assert.match(result.stderr, /^1 test passed the first time and failed when run again in the same process, as Stryker runs them\./);
    assert.match(result.stderr, /\n {2}- a suite with a counter asks once: /);
    assert.doesNotMatch(result.stderr, /a suite that resets/);
  });

  it('passes tests that start afresh each time', () => {
    const result = check('startsAfresh.test.js');
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.equal(result.stdout.trim(), 'Run twice in one process, as Stryker runs them: 1 test passed both times.');
  });
});
