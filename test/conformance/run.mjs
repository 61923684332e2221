// Runs the official MCP conformance suite's client scenarios against the test-only CLI client
// (test/conformance/client.ts, compiled to out/). The suites are pinned in test/conformance/suites/ and
// need Node 22+, so they run on the Node 24 that scripts/host/setupHost.mjs installs with them; the
// client itself runs on this Node.
//
// Each scenario runs on its own (`client --scenario <name>`), a few at a time: the suite's `--suite all`
// starts every client at once, and on a 2-core machine that turns load into failures (probe timeouts,
// "reconnected very late") that say nothing about the client. One count per scenario:
// - a FAILURE check, a client that timed out, or a client that exited with an error fails it;
// - a scenario that ran no check at all fails (it proves nothing);
// - a WARNING does not fail it (the suite's own exit code does, which is why that is not the verdict),
//   but each warning is shown with its text, so a "reconnected slightly late" on a busy machine is
//   visible without turning the run red;
// - a scenario that wrote no results (the suite crashed) fails, with its last output lines.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolchain } from '../../scripts/host/setupHost.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Scenarios run at once: the machine's two cores, one for the suite's server and one for the client. */
const CONCURRENCY = 2;

function run(node, args, cwd) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(node, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ exitCode: code ?? 1, output }));
  });
}

/** The client scenarios the suite lists (`list --client`: lines "  - <name> [<spec versions>]"). */
export function parseScenarioList(text) {
  const at = text.indexOf('Client scenarios');
  return at < 0 ? [] : [...text.slice(at).matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]);
}

/**
 * One scenario's verdict from the checks it wrote and the suite's output. Exported for its unit test.
 * @returns {{ name: string, passed: number, failures: string[], warnings: string[] }}
 */
export function verdict(name, checks, output) {
  const texts = (status) => (checks ?? []).filter((c) => c.status === status).map((c) => `${c.id}: ${c.errorMessage ?? c.description}`);
  const failures = texts('FAILURE');
  const passed = (checks ?? []).filter((c) => c.status === 'SUCCESS').length;
  const tail = () => output.trim().split('\n').slice(-8).join(' | ');
  if (!checks) failures.push(`the suite wrote no results: ${tail()}`);
  else if (/CLIENT TIMED OUT/.test(output)) failures.push('the client timed out');
  else if (/CLIENT EXITED WITH ERROR/.test(output)) failures.push(`the client exited with an error: ${tail()}`);
  else if (passed === 0 && failures.length === 0) failures.push('no check ran');
  return { name, passed, failures, warnings: texts('WARNING') };
}

/**
 * @param {{ version?: 'stable' | 'next', log?: (text: string) => void }} [options]
 */
export async function runConformance({ version = 'stable', log = console.log } = {}) {
  const { node24, conformance } = await toolchain();
  const cli = conformance[version];
  const client = join(root, 'out', 'test', 'conformance', 'client.js');
  const output = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  try {
    const listed = await run(node24, [cli, 'list', '--client'], output);
    // MCP_CONFORMANCE_GREP=<text>: only the scenarios whose name contains it (while iterating).
    const grep = process.env.MCP_CONFORMANCE_GREP;
    const scenarios = parseScenarioList(listed.output).filter((name) => !grep || name.includes(grep));
    if (scenarios.length === 0) {
      return { passed: 0, failed: 1, skipped: 0, failures: [`the conformance suite listed no client scenario: ${listed.output.trim().slice(0, 500)}`] };
    }
    const results = [];
    const queue = [...scenarios];
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      for (let name = queue.shift(); name; name = queue.shift()) {
        const dir = join(output, name.replace(/\//g, '_'));
        const { output: text } = await run(node24, [cli, 'client', '--command', `"${process.execPath}" "${client}"`, '--scenario', name, '-o', dir], output);
        const file = findChecks(dir);
        results.push(verdict(name, file && JSON.parse(readFileSync(file, 'utf8')), text));
      }
    }));
    let passed = 0;
    const failures = [];
    for (const name of scenarios) {
      const r = results.find((x) => x.name === name);
      const mark = r.failures.length ? '✗' : '✓';
      log(`${mark} ${name}: ${r.passed} checks passed${r.warnings.length ? `, ${r.warnings.length} warnings` : ''}`);
      for (const warning of r.warnings) log(`    ⚠ ${warning} (a warning: the scenario still passes)`);
      for (const failure of r.failures) log(`    ✗ ${failure}`);
      if (r.failures.length) failures.push(`${name}: ${r.failures.join('; ')}`);
      else passed++;
    }
    log(`${passed} of ${scenarios.length} client scenarios passed`);
    return { passed, failed: failures.length, skipped: 0, failures };
  } finally {
    rmSync(output, { recursive: true, force: true });
  }
}

/** The suite writes <dir>/<scenario>-<timestamp>/checks.json (the scenario name may hold a '/'). */
function findChecks(dir) {
  if (!existsSync(dir)) return undefined;
  const stack = [dir];
  while (stack.length) {
    const current = stack.pop();
    const candidate = join(current, 'checks.json');
    if (existsSync(candidate)) return candidate;
    for (const entry of readdirSafe(current)) stack.push(join(current, entry));
  }
  return undefined;
}

function readdirSafe(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    return [];
  }
}
