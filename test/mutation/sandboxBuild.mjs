// Stryker's build command, run inside its sandbox (.stryker-tmp/sandbox-<id>/, two levels below the
// checkout). Stryker links node_modules into the sandbox only after the build, but the build copies the
// sandbox runtime's helpers out of node_modules by relative path (esbuild.mjs, issue 28), so the link is
// made here first; then the unit tests are built exactly as `npm run test:unit` builds them. Last, the
// bundles that run as child processes of a test get the banner that lets Stryker's mutants reach them
// (childProcesses.cjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const { CHILD_BANNER } = createRequire(import.meta.url)('./childProcesses.cjs');
const CHILD_BUNDLES = ['dist/sandboxLauncher.mjs', 'dist/sandboxDebugRelay.js'];

if (!existsSync('node_modules')) symlinkSync(resolve('../../node_modules'), 'node_modules', 'junction');
const build = spawnSync(process.execPath, ['esbuild.mjs', '--tests'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
for (const bundle of CHILD_BUNDLES) writeFileSync(bundle, CHILD_BANNER + readFileSync(bundle, 'utf8'));
