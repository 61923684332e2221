// The compatibility matrix's manifest and installer (scripts/matrix/setupServers.mjs): package specs are
// read with their scope and pinned version, each package is installed once however many rows use it, a
// server's program is the package's bin (its only one, or the one named like the package, or the one the
// row names), and test/matrix/servers.json itself is well formed: unique names, a pinned version, a way to
// run each server, placeholders the runner knows, and known failures that name checks that exist (a typo
// there would let a failure through unnoticed, or keep a note that never applies).
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(__dirname, '..', '..', '..', '..');
interface Entry { name: string; npm?: string; python?: string; command?: string; args?: string[]; serve?: object; call?: object; app?: object; known?: Record<string, unknown> }
interface SetupModule {
  parseSpec(spec: string): { name: string; version: string };
  npmSpecs(manifest: { servers: Entry[] }): string[];
  binPath(dir: string, bin?: string): string;
  readManifest(file?: string): { python: { mcp: string }; servers: Entry[] };
}
const setup = () => import(pathToFileURL(join(root, 'scripts', 'matrix', 'setupServers.mjs')).href) as Promise<SetupModule>;
const checks = async () => ((await import(pathToFileURL(join(root, 'scripts', 'matrix', 'report.mjs')).href)) as { CHECKS: string[] }).CHECKS;

describe('matrix setup', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'matrix-setup-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const pkg = (name: string, bin: unknown) => {
    const folder = join(dir, name.replace('/', '+'));
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name, bin }));
    return folder;
  };

  it('reads scoped and plain specs, and refuses one without a pinned version', async () => {
    const { parseSpec } = await setup();
    assert.deepEqual(parseSpec('@playwright/mcp@0.0.83'), { name: '@playwright/mcp', version: '0.0.83' });
    assert.deepEqual(parseSpec('time-mcp@1.0.6'), { name: 'time-mcp', version: '1.0.6' });
    assert.throws(() => parseSpec('@playwright/mcp'), /needs a pinned version/);
  });

  it('installs a package once however many rows use it', async () => {
    const { npmSpecs } = await setup();
    assert.deepEqual(npmSpecs({ servers: [{ name: 'a', npm: 'x@1' }, { name: 'b', npm: 'x@1' }, { name: 'c', python: 'p.py' }, { name: 'd', npm: 'a@2' }] }), ['a@2', 'x@1']);
  });

  it("runs the package's only program, the one named like it, or the one the row names", async () => {
    const { binPath } = await setup();
    assert.equal(binPath(pkg('solo', 'cli.js')), join(dir, 'solo', 'cli.js'));
    const remote = pkg('mcp-remote', { 'mcp-remote': 'dist/proxy.js', 'mcp-remote-client': 'dist/client.js' });
    assert.equal(binPath(remote), join(remote, 'dist', 'proxy.js'));
    assert.equal(binPath(remote, 'mcp-remote-client'), join(remote, 'dist', 'client.js'));
    assert.throws(() => binPath(pkg('@scope/two', { a: 'a.js', b: 'b.js' })), /choose one of its programs with "bin" .*\(it has: a, b\)/);
  });

  it('has a well-formed servers.json', async () => {
    const { readManifest, parseSpec } = await setup();
    const manifest = readManifest(join(root, 'test', 'matrix', 'servers.json'));
    const known = new Set([...(await checks()), 'diagnostics']);
    assert.match(manifest.python.mcp, /^\d+\.\d+\.\d+$/);
    const names = manifest.servers.map((e) => e.name);
    assert.deepEqual(names.filter((n, i) => names.indexOf(n) !== i), [], 'unique names');
    const npm = new Set(manifest.servers.flatMap((e) => (e.npm ? [parseSpec(e.npm).name] : [])));
    assert.ok(npm.size >= 25, `at least 25 public npm packages (${npm.size})`);
    for (const entry of manifest.servers) {
      assert.equal([entry.npm, entry.python, entry.command].filter(Boolean).length, 1, `${entry.name}: one of npm, python, command`);
      if (entry.npm) assert.match(parseSpec(entry.npm).version, /^\d+\.\d+\.\d+/, `${entry.name}: an exact version`);
      assert.ok(entry.call || entry.app, `${entry.name}: a recipe`);
      for (const key of Object.keys(entry.known ?? {})) assert.ok(known.has(key), `${entry.name}: known.${key} names no check`);
      for (const d of (entry.known?.diagnostics as { match: string; why: string }[] | undefined) ?? []) assert.ok(d.why && new RegExp(d.match), `${entry.name}: a diagnostic pattern with its reason`);
      for (const [key, why] of Object.entries(entry.known ?? {})) if (key !== 'diagnostics') assert.ok(typeof why === 'string' && why.length > 20, `${entry.name}: known.${key} says why`);
      const placeholders = JSON.stringify(entry).match(/\$\{[^}]*\}/g) ?? [];
      for (const p of placeholders) assert.match(p, /^\$\{(workspace|chromium|port|url:[\w-]+|result\.[\w.]+)\}$/, `${entry.name}: ${p} is not a placeholder the runner knows`);
    }
  });
});
