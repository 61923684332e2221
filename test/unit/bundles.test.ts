// What activation loads. `npm test` builds dist/ without minifying first, and esbuild then marks each
// module of a bundle with a `// <path>` line, so the bundle says what went into it.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');
const modulesOf = (bundle: string) => [...readFileSync(join(root, 'dist', bundle), 'utf8').matchAll(/^\/\/ ((?:src|node_modules)\/\S+\.[cm]?[jt]s)$/gm)].map((m) => m[1]);

describe('bundles', () => {
  it('keeps the SDK, zod and the feature UI out of the activation bundle', () => {
    const modules = modulesOf('extension.js');
    assert.ok(modules.includes('src/extension.ts'), `the module markers are there (${modules.length} found)`);
    const heavy = modules.filter((m) => m.startsWith('node_modules/') || /^src\/(prompts|tools|sampling|elicitation|auth|inputs|import|commands)\//.test(m));
    assert.deepEqual(heavy, []);
    // Of the resources and chat folders, only the scheme's name and the participant's shell.
    const allowed = new Set(['src/resources/resourceUri.ts', 'src/chat/participant.ts']);
    assert.deepEqual(modules.filter((m) => /^src\/(resources|chat)\//.test(m) && !allowed.has(m)), []);
  });

  it('keeps the SDK and zod out of the feature bundle too: they load with the session layer', () => {
    const modules = modulesOf('features.js');
    assert.ok(modules.includes('src/features.ts'));
    assert.deepEqual(modules.filter((m) => /^node_modules\/(@modelcontextprotocol|zod)\//.test(m)), []);
  });
});
