// The extensionTestsPath module: VS Code's extension host calls run() once the extension under test is
// loaded, and reports a rejection as exit code 1. It runs every *.test.js compiled below this file
// (out/test/host/, one folder per source folder) with mocha's BDD interface.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';
// A default import, not `import * as`: Mocha is a class exported with `export =`, and a namespace
// import of it is not constructible once esbuild transpiles the file.
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { until } from '../shared/until';
import { api, hooks } from './helpers';

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.js') ? [file] : [];
  });
}

export async function run(): Promise<void> {
  await extensionLoaded();
  // MCP_CLIENT_HOST_GREP=<text> runs only the tests whose full title contains it (while working on a suite).
  await runMocha(testFiles(__dirname).sort(), process.env.MCP_CLIENT_HOST_GREP);
}

/** Waits for the extension and its contributions (it registers its test hooks with them, just after activation). */
export async function extensionLoaded(): Promise<void> {
  await api();
  await until('the extension to load its contributions', async () => (await vscode.commands.getCommands(true)).includes(hooks.serverTreeItems));
}

/** Runs `files` with mocha, then prints the counts as the one line scripts/host/runHostTests.mjs reads. */
export async function runMocha(files: string[], grep?: string): Promise<void> {
  // The extension host's console does not apply printf-style formatting, so the reporter's
  // `console.log('%s', …)` calls would print `%s` literally.
  Mocha.reporters.Base.consoleLog = (...args: unknown[]) => console.log(util.format(...args));
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 60_000, grep });
  for (const file of files) mocha.addFile(file);

  let stats: { passes: number; failures: number; pending: number };
  // Each failure's full title and first line, repeated by scripts/test.mjs at the very end of the run.
  const failures: string[] = [];
  try {
    stats = await new Promise((resolve) => {
      const runner = mocha.run(() => resolve(runner.stats!));
      runner.on('fail', (test, error: Error) => failures.push(`${test.fullTitle()}: ${String(error?.message ?? error).split('\n')[0]}`));
    });
  } catch (error) {
    // A test file that fails to load throws out of mocha.run(); count it as one failure.
    console.error('Loading the host tests failed:', error);
    stats = { passes: 0, failures: 1, pending: 0 };
    failures.push(`loading the host tests: ${String(error)}`);
  }
  reportCounts({ passed: stats.passes, failed: stats.failures, skipped: stats.pending, failures });
}

export function reportCounts(counts: { passed: number; failed: number; skipped: number; failures: string[] }): void {
  console.log(`HOST-TEST-RESULT ${JSON.stringify(counts)}`);
  if (counts.failed > 0) throw new Error(`${counts.failed} host test(s) failed`);
}
