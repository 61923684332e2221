// `node test/mutation/rerunCheck.mjs [built test files…]`: runs the tests (by default those stryker.config.mjs
// selects, with the same MCP_MUTATION_* variables scripts/mutation.mjs hands Stryker) as Stryker's mocha runner will
// judge mutants with them, and exits 1 naming each test that cannot be trusted there. Stryker loads the
// test files once and runs, for each mutant, only the tests that covered it, again and again in one
// process. A test that fails there whatever the mutant does makes the mutant count as killed:
// - one that needs an earlier test to have run (it reads what that test left): found by running every
//   test in reverse order first, in a fresh process;
// - one that keeps state from one run to the next (a counter of its describe, never reset): found by
//   running them all again, in order, in the same process.
// scripts/mutation.mjs runs it on the tests Stryker will run, before Stryker. Found so (2026-11-27): a
// describe's `asked` count in toolTasksLate.test.ts had "killed" 17 mutants; five tests read what a test
// before them had left (a list of recent prompts, requests counted since the suite began…).
import Mocha from 'mocha';

const files = process.argv.length > 2 ? process.argv.slice(2) : (await import('./stryker.config.mjs')).default.mochaOptions.spec;
if (process.argv.length <= 2) console.log(`Running the ${files.length} test file${files.length === 1 ? '' : 's'} Stryker will run in reverse order, then again in order…`);
const mocha = new Mocha({ ui: 'bdd', reporter: function quiet() {}, timeout: 20_000 });
// Kept after a run, so that the same suites can run again (as Stryker does).
mocha.cleanReferencesAfterRun(false);
for (const file of files) mocha.addFile(file);
await mocha.loadFilesAsync();

/** One run: the full title of each test that failed, with the first line of why, and how many passed. */
function runOnce() {
  return new Promise((resolve) => {
    const failed = new Map();
    const runner = mocha.run(() => resolve({ passed: runner.stats.passes, failed }));
    runner.on('fail', (test, error) => failed.set(test.fullTitle(), String(error?.message ?? error).split('\n')[0]));
  });
}
const reverse = (suite) => {
  suite.tests.reverse();
  suite.suites.reverse();
  suite.suites.forEach(reverse);
};

reverse(mocha.suite);
const backwards = await runOnce();
reverse(mocha.suite);
const again = await runOnce();

const tests = (n) => `${n} test${n === 1 ? '' : 's'}`;
const list = (entries) => [...entries].map(([title, why]) => `  - ${title}: ${why}`).join('\n');
const needEarlier = [...backwards.failed].filter(([title]) => !again.failed.has(title));
if (needEarlier.length) {
  console.error(
    `${tests(needEarlier.length)} failed when run before the tests that come before them, and passed in order. ` +
      'Such a test reads what an earlier test left; run without it, as Stryker runs the tests of one mutant, it fails ' +
      `whatever the mutant does. Make each set up what it reads:\n${list(needEarlier)}`,
  );
}
if (again.failed.size) {
  console.error(
    `${tests(again.failed.size)} failed when run again in the same process, as Stryker runs them. A mutant that such a test ` +
      '"kills" on a later run would count as detected whatever it does. Make each start afresh (reset its state in a ' +
      `beforeEach), or run this again if it was a flaky failure:\n${list(again.failed)}`,
  );
}
if (!needEarlier.length && !again.failed.size) console.log(`Run in reverse order, then again in order in the same process: ${tests(again.passed)} passed both times.`);
process.exit(needEarlier.length || again.failed.size ? 1 : 0);
