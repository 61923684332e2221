// `npm run test:mutation [-- <file or glob>[:<lines>]…] [--force]`: StrykerJS over the core and security modules
// (test/mutation/stryker.config.mjs), then one line per file with its score, and every surviving mutant
// that test/mutation/accepted.md does not explain. Not part of `npm test`: a full run takes hours here.
//
// Incremental: the results are kept in test/mutation/incremental.json, which is committed, so a run in
// any checkout (another worktree, CI, the next session) starts from the last measured state and re-tests
// only the mutants whose code changed or whose tests changed. Stryker diffs file contents, not git.
// With file arguments only those files are mutated; the other files keep their last results.
// `--force` re-tests every mutant in scope (or in the given files). `--static` also tests the static
// mutants (code that runs only while a module loads, see the config), each against the whole unit suite.
// `--direct` runs only the tests that import the named files themselves (see the config: for code every
// server test passes through; the scores can only come out lower).
//
// Exit code: Stryker's own if it failed, else 1 when a file scores below 80% or a survivor is unexplained.
import './host/nodeVersion.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { mutateArguments } from '../test/mutation/arguments.mjs';
import { testReaches } from '../test/mutation/reach.mjs';
import { MIN_SCORE, checkAccepted, fileScores, formatTable, misattributed, parseAccepted, withMovedKeys } from '../test/mutation/report.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const { values: flags, positionals: files } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false }, static: { type: 'boolean', default: false }, direct: { type: 'boolean', default: false } } });

const CONFIG = 'test/mutation/stryker.config.mjs';
const INCREMENTAL = 'test/mutation/incremental.json';
const REPORT = 'reports/mutation/mutation.json';
const ACCEPTED = 'test/mutation/accepted.md';

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Servers a mutant kept from being stopped (one that breaks the process-tree code, say) outlive the
 * test runner: they are found by their path inside Stryker's sandbox and killed.
 */
function killLeftovers() {
  const sandbox = join(root, '.stryker-tmp') + '/';
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(sandbox)) process.kill(Number(pid), 'SIGKILL');
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
}

// Stryker reads the built test files (out/test/unit) from here to tell which tests changed since the
// incremental file was written, so they must be current before it starts.
run(process.execPath, ['esbuild.mjs', '--tests']);

// The configuration lists the built test files, so it is read after the build.
const { default: config } = await import(pathToFileURL(join(root, CONFIG)).href);

// File arguments narrow the configured scope (globs allowed): a file outside it, such as one that
// imports vscode, is not mutated even when a glob names it.
const { targets, mutate } = mutateArguments(config.mutate, files);
if (files.length && !mutate.length) {
  console.error(`No file in the mutation scope matches ${files.join(' ')}. The scope: ${CONFIG}.`);
  process.exit(1);
}
// Stryker runs, for each mutant, the tests that covered it, again and again in one process; a test that
// needs an earlier one, or fails when run again, would kill mutants it never judged (test/mutation/rerunCheck.mjs).
// The check reads the configuration with the variables Stryker gets, so it runs the tests Stryker will.
const selection = { MCP_MUTATION_TARGETS: targets.join(','), ...(flags.static ? { MCP_MUTATION_STATIC: '1' } : {}), ...(flags.direct ? { MCP_MUTATION_DIRECT: '1' } : {}) };
run(process.execPath, ['test/mutation/rerunCheck.mjs'], { ...process.env, ...selection });
const stryker = spawnSync(
  process.execPath,
  [
    join('node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js'),
    'run',
    CONFIG,
    '--incrementalFile',
    INCREMENTAL,
    ...(mutate.length ? ['--mutate', mutate.join(',')] : []),
    ...(flags.force ? ['--force'] : []),
  ],
  { stdio: 'inherit', env: { ...process.env, ...selection } },
);
if (process.platform === 'linux') killLeftovers();
if (stryker.status !== 0) process.exit(stryker.status ?? 1);

const report = JSON.parse(readFileSync(REPORT, 'utf8'));
const rows = fileScores(report);
console.log(`\nMutation score per file (≥ ${MIN_SCORE}% required; timeouts count as detected):\n${formatTable(rows)}`);
const acceptedText = existsSync(ACCEPTED) ? readFileSync(ACCEPTED, 'utf8') : '';
const { unlisted, stale, moved } = checkAccepted(report, parseAccepted(acceptedText));
if (moved.length) {
  // Only the position in the key changes: the entry matched by its file, mutator, code and replacement.
  writeFileSync(ACCEPTED, withMovedKeys(acceptedText, moved));
  console.log(`\n${ACCEPTED}: keys of entries whose survivor moved, updated:\n${moved.map(([from, to]) => `  ${from} → ${to}`).join('\n')}`);
}
if (stale.length) console.log(`\n${ACCEPTED} lists mutants that are now detected or gone (remove them):\n${stale.map((k) => `  ${k}`).join('\n')}`);
if (unlisted.length) console.log(`\nSurviving mutants that ${ACCEPTED} does not explain (kill them with a test, or list them with a reason):\n${unlisted.join('\n')}`);
const named = misattributed(report, testReaches);
const merged = named.filter(([, count]) => count > 0);
const unreachable = named.filter(([, , count]) => count > 0);
if (merged.length) console.log(`\nKept results that name tests by ids no test has, or two tests share (merged from several runs; measure these files again with --force):\n${merged.map(([file, count]) => `  ${file}: ${count} mutants`).join('\n')}`);
if (unreachable.length) console.log(`\nKept results that name a test that cannot run the file (Stryker credits the running test with whatever runs meanwhile, or merged results):\n${unreachable.map(([file, , count]) => `  ${file}: ${count} mutants`).join('\n')}`);
const below = rows.filter((r) => r.score !== null && r.score < MIN_SCORE);
console.log(`\n${rows.length} files, ${below.length} below ${MIN_SCORE}%, ${unlisted.length} unexplained survivors. HTML report: reports/mutation/mutation.html`);
process.exit(below.length || unlisted.length ? 1 : 0);
