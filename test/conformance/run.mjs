// Runs the official MCP conformance suite (`--suite all`) against the test-only CLI client
// (test/conformance/client.ts, compiled to out/). The suites are pinned in test/conformance/suites/ and
// need Node 22+, so they run on the Node 24 that scripts/host/setupHost.mjs installs with them; the client
// itself runs on this Node. One count per scenario, read from the suite's own summary:
// - a scenario with a FAILURE check fails;
// - a scenario that ran no check at all fails (it proves nothing);
// - a WARNING does not fail it (the suite's own exit code does, which is why it is not used as the verdict),
//   but each warning is shown with its text, so a "reconnected slightly late" on a busy machine is visible
//   without turning the run red;
// - a suite that crashed, or printed no summary, fails the run.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolchain } from '../../scripts/host/setupHost.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SUMMARY_LINE = /^[✓✗] (\S+): (\d+) passed, (\d+) failed(?:, (\d+) warnings)?$/;

/** Every results folder (one per scenario run) under `dir`: the ones holding a checks.json. */
function scenarioDirs(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) return [];
    return existsSync(join(path, 'checks.json')) ? [path] : scenarioDirs(path);
  });
}

/** The checks a scenario wrote, by scenario name (its results folder is `<scenario>-<timestamp>`). */
function checksByScenario(output) {
  const result = new Map();
  for (const dir of scenarioDirs(output)) {
    const name = relative(output, dir).replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
    result.set(name, JSON.parse(readFileSync(join(dir, 'checks.json'), 'utf8')));
  }
  return result;
}

/** Parses the suite's summary into one verdict per scenario. Exported for the unit test of the verdicts. */
export function verdicts(summary, checks = new Map()) {
  const scenarios = [];
  for (const line of summary.split('\n')) {
    const match = SUMMARY_LINE.exec(line.trim());
    if (!match) continue;
    const [, name, passed, failed, warnings = '0'] = match;
    const ran = checks.get(name) ?? [];
    const texts = (status) => ran.filter((c) => c.status === status).map((c) => `${c.id}: ${c.errorMessage ?? c.description}`);
    scenarios.push({
      name,
      passed: Number(passed),
      failed: Number(failed),
      warnings: texts('WARNING').length ? texts('WARNING') : Array.from({ length: Number(warnings) }, () => '(no text recorded)'),
      failures: texts('FAILURE'),
    });
  }
  return scenarios;
}

/**
 * @param {{ suite?: string, version?: 'stable' | 'next', log?: (text: string) => void }} [options]
 */
export async function runConformance({ suite = 'all', version = 'stable', log = console.log } = {}) {
  const { node24, conformance } = await toolchain();
  const cli = conformance[version];
  const client = join(root, 'out', 'test', 'conformance', 'client.js');
  const output = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  try {
    const args = [cli, 'client', '--command', `"${process.execPath}" "${client}"`, '--suite', suite, '-o', output];
    const { exitCode, out } = await new Promise((resolveRun, reject) => {
      const child = spawn(node24, args, { cwd: output, stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      child.on('error', reject);
      child.on('close', (code) => resolveRun({ exitCode: code ?? 1, out: text }));
    });
    const at = out.indexOf('=== SUITE SUMMARY ===');
    const summary = at >= 0 ? out.slice(at) : '';
    log(summary.trim() || out.trim());
    const scenarios = verdicts(summary, checksByScenario(output));
    let passed = 0;
    let failed = 0;
    const failures = [];
    for (const s of scenarios) {
      for (const warning of s.warnings) log(`  ⚠ ${s.name}: ${warning} (a warning: the scenario still passes)`);
      const reason = s.failed > 0 ? (s.failures.join('; ') || `${s.failed} checks failed`) : s.passed === 0 ? 'no check ran' : undefined;
      if (!reason) { passed++; continue; }
      failed++;
      failures.push(`${s.name}: ${reason}`);
      log(`  ✗ ${s.name}: ${reason}`);
    }
    // A suite that crashed or ran nothing must not look green.
    if (scenarios.length === 0) {
      failed++;
      failures.push(`the conformance suite exited with ${exitCode} and reported no scenario`);
    }
    return { passed, failed, skipped: 0, failures };
  } finally {
    rmSync(output, { recursive: true, force: true });
  }
}
