import * as assert from 'node:assert/strict';
import { dirname } from 'node:path';
import { commandExists } from '../../../src/trust/commandLookup';

describe('commandExists (before a consent question)', () => {
  it('finds a command on the PATH, a path to a file, and not a typo', async () => {
    const nodeDir = dirname(process.execPath);
    assert.equal(await commandExists({ command: 'node', env: { PATH: nodeDir } }), true);
    assert.equal(await commandExists({ command: process.execPath, env: {} }), true);
    assert.equal(await commandExists({ command: 'nodee', env: { PATH: nodeDir } }), false);
    assert.equal(await commandExists({ command: './missing/tool', env: {}, cwd: nodeDir }), false);
    assert.equal(await commandExists({ command: '', env: {} }), false);
  });
});
