// Builds the extension's two bundles (dist/extension.js, what activation loads, and dist/contributions.js,
// everything else) and, with --tests, the test/bench/fixture code (out/).
// Each bundle is CommonJS with `vscode` external; tests are transpiled file by file
// (no bundling) so mocha sees one module per test file and fixtures run as plain `node` scripts.
import * as esbuild from 'esbuild';
import { cpSync, existsSync, readdirSync, statSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const args = new Set(process.argv.slice(2));
const production = args.has('--production');
const watch = args.has('--watch');
const tests = args.has('--tests');

const extension = {
  entryPoints: Object.fromEntries(
    Object.entries({ extension: 'src/activation/activate.ts', contributions: 'src/activation/contributions.ts', 'demo-server': 'demo/server/demoServer.ts' }).filter(([, path]) =>
      existsSync(path),
    ),
  ),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outdir: 'dist',
  // './contributions' (src/activation/contributions.ts: every feature, the session layer, the SDK, zod)
  // is a bundle of its own, which contributionLoader.ts requires just after activation, so that
  // activation does not load it.
  external: ['vscode', './contributions'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'info',
  // The SDK ships both ESM and CJS builds; prefer the CJS ones for a CommonJS bundle.
  mainFields: ['module', 'main'],
  conditions: ['require', 'node'],
};

// The sandbox launcher (src/mcp/sandbox/launcher.ts): a program of its own, one process per sandboxed
// server, run on the extension host's Node. ESM, as @anthropic-ai/sandbox-runtime is: the runtime finds
// its helper binaries (vendor/seccomp/<arch>/apply-seccomp, the JVM proxy agent) beside the bundle's
// folder through import.meta.url, so they are copied to dist/vendor/ (and ship in the .vsix).
const sandboxLauncher = {
  entryPoints: { sandboxLauncher: 'src/mcp/sandbox/launcher.ts' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  minify: production,
  sourcemap: false,
  logLevel: 'warning',
  // CommonJS dependencies of the runtime (node-forge…) call require(); an ESM bundle needs one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
};
// Dev mode's debug relay (src/mcp/sandbox/debugRelay.ts), run inside a sandbox: plain Node, no dependencies.
const sandboxDebugRelay = {
  entryPoints: { sandboxDebugRelay: 'src/mcp/sandbox/debugRelay.ts' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outdir: 'dist',
  minify: production,
  logLevel: 'warning',
};
const RUNTIME_VENDOR = 'node_modules/@anthropic-ai/sandbox-runtime/vendor';
function copySandboxVendor() {
  for (const part of ['seccomp/x64/apply-seccomp', 'seccomp/arm64/apply-seccomp', 'java-proxy-agent/srt-proxy-agent.jar']) {
    cpSync(join(RUNTIME_VENDOR, part), join('dist', 'vendor', part));
  }
}

function tsFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

// Browser code of the fixture apps (test/fixtures/apps/): bundled with ext-apps' `App`, one script per
// app, which the apps fixture server inlines into the app's HTML.
const FIXTURE_APPS = 'test/fixtures/apps';
const fixtureAppsBuild = {
  entryPoints: tsFiles(FIXTURE_APPS),
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'chrome120',
  outdir: join('out', FIXTURE_APPS),
  minify: true,
  logLevel: 'warning',
};

const testBuild = {
  entryPoints: ['src', 'test', 'bench', 'demo/server'].flatMap(tsFiles).filter((path) => !path.startsWith(join(FIXTURE_APPS, ''))),
  bundle: false,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outdir: 'out',
  outbase: '.',
  sourcemap: 'inline',
  logLevel: 'warning',
};

if (watch) {
  const ctx = await esbuild.context(extension);
  await ctx.watch();
  console.log('esbuild: watching for changes…');
} else {
  await esbuild.build(extension);
  await esbuild.build(sandboxLauncher);
  await esbuild.build(sandboxDebugRelay);
  copySandboxVendor();
  if (tests) {
    // Files are overwritten in place rather than the folder being emptied first, so a build does not
    // pull files from under a test run in progress; --clean empties it (CI starts from a clean clone).
    if (args.has('--clean')) rmSync('out', { recursive: true, force: true });
    await esbuild.build(testBuild);
    await esbuild.build(fixtureAppsBuild);
    removeOrphanedTests('out/test');
  }
}

/**
 * A compiled test whose source was deleted or moved would still run (the runners collect every
 * out/test/**\/*.test.js): remove it. Only orphans go, so a run in progress keeps its files.
 */
function removeOrphanedTests(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) removeOrphanedTests(path);
    else if (entry.name.endsWith('.test.js') && !existsSync(path.replace(/^out[\\/]/, '').replace(/\.js$/, '.ts'))) rmSync(path, { force: true });
  }
}
