import * as assert from 'node:assert/strict';
import { resolveVariables, type VariableContext } from '../../../src/config/variables';

const ctx: VariableContext = {
  workspaceFolders: [
    { name: 'app', path: '/work/app' },
    { name: 'docs', path: '/work/docs' },
  ],
  userHome: '/home/ada',
  env: { TOKEN: 'secret', EMPTY: '' },
};

function resolved(value: string, context: VariableContext = ctx): string {
  const r = resolveVariables(value, context);
  if (!r.ok) assert.fail(r.errors.join('; '));
  return r.value;
}

function errors(value: string, context: VariableContext = ctx): string[] {
  const r = resolveVariables(value, context);
  assert.equal(r.ok, false, `expected "${value}" to fail`);
  return r.ok ? [] : r.errors;
}

describe('resolveVariables', () => {
  it('leaves text without variables alone', () => {
    assert.equal(resolved('node server.js --port=3000'), 'node server.js --port=3000');
  });

  it('resolves ${workspaceFolder} to the first folder, or to the folder of a folder setting', () => {
    assert.equal(resolved('${workspaceFolder}/server.js'), '/work/app/server.js');
    assert.equal(resolved('${workspaceFolder}/server.js', { ...ctx, folderPath: '/work/docs' }), '/work/docs/server.js');
  });

  it('resolves ${workspaceFolder:name}', () => {
    assert.equal(resolved('${workspaceFolder:docs}/index.md'), '/work/docs/index.md');
  });

  it('resolves ${userHome}, ${env:NAME} and several variables in one string', () => {
    assert.equal(resolved('${userHome}/.config'), '/home/ada/.config');
    assert.equal(resolved('Bearer ${env:TOKEN} from ${workspaceFolder:app}'), 'Bearer secret from /work/app');
  });

  it('turns an unset environment variable into empty text, as VS Code does', () => {
    assert.equal(resolved('[${env:NOT_SET}]'), '[]');
    assert.equal(resolved('[${env:EMPTY}]'), '[]');
  });

  it('does not expand text a variable expanded to', () => {
    assert.equal(resolved('${env:X}', { ...ctx, env: { X: '${userHome}' } }), '${userHome}');
  });

  it('expands a leading ~ only', () => {
    assert.equal(resolved('~'), '/home/ada');
    assert.equal(resolved('~/bin/server'), '/home/ada/bin/server');
    assert.equal(resolved('~other/bin'), '~other/bin');
    assert.equal(resolved('a~/b'), 'a~/b');
  });

  it('leaves ${input:id} unchanged without an error', () => {
    assert.equal(resolved('Bearer ${input:token} in ${workspaceFolder}'), 'Bearer ${input:token} in /work/app');
  });

  it('reports ${workspaceFolder} with no folder open', () => {
    assert.deepEqual(errors('${workspaceFolder}/x', { ...ctx, workspaceFolders: [] }), ['${workspaceFolder} needs an open workspace folder']);
  });

  it('reports a folder name that is not open, listing the open ones', () => {
    assert.deepEqual(errors('${workspaceFolder:api}'), ['${workspaceFolder:api}: no open workspace folder is named "api" (open: "app", "docs")']);
  });

  it('reports every unknown variable by name', () => {
    assert.deepEqual(errors('${cwd} and ${userHome:x} and ${env:}'), [
      'unknown variable ${cwd} (supported: ${workspaceFolder}, ${workspaceFolder:name}, ${userHome}, ${env:NAME})',
      'unknown variable ${userHome:x} (supported: ${workspaceFolder}, ${workspaceFolder:name}, ${userHome}, ${env:NAME})',
      '${env:NAME} needs the name of an environment variable',
    ]);
  });
});
