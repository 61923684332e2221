// Mocha root hooks for the mutation run.
// - Stryker's mocha runner switches mocha's own test timeout off (it times whole runs instead), so a mutant
//   that makes a test wait for ever holds the run until Stryker's limit, which for a test of the session layer
//   is minutes. `npm run test:unit` gives every test 20 s (scripts/test.mjs); the same here makes such a test
//   fail after 20 s, and the run stop there. Suites that set a longer timeout of their own keep it.
// - Code that runs in a child process (the sandbox launcher): see childProcesses.cjs.
// - A suite's `before` hooks: Stryker's runner names the test that covers code in a root `beforeEach` and
//   never clears it, so what a suite's `before` hook runs (starting a session for the whole suite) was
//   counted to the test that ran before it, often in another file (the protocol tap test of
//   workbench/timeline.test.ts covered the session layer through api/publicApi.test.ts's `before`). A mutant
//   there then ran only that unrelated test, which does not run the hook, and survived. Each `before` hook
//   now counts to the first test of its suite, which cannot run without it.
const { announceActiveMutant, collectChildCoverage } = require('./childProcesses.cjs');

const UNIT_TEST_TIMEOUT_MS = 20_000;
const wrapped = new WeakSet();

/** The first test mocha runs in `suite`: its own tests come before those of the suites inside it. */
function firstTest(suite) {
  const own = suite.tests.find((test) => !test.isPending());
  if (own) return own;
  for (const child of suite.suites) {
    const test = firstTest(child);
    if (test) return test;
  }
  return undefined;
}

/** Makes every `before` hook under `suite` run as part of its suite's first test (see above). */
function creditBeforeHooks(suite) {
  const first = firstTest(suite);
  for (const hook of suite._beforeAll) {
    if (!first || wrapped.has(hook.fn)) continue;
    const original = hook.fn;
    const title = first.fullTitle();
    const enter = () => {
      const stryker = globalThis.__stryker__;
      if (stryker) stryker.currentTestId = title;
      announceActiveMutant();
    };
    // mocha tells a callback hook from one that returns a promise by the function's length.
    hook.fn = original.length
      ? function (done) {
          enter();
          return original.call(this, done);
        }
      : function () {
          enter();
          return original.call(this);
        };
    wrapped.add(hook.fn);
  }
  for (const child of suite.suites) creditBeforeHooks(child);
}

exports.mochaHooks = {
  beforeAll() {
    for (const suite of this.test.parent.suites) creditBeforeHooks(suite);
  },
  beforeEach() {
    const test = this.currentTest;
    if (test && test.timeout() === 0) test.timeout(UNIT_TEST_TIMEOUT_MS);
    announceActiveMutant();
  },
  afterEach() {
    collectChildCoverage();
  },
};
