// Stryker's build command, run inside its sandbox (.stryker-tmp/sandbox-<id>/, two levels below the
// checkout). Stryker links node_modules into the sandbox only after the build, but the build copies the
// sandbox runtime's helpers out of node_modules by relative path (esbuild.mjs, issue 28), so the link is
// made here first; then the unit tests are built exactly as `npm run test:unit` builds them.
import { spawnSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { resolve } from 'node:path';

if (!existsSync('node_modules')) symlinkSync(resolve('../../node_modules'), 'node_modules', 'junction');
const build = spawnSync(process.execPath, ['esbuild.mjs', '--tests'], { stdio: 'inherit' });
process.exit(build.status ?? 1);
