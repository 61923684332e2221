// Which mutants `npm run test:mutation -- <file or glob>[:<lines>]…` tests (test/mutation/arguments.mjs):
// files and globs narrow the scope, a line range narrows a file, and nothing outside the scope is named.
import * as assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(__dirname, '..', '..', '..', '..');
interface ArgumentsModule {
  mutateArguments(scope: string[], args: string[]): { targets: string[]; mutate: string[] };
}
const load = () => import(pathToFileURL(join(root, 'test', 'mutation', 'arguments.mjs')).href) as Promise<ArgumentsModule>;
const scope = ['src/mcp/connection.ts', 'src/mcp/session.ts', 'src/mcp/sandbox/launcher.ts', 'src/trust/consentText.ts'];

describe('npm run test:mutation: which files and lines are mutated', () => {
  it('takes files and globs within the scope, each file once', async () => {
    const { mutateArguments } = await load();
    assert.deepEqual(mutateArguments(scope, ['src/mcp/*.ts', 'src/mcp/session.ts']), {
      targets: ['src/mcp/connection.ts', 'src/mcp/session.ts'],
      mutate: ['src/mcp/connection.ts', 'src/mcp/session.ts'],
    });
    assert.deepEqual(mutateArguments(scope, ['src/mcp/**']).targets, scope.slice(0, 3));
  });

  it('passes a line range on to Stryker, and chooses the tests by the file', async () => {
    const { mutateArguments } = await load();
    assert.deepEqual(mutateArguments(scope, ['src/mcp/connection.ts:1-120', 'src/mcp/connection.ts:200:5-240:10', 'src/trust/consentText.ts']), {
      targets: ['src/mcp/connection.ts', 'src/trust/consentText.ts'],
      mutate: ['src/mcp/connection.ts:1-120', 'src/mcp/connection.ts:200:5-240:10', 'src/trust/consentText.ts'],
    });
  });

  it('names nothing outside the scope', async () => {
    const { mutateArguments } = await load();
    assert.deepEqual(mutateArguments(scope, ['src/extension.ts', 'src/extension.ts:1-10']), { targets: [], mutate: [] });
    assert.deepEqual(mutateArguments(scope, []), { targets: [], mutate: [] });
  });
});
