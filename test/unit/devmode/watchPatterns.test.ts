import * as assert from 'node:assert/strict';
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
});
