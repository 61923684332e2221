// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, `--suite all`) against
// the test-only CLI client (test/conformance/client.ts, compiled to out/). The suite needs Node 22+,
// so it runs on the Node 24 that scripts/setup-host.sh installs; the client itself runs on this Node.
// Returns one count per scenario: a scenario passes when none of its checks failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupHost } from '../../scripts/host/codeServer.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every results folder (one per scenario run) under `dir`: the ones holding a checks.json. */
function scenarioDirs(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) return [];
    return existsSync(join(path, 'checks.json')) ? [path] : scenarioDirs(path);
  });
}

export async function runConformance({ suite = 'all', log = console.log } = {}) {
  const { node24 } = await setupHost();
  const cli = join(root, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  const client = join(root, 'out', 'test', 'conformance', 'client.js');
  const output = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  try {
    const args = [cli, 'client', '--command', `"${process.execPath}" "${client}"`, '--suite', suite, '-o', output];
    const exitCode = await new Promise((resolveExit, reject) => {
      const child = spawn(node24, args, { cwd: output, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('error', reject);
      child.on('close', (code) => {
        // The suite's own summary: one line per scenario and the check totals.
        const summary = out.slice(out.indexOf('=== SUITE SUMMARY ==='));
        log(summary.trim() || out.trim());
        resolveExit(code ?? 1);
      });
    });
    let passed = 0;
    let failed = 0;
    const failures = [];
    for (const dir of scenarioDirs(output)) {
      const checks = JSON.parse(readFileSync(join(dir, 'checks.json'), 'utf8'));
      const failing = checks.filter((c) => c.status === 'FAILURE');
      if (failing.length === 0) passed++;
      else {
        failed++;
        const line = `${relative(output, dir)}: ${failing.map((f) => `${f.id}: ${f.description}`).join('; ')}`;
        failures.push(line);
        log(`  ✗ ${line}`);
      }
    }
    // A suite that crashed or ran nothing must not look green.
    if (passed + failed === 0 || (exitCode !== 0 && failed === 0)) {
      failed++;
      failures.push(`the conformance suite exited with ${exitCode} after ${passed} scenarios`);
    }
    return { passed, failed, skipped: 0, failures };
  } finally {
    rmSync(output, { recursive: true, force: true });
  }
}
