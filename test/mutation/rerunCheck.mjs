// `node test/mutation/rerunCheck.mjs <built test files…>`: runs the tests twice in one process, as Stryker's
// mocha runner runs them (it loads the test files once, then runs the tests again for each mutant), and
// exits 1 naming every test that passed the first time and failed the second. Such a test keeps state from
// one run to the next (a counter of its describe, a module's cache): on a later mutant's run it fails
// whatever the mutant does, and the mutant counts as killed, so the score would claim what no test showed.
// scripts/mutation.mjs runs it on the tests Stryker will run, before Stryker. Found so: a describe's
// `asked` count in toolTasksLate.test.ts, never reset, "killed" an equivalent mutant of linearReadBuffer.ts.
import Mocha from 'mocha';

const files = process.argv.slice(2);
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
    runner.on('fail', (test, error) => failed.set(test.fullTitle(), `${String(error?.message ?? error).split('\n')[0]}`));
  });
}

const first = await runOnce();
const second = await runOnce();
const tests = (n) => `${n} test${n === 1 ? '' : 's'}`;
const list = (entries) => [...entries].map(([title, why]) => `  - ${title}: ${why}`).join('\n');
const onlySecond = [...second.failed].filter(([title]) => !first.failed.has(title));
if (first.failed.size) console.error(`${tests(first.failed.size)} failed on the first run (Stryker's initial run would stop there):\n${list(first.failed)}`);
if (onlySecond.length) {
  console.error(
    `${tests(onlySecond.length)} passed the first time and failed when run again in the same process, as Stryker runs them. ` +
      'A mutant that such a test "kills" on a later run would count as detected whatever it does. Make each start afresh ' +
      `(reset its state in a beforeEach), or run this again if it was a flaky failure:\n${list(onlySecond)}`,
  );
}
if (!first.failed.size && !onlySecond.length) console.log(`Run twice in one process, as Stryker runs them: ${tests(first.passed)} passed both times.`);
process.exit(first.failed.size || onlySecond.length ? 1 : 0);
