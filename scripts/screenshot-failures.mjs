// Screenshot of start failures told truthfully (issue 12), for the README:
// `node scripts/screenshot-failures.mjs [out.png]` (default docs/images/start-failures.png).
// Starts the demo with four extra user servers that fail at start in different ways (the test fixture
// `misbehavingServer`: exits at once, speaks an unknown protocol version, never answers; and a command
// that does not exist), opens the Servers view and hovers the one that exited, then stops everything.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ROOT, allowServer, openWorkbench, runCommand, serverRow, startDemo } from './host/demoHost.mjs';
import { reportScreenshotFailure } from './host/screenshotFailure.mjs';

const out = resolve(process.argv[2] ?? join(ROOT, 'docs', 'images', 'start-failures.png'));
mkdirSync(dirname(out), { recursive: true });
const log = (text) => console.log(`screenshot: ${text}`);
const misbehaving = join(ROOT, 'out', 'test', 'fixtures', 'servers', 'misbehavingServer.js');
const server = (...args) => ({ command: process.execPath, args: [misbehaving, ...args] });

let demo;
let browser;
try {
  // The fixtures are compiled with the tests.
  const { spawnSync } = await import('node:child_process');
  spawnSync(process.execPath, [join(ROOT, 'esbuild.mjs'), '--tests'], { cwd: ROOT, stdio: 'inherit' });
  demo = await startDemo({
    port: 0,
    log,
    settings: {
      'mcpClient.servers': {
        'needs-key': server('exit=3'),
        'too-old': server('version=1999-01-01'),
        'never-answers': { ...server('silent'), startTimeout: 3000 },
        'not-installed': { command: 'no-such-mcp-server', args: [] },
      },
    },
  });
  const opened = await openWorkbench(demo.workspaceUrl, { width: 1400, height: 850 });
  browser = opened.browser;
  const { page } = opened;
  await allowServer(page, 'demo');
  await runCommand(page, 'MCP Client: Show Servers');
  // Until every failing server has settled: given up, or not retried at all.
  for (const name of ['needs-key', 'too-old', 'not-installed']) {
    await serverRow(page, name).locator('.label-description', { hasText: /^error\b/ }).waitFor({ state: 'visible', timeout: 90_000 });
  }
  await page.mouse.move(1390, 500);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: out });
  log(`saved ${out}`);
  await serverRow(page, 'needs-key').locator('.label-name').hover();
  const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'exited' }).first();
  await hover.waitFor({ state: 'visible', timeout: 20_000 });
  await page.waitForTimeout(500);
  const tooltipOut = out.replace(/(\.png)?$/i, '-tooltip.png');
  await page.screenshot({ path: tooltipOut });
  log(`saved ${tooltipOut}`);
} catch (error) {
  await reportScreenshotFailure(error, browser, out);
} finally {
  await browser?.close().catch(() => {});
  await demo?.stop();
}
