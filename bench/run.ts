// `npm run bench`: every benchmark, printed as one Markdown table (also written to bench/results.md).
// Ratios compare against a baseline measured in the same run; absolute times are shown beside them.
import { spawnSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogAtWindowOpen } from './catalog';
import { profileSequentialPings } from './profile';
import { protocolViewRows } from './protocolView';
import { bigLists, manyServers, sessionOverhead, type Row } from './scenarios';
import { sandboxRows } from './sandbox';
import { startupRows } from './startup';

const root = join(__dirname, '..', '..');

async function main(): Promise<void> {
  const rows: Row[] = [];
  const overhead = await sessionOverhead();
  rows.push(...overhead.rows, ...(await protocolViewRows()), ...(await bigLists()), ...(await manyServers()), ...(await catalogAtWindowOpen()));
  rows.push(...(await startupRows()));
  rows.push(...(await sandboxRows()));
  rows.push(...activationAndSize());

  const table = [
    '| Benchmark | Ours | Baseline | Ratio | Goal |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.what} | ${r.ours} | ${r.baseline} | ${r.ratio} | ${r.goal} |`),
  ].join('\n');
  let report = `${table}\n`;
  if (overhead.oursOverFloor > 3) report += `\nOurs/floor is ${overhead.oursOverFloor.toFixed(1)}×: where the time goes in ${'1,000'} sequential pings (CPU profile, self time):\n\n${await profileSequentialPings()}\n`;
  console.log(`\n${report}`);
  writeFileSync(join(root, 'bench', 'results.md'), `# Latest benchmark results\n\nMachine: ${process.platform} ${process.arch}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.\n\n${report}`);
}

/** Activation as VS Code counts it (bench/activation.mjs drives code-server) and the artefact sizes. */
function activationAndSize(): Row[] {
  const rows: Row[] = [];
  if (!process.argv.includes('--no-activation')) {
    const run = spawnSync(process.execPath, [join(root, 'bench', 'activation.mjs'), '5'], { cwd: root, encoding: 'utf8' });
    const found = /median ([\d.]+) ms over \d+ runs; empty baseline ([\d.]+) ms/.exec(run.stdout ?? '');
    if (found) {
      const [ours, base] = [Number(found[1]), Number(found[2])];
      rows.push({ what: 'activation (VS Code figure, production bundle)', ours: `${ours} ms`, baseline: `${base} ms (empty extension)`, ratio: `${(ours / base).toFixed(2)}×`, goal: '< 50 ms' });
    } else {
      rows.push({ what: 'activation (VS Code figure, production bundle)', ours: `failed: ${(run.stderr ?? '').slice(-200)}`, baseline: '', ratio: '', goal: '< 50 ms' });
    }
  }
  const kb = (file: string) => `${(statSync(join(root, file)).size / 1024).toFixed(0)} KB`;
  rows.push({ what: 'dist/extension.js', ours: kb('dist/extension.js'), baseline: '', ratio: '', goal: 'report' });
  return rows;
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
