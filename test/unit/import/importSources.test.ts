import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { configLocations, isInside, readableLocations } from '../../../src/import/importSources';

// Issue 19.6: an import must not launder a repository's configuration into the user's settings.
describe('Import sources and Workspace Trust', () => {
  const folders = [{ name: 'app', path: join('/', 'repo', 'app') }];
  const locations = configLocations(folders, join('/', 'home', 'u', '.config', 'Code', 'User'), 'linux', join('/', 'home', 'u'), {});

  it("reads no configuration inside the workspace while it is untrusted, and says which it skipped", () => {
    const { read, skipped } = readableLocations(locations, false);
    assert.deepEqual(skipped.map((l) => l.path), [join('/', 'repo', 'app', '.vscode', 'mcp.json'), join('/', 'repo', 'app', '.cursor', 'mcp.json')]);
    assert.ok(read.every((l) => !l.path.startsWith(join('/', 'repo'))), 'nothing inside the workspace is read');
    assert.ok(read.some((l) => l.label === 'Claude Desktop'), "the user's own configurations are still read");
  });

  it('reads the workspace configurations once trusted, marked as coming from the workspace', () => {
    const { read, skipped } = readableLocations(locations, true);
    assert.equal(skipped.length, 0);
    assert.deepEqual(read.filter((l) => l.inWorkspace).map((l) => l.label), ["VS Code, folder 'app'", "Cursor, folder 'app'"]);
  });

  it('treats a file picked by hand inside a workspace folder as the workspace’s', () => {
    assert.equal(isInside(join('/', 'repo', 'app', 'sub', 'mcp.json'), folders), true);
    assert.equal(isInside(join('/', 'repo', 'other', 'mcp.json'), folders), false);
    assert.equal(isInside(join('/', 'repo', 'app'), folders), false);
  });
});
