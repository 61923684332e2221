// Mocha root hooks for the mutation run.
// - Stryker's mocha runner switches mocha's own test timeout off (it times whole runs instead), so a mutant
//   that makes a test wait for ever holds the run until Stryker's limit, which for a test of the session layer
//   is minutes. `npm run test:unit` gives every test 20 s (scripts/test.mjs); the same here makes such a test
//   fail after 20 s, and the run stop there. Suites that set a longer timeout of their own keep it.
// - Code that runs in a child process (the sandbox launcher): see childProcesses.cjs.
const { announceActiveMutant, collectChildCoverage } = require('./childProcesses.cjs');

const UNIT_TEST_TIMEOUT_MS = 20_000;

exports.mochaHooks = {
  beforeEach() {
    const test = this.currentTest;
    if (test && test.timeout() === 0) test.timeout(UNIT_TEST_TIMEOUT_MS);
    announceActiveMutant();
  },
  afterEach() {
    collectChildCoverage();
  },
};
