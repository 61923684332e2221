// StrykerJS configuration for `npm run test:mutation` (scripts/mutation.mjs passes it to `stryker run`).
// The scope is issue 31's: the MCP core and the modules that stand between a stranger's text or settings
// and the user. Mutants are switched inside the TypeScript sources; the sandbox then builds them exactly
// as `npm run test:unit` does (`node esbuild.mjs --tests`) and mocha runs the built unit tests in plain Node.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHILD_PROGRAMS, importsOf, reachedFrom, testSourceOf } from './reach.mjs';

// Suites that run no code in scope and so kill no mutant. Two read files: the architecture rules read
// the source text (line counts, imports), which the instrumented copies no longer match, and the bundle
// test reads dist/'s module list, whose node_modules paths differ in the sandbox (a symbolic link).
// test/unit/scripts/ tests the build and test scripts (12 s of it installs nothing but takes long).
const NOT_IN_SCOPE = (file) =>
  file === 'out/test/unit/architecture.test.js' || file === 'out/test/unit/activation/bundles.test.js' || file.startsWith('out/test/unit/scripts/');

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? testFiles(join(dir, entry.name)) : entry.name.endsWith('.test.js') ? [join(dir, entry.name)] : []))
    .sort();
}

// The built unit tests (scripts/mutation.mjs builds them first), those that start servers last: a static
// mutant runs the whole suite until a test fails, so it should meet the quick tests of pure modules first.
const allUnitTests = testFiles('out/test/unit').filter((file) => !NOT_IN_SCOPE(file));

// With files named (scripts/mutation.mjs passes them as MCP_MUTATION_TARGETS), only the unit tests that
// import one of them, directly or not, run: the initial run that maps tests to mutants then takes minutes,
// not the whole suite's time. A test that reaches the code only through a server process it starts does
// not count, and needs none: the fixture servers are built from test/fixtures/, not from src/.
const targets = new Set((process.env.MCP_MUTATION_TARGETS ?? '').split(',').filter(Boolean));
// Code that runs only in a child process is reached by the tests that start that process (reach.mjs).
// The launcher's own modules (launcherChecks.ts, launcherRuntime.ts, launcherStdin.ts) have direct tests too,
// which run first; the sandboxed-server tests then meet only what those leave alive.
for (const [spawner, program] of Object.entries(CHILD_PROGRAMS)) if (program.some((file) => targets.has(file))) targets.add(spawner);
// `--direct` (MCP_MUTATION_DIRECT=1): only the tests that import a named file themselves. For code every
// server test runs through (the process tree, the stdio transport), a surviving mutant would otherwise rerun
// most of the suite, minutes each; a mutant only an indirect test kills then counts as surviving, so the
// score can only come out lower than a full run's.
const direct = process.env.MCP_MUTATION_DIRECT === '1';
const selects = (testSource) => (direct ? importsOf(testSource) : [...reachedFrom(testSource)]).some((file) => targets.has(file));
const unitTests = targets.size ? allUnitTests.filter((file) => selects(testSourceOf(file))) : allUnitTests;
const startsServers = (file) => /\b(McpSession|SessionManager|newSession|sessionForSuite|startStreamableHttpFixture|startLegacySseFixture)\b|\bspawn\(/.test(readFileSync(file, 'utf8'));
const serverTests = new Set(unitTests.filter(startsServers));

// Issue 31's scope: the MCP core and the security modules. Files that import `vscode` are left out: plain
// Node cannot load them, so no unit test runs them (the host tests in a real VS Code do, which Stryker
// cannot drive); today that is src/trust/vscodeConsentHost.ts, src/trust/registerTrust.ts, src/icons/iconCache.ts.
const SCOPE_FOLDERS = ['src/mcp', 'src/trust', 'src/icons'];
const SCOPE_FILES = [
  ...readdirSync('src/common').filter((name) => /^markdown.*\.ts$/.test(name)).map((name) => `src/common/${name}`),
  'src/common/serverText.ts',
  'src/config/serverSchema.ts',
  // Issue 24's choke point for where a setting may come from (a workspace may not name local files).
  'src/config/settingScopes.ts',
];
const sources = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));
const scope = [...SCOPE_FOLDERS.flatMap(sources), ...SCOPE_FILES].filter((file) => !/from 'vscode'/.test(readFileSync(file, 'utf8'))).sort();

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'mocha',
  plugins: ['@stryker-mutator/mocha-runner'],
  // perTest: each mutant runs only the tests that executed its code in the dry run.
  coverageAnalysis: 'perTest',
  // A static mutant is one in code that runs only while a module loads (a constant, a regular expression,
  // the zod schema): no test can be told apart as covering it, so Stryker runs the whole unit suite for
  // each, about 2 minutes apiece here, and there are some 600 in scope: hours. They are left out unless
  // `npm run test:mutation -- --static` asks for them (it sets MCP_MUTATION_STATIC=1); the table counts
  // the ones left out per file as "static".
  ignoreStatic: process.env.MCP_MUTATION_STATIC !== '1',
  // Links node_modules first (Stryker would link it only after the build, which needs it): see the file.
  buildCommand: 'node test/mutation/sandboxBuild.mjs',
  symlinkNodeModules: false,
  mochaOptions: {
    spec: [...unitTests.filter((file) => !serverTests.has(file)), ...serverTests],
    ui: 'bdd',
    // The unit run's 20 s per test (Stryker turns mocha's timeout off): see the file.
    require: ['test/mutation/rootHooks.cjs'],
  },
  mutate: scope,
  // Two mutants at a time at most: the machine has 2 cores and is shared. MCP_MUTATION_CONCURRENCY=1
  // runs one at a time, for a machine that is busy with something else (a benchmark, another run).
  concurrency: Number(process.env.MCP_MUTATION_CONCURRENCY) || 2,
  // A test runner process is restarted after this many mutants, so fixture servers a mutant left behind
  // and grown heaps do not pile up over an hour's run.
  maxTestRunnerReuse: 50,
  timeoutMS: 10_000,
  // The initial run of the whole unit suite takes 3 minutes on an idle machine, far more on a shared one.
  dryRunTimeoutMinutes: 45,
  incremental: true,
  // incrementalFile: passed by scripts/mutation.mjs (test/mutation/incremental.json, committed), see there.
  reporters: ['json', 'html', 'progress'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  // Not copied into the sandbox: build output the sandbox rebuilds, and local run state.
  ignorePatterns: ['dist', '.test-host', '.demo', 'reports', '*.vsix', 'test/fixtures/workspaces/host/.dev-watch', 'test/fixtures/workspaces/host/.vscode'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
