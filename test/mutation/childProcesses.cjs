// Mutants in code that runs in a child process of the test (the sandbox launcher, dist/sandboxLauncher.mjs,
// with the debug bridge it imports; the debug relay, dist/sandboxDebugRelay.js): Stryker switches a mutant on inside the test runner's own process and
// reads coverage from there, so such code would count as never covered and its mutants never run.
// Two halves make them testable, joined by files in `.mutation-child/` of Stryker's sandbox:
//   - the mutation build (sandboxBuild.mjs) puts CHILD_BANNER at the top of the launcher bundle: the child
//     reads the active mutant its parent (the test runner) wrote, and on exit writes what it covered;
//   - the root hooks (rootHooks.cjs) write the active mutant before each test, and after it add what the
//     test's children covered to that test's coverage, as if the test had run the code itself.
// Files are named by the runner's pid: Stryker runs two test runner processes side by side.
const { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

const CHILD_DIR = resolve(__dirname, '..', '..', '.mutation-child');

/** Plain JavaScript put at the top of a child bundle (ESM or CommonJS: no import, no require). */
const CHILD_BANNER = `{
  const fs = process.getBuiltinModule('node:fs');
  const dir = ${JSON.stringify(CHILD_DIR)};
  const ns = (globalThis.__stryker__ ??= {});
  try { const id = fs.readFileSync(dir + '/active-' + process.ppid, 'utf8'); if (id) ns.activeMutant = id; } catch {}
  process.on('exit', () => { try { fs.writeFileSync(dir + '/covered-' + process.ppid + '-' + process.pid + '.json', JSON.stringify(ns.mutantCoverage ?? {})); } catch {} });
}
`;

function stryker() {
  return globalThis.__stryker__;
}

/** Before a test: the children it starts switch on the mutant this runner has on (none in the dry run). */
function announceActiveMutant() {
  mkdirSync(CHILD_DIR, { recursive: true });
  writeFileSync(join(CHILD_DIR, `active-${process.pid}`), String(stryker()?.activeMutant ?? ''));
}

/** After a test: what its children covered becomes the test's coverage (only the dry run reads it). */
function collectChildCoverage() {
  let files;
  try {
    files = readdirSync(CHILD_DIR).filter((name) => name.startsWith(`covered-${process.pid}-`));
  } catch {
    return;
  }
  const ns = stryker();
  const testId = ns?.currentTestId;
  for (const name of files) {
    const path = join(CHILD_DIR, name);
    try {
      const covered = JSON.parse(readFileSync(path, 'utf8'));
      if (ns?.mutantCoverage && testId) {
        const into = (ns.mutantCoverage.perTest[testId] ??= {});
        for (const counts of [covered.static ?? {}, ...Object.values(covered.perTest ?? {})]) {
          for (const [id, n] of Object.entries(counts)) into[id] = (into[id] ?? 0) + n;
        }
      }
    } catch {
      // A child that died while writing: its coverage is lost, as it would be for any killed process.
    }
    rmSync(path, { force: true });
  }
}

module.exports = { CHILD_BANNER, CHILD_DIR, announceActiveMutant, collectChildCoverage };
