import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { displayPath, planWatch } from '../../../src/devmode/watchPatterns';

describe('dev.watch globs', () => {
  it('watches relative globs from the base folder and matches files below it', () => {
    const plan = planWatch(['build/**/*.js'], '/ws');
    assert.deepEqual(plan.roots, [{ base: '/ws/build', pattern: '**/*.js' }]);
    assert.equal(plan.matches('/ws/build/index.js'), true);
    assert.equal(plan.matches('/ws/build/deep/x/y.js'), true);
    assert.equal(plan.matches('/ws/build/index.ts'), false);
    assert.equal(plan.matches('/ws/src/index.js'), false);
    assert.equal(plan.matches('/other/build/index.js'), false);
  });

  it('excludes paths matched by a ! glob', () => {
    const plan = planWatch(['src/**/*.ts', '!src/**/*.test.ts'], '/ws');
    assert.deepEqual(plan.roots, [{ base: '/ws/src', pattern: '**/*.ts' }]);
    assert.equal(plan.matches('/ws/src/a/server.ts'), true);
    assert.equal(plan.matches('/ws/src/a/server.test.ts'), false);
  });

  it('takes absolute globs and single files as written, and dot folders', () => {
    const plan = planWatch(['/srv/app/*.py', './.dev/server.js'], '/ws');
    assert.deepEqual(plan.roots, [
      { base: '/srv/app', pattern: '*.py' },
      { base: '/ws/.dev', pattern: 'server.js' },
    ]);
    assert.equal(plan.matches('/srv/app/main.py'), true);
    assert.equal(plan.matches('/ws/.dev/server.js'), true);
    assert.equal(plan.matches('/ws/.dev/other.js'), false);
  });

  it('shows changed files relative to the base when inside it', () => {
    assert.equal(displayPath('/ws/build/a.js', '/ws'), 'build/a.js');
    assert.equal(displayPath('/srv/app/main.py', '/ws'), '/srv/app/main.py');
  });

  // Issue 24.13: dev.watch watched any folder a glob named, outside the workspace too (`/**` watches the disk).
  it('watches only inside the allowed folders, on real paths: an outside folder or a symlink leading out is refused', () => {
    const workspace = mkdtempSync(join(tmpdir(), 'watch-ws-'));
    const outside = mkdtempSync(join(tmpdir(), 'watch-out-'));
    mkdirSync(join(workspace, 'src'));
    symlinkSync(outside, join(workspace, 'escape'));
    try {
      const plan = planWatch(['src/**/*.js', '/**/*.js', `${outside}/*.js`, 'escape/**'], workspace, [workspace]);
      assert.deepEqual(plan.roots, [{ base: join(workspace, 'src'), pattern: '**/*.js' }]);
      assert.deepEqual(plan.refused, ['/', outside, join(workspace, 'escape')]);
      assert.equal(plan.matches(join(workspace, 'src', 'a.js')), true);
      assert.equal(plan.matches(join(outside, 'a.js')), false, 'a change outside restarts nothing');
      assert.deepEqual(planWatch(['/**/*.js'], workspace).roots, [{ base: '/', pattern: '**/*.js' }], 'no folders given: as written (the resolver always gives them)');
    } finally {
      rmSync(workspace, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
