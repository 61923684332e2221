// The plan of the house, checked against the code: src/'s folders stand on floors, and an import only
// runs down to a lower floor (or stays in its folder); no files import each other in a circle; src/mcp/
// never imports `vscode`; no source file grows past 300 lines; the test-only command ids appear in the
// test-hook module alone. A new folder must be given its floor here before its first import counts.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** From the ground up. A folder imports only folders of lower floors. */
const FLOORS: readonly (readonly string[])[] = [
  // The protocol core (no `vscode`) and the shared helpers, tables and strings.
  ['mcp', 'common'],
  // Servers' own icons: checked, fetched by the extension host and cached; every view that lists things uses them.
  ['icons'],
  // Settings, trust, and the features that depend on nothing but the ground (MCP Apps: tools and chat show
  // them; tasks: tools and chat run calls as tasks; skills: chat attaches them).
  ['config', 'trust', 'inputs', 'auth', 'import', 'resources', 'sampling', 'elicitation', 'api', 'apps', 'devmode', 'tasks', 'skills'],
  // Features that use a lower feature (the Servers view reads the settings schema; prompts and tools link
  // resources; the registry stores secrets as inputs and names servers as import does; the sandbox's
  // marks and "Allow …" describe a sandbox as the consent question does).
  ['servers', 'prompts', 'tools', 'registry', 'sandbox'],
  // The @mcp participant: prompts, tools and resources in the chat; the server author's workbench (Protocol
  // view, call history, saved calls as tests, connection doctor), which runs tools, prompts and resources by hand.
  ['chat', 'workbench'],
  // The entry point and the one wiring file.
  ['activation'],
];
const MAX_LINES = 300;

const src = resolve(__dirname, '..', '..', '..', 'src');
const files: string[] = [];
const walk = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.ts')) files.push(path);
  }
};
walk(src);
const folderOf = (file: string) => relative(src, file).split('/')[0]!;
const floorOf = (folder: string) => FLOORS.findIndex((floor) => floor.includes(folder));

/** The files of src/ that `file` imports (relative imports, type-only included, and require()). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:import|export)\s[^'"`;]*?from\s*['"](\.[^'"]+)['"]|require\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]!);
  return specs.flatMap((spec) => {
    const base = resolve(dirname(file), spec);
    return [`${base}.ts`, join(base, 'index.ts')].filter((candidate) => files.includes(candidate));
  });
}

describe('architecture', () => {
  it('gives every folder of src/ a floor, and no file lives at its root', () => {
    const folders = [...new Set(files.map(folderOf))];
    assert.deepEqual(folders.filter((f) => f.endsWith('.ts')), [], 'files directly in src/');
    assert.deepEqual(folders.filter((f) => floorOf(f) < 0), [], 'folders without a floor in FLOORS');
  });

  it('imports only run down the floors', () => {
    const upward = files.flatMap((file) =>
      importsOf(file)
        .filter((target) => folderOf(target) !== folderOf(file) && floorOf(folderOf(target)) >= floorOf(folderOf(file)))
        .map((target) => `${relative(src, file)} -> ${relative(src, target)}`),
    );
    assert.deepEqual(upward, []);
  });

  it('has no files that import each other in a circle', () => {
    const edges = new Map(files.map((f) => [f, importsOf(f)]));
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(src, f)).join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const next of edges.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    assert.deepEqual(circles, []);
  });

  it(`keeps src/mcp/ free of vscode, and every source file under ${MAX_LINES} lines`, () => {
    const vscodeInCore = files.filter((f) => folderOf(f) === 'mcp' && /from 'vscode'|require\('vscode'\)/.test(readFileSync(f, 'utf8')));
    assert.deepEqual(vscodeInCore.map((f) => relative(src, f)), []);
    const long = files.map((f) => [relative(src, f), readFileSync(f, 'utf8').split('\n').length] as const).filter(([, lines]) => lines > MAX_LINES);
    assert.deepEqual(long, []);
  });

  it('names the test-only commands in the test-hook module alone', () => {
    const hooks = join(src, 'activation', 'testHooks.ts');
    assert.deepEqual(files.filter((f) => f !== hooks && readFileSync(f, 'utf8').includes('mcpClient.test.')).map((f) => relative(src, f)), []);
  });
});
