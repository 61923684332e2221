// Which source files a unit test reaches through its imports: how the mutation configuration picks the tests
// for the files named, and how scripts/mutation.mjs tells a kept result that names a test which cannot have run
// the mutated code (results merged from different runs, see report.mjs misattributed()).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The relative imports of a TypeScript file, resolved to files (`./x` → `./x.ts` or `./x/index.ts`). */
export function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm)].map((m) => m[1]);
  return specifiers.flatMap((spec) => [`${join(dirname(file), spec)}.ts`, join(dirname(file), spec, 'index.ts'), join(dirname(file), spec)].filter((f) => f.endsWith('.ts') && existsSync(f)).slice(0, 1));
}

/** Every file `source` imports, directly or through other files, itself included. */
export function reachedFrom(source) {
  const seen = new Set();
  const queue = [source];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return seen;
}

/**
 * Code that runs only in a child process (test/mutation/childProcesses.cjs) is reached by the tests that
 * start that process, which import its spawner instead: spawner → the child's files.
 */
export const CHILD_PROGRAMS = {
  'src/mcp/sandbox/sandboxedSpawn.ts': [
    'src/mcp/sandbox/launcher.ts',
    'src/mcp/sandbox/launcherChecks.ts',
    'src/mcp/sandbox/launcherRuntime.ts',
    'src/mcp/sandbox/launcherStdin.ts',
    'src/mcp/sandbox/debugBridge.ts',
    'src/mcp/sandbox/debugRelay.ts',
    'src/mcp/sandbox/joinSockets.ts',
    'src/mcp/sandbox/socketLines.ts',
  ],
};

/** The TypeScript source of a built unit test: out/test/unit/x.test.js → test/unit/x.test.ts. */
export const testSourceOf = (builtTest) => builtTest.replace(/^out\//, '').replace(/\.js$/, '.ts');

const reachedByTest = new Map();

/** Whether the built unit test `builtTest` (out/test/unit/….js) can run `source`, through its imports or a child process. */
export function testReaches(builtTest, source) {
  if (!reachedByTest.has(builtTest)) reachedByTest.set(builtTest, reachedFrom(testSourceOf(builtTest)));
  const reached = reachedByTest.get(builtTest);
  return reached.has(source) || Object.entries(CHILD_PROGRAMS).some(([spawner, program]) => program.includes(source) && reached.has(spawner));
}
