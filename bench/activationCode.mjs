// The code half of activation, apart from VS Code's busy startup: times require(dist/extension.js) and
// activate() in fresh Node processes, against a stand-in `vscode` whose every member is an inert
// function. Build first (`node esbuild.mjs --production`). Usage: node bench/activationCode.mjs [runs=40]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 40);

/** Runs in the child: the stand-in `vscode`, then the timing. */
const child = `
const Module = require('module');
const { performance } = require('perf_hooks');
const inert = new Proxy(function () {}, {
  get: (t, k) => (k === Symbol.toPrimitive ? () => '' : k === 'then' ? undefined : inert),
  apply: () => inert,
  construct: () => inert,
  set: () => true,
});
const vscode = { l10n: { t: (message) => message } };
for (const k of ['window', 'workspace', 'commands', 'chat', 'env', 'lm', 'languages', 'extensions', 'EventEmitter', 'TreeItem', 'ThemeIcon',
  'ThemeColor', 'MarkdownString', 'StatusBarAlignment', 'TreeItemCollapsibleState', 'Disposable', 'Uri', 'LogLevel', 'FileSystemError',
  'FileType', 'FilePermission', 'ProgressLocation', 'QuickPickItemKind', 'QuickInputButtons', 'ConfigurationTarget', 'ViewColumn']) vscode[k] = inert;
const load = Module._load;
Module._load = function (request, ...rest) { return request === 'vscode' ? vscode : load.call(this, request, ...rest); };
const root = process.argv[1];
const context = { subscriptions: [], extension: { packageJSON: require(root + '/package.json') }, globalState: inert, secrets: inert, extensionUri: inert, globalStorageUri: inert };
const t0 = performance.now();
const extension = require(root + '/dist/extension.js');
const t1 = performance.now();
extension.activate(context);
const t2 = performance.now();
console.log(JSON.stringify({ load: t1 - t0, activate: t2 - t1 }));
// Before the contributions load (setImmediate): only activation is timed.
process.exit(0);
`;

const samples = [];
for (let i = 0; i < runs; i++) {
  const run = spawnSync(process.execPath, ['-e', child, ROOT], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  samples.push(JSON.parse(run.stdout));
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(2)} ms`;
console.log(`require(dist/extension.js): median ${ms(median(samples.map((s) => s.load)))}; activate(): median ${ms(median(samples.map((s) => s.activate)))} (${runs} runs)`);
