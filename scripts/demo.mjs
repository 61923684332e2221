// `npm start`: the extension in a real VS Code, on the demo workspace, in your browser.
// Builds dist/extension.js and dist/demo-server.js, starts code-server (VS Code's server build; installed
// outside the repository on first use by scripts/host/setupHost.mjs) with this repository installed as an
// extension, and prints the address of demo/workspace. Runs until Ctrl+C, then stops code-server and
// everything it started. See scripts/host/demoHost.mjs for how the extension is loaded.
//
// Usage: npm start [-- --port 8765] [-- --measure] [-- --verbose]
//   --port N / PORT=N  port on 127.0.0.1 (default 8765; a free one when taken)
//   --measure          open the page in headless Chromium, click Allow on the consent dialog, wait until the
//                      demo server runs, print how long that took from the start of this script, and exit
//   --verbose          echo code-server's own output
// Runs on the system Node; only code-server itself runs on the Node 24 that setupHost.mjs installs.
import './host/nodeVersion.mjs';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import {
  DEFAULT_PORT, allowServer, openWorkbench, showRunningServer, startDemo, waitForStatusBar,
} from './host/demoHost.mjs';

const { values: flags } = parseArgs({ options: {
  port: { type: 'string', default: process.env.PORT ?? String(DEFAULT_PORT) },
  measure: { type: 'boolean', default: false },
  verbose: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} });
if (flags.help) {
  console.log('Usage: npm start [-- --port N] [-- --measure] [-- --verbose]');
  process.exit(0);
}
const port = Number(flags.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`demo: not a port: ${flags.port}`);
  process.exit(2);
}

// performance.now() counts from the start of this process; `npm start` adds a few hundred ms before it.
const seconds = () => (performance.now() / 1000).toFixed(1);
const log = (text) => console.log(`demo: ${text}`);

let demo;
let stopping;
async function shutDown(code) {
  stopping ??= (async () => {
    if (demo) {
      log('stopping code-server…');
      await demo.stop();
    }
    process.exit(code);
  })();
  return stopping;
}
// Ctrl+C reaches this process (and npm) but not code-server: launchCodeServer starts it in its own process
// group, so the stop below is what ends it, its extension host and the demo MCP server. A second Ctrl+C
// exits at once; codeServer.mjs then SIGKILLs the group on the way out.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping) process.exit(130);
    void shutDown(signal === 'SIGINT' ? 130 : 143);
  });
}

// A closed stdout (e.g. `npm start | head`) must still stop code-server and remove its temporary folders.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => void shutDown(1));

try {
  demo = await startDemo({ port, log });
} catch (error) {
  console.error(`demo: ${error.message}`);
  process.exit(1);
}
if (flags.verbose) {
  console.log(demo.output());
  for (const stream of [demo.process.stdout, demo.process.stderr]) stream.on('data', (chunk) => process.stdout.write(chunk));
}
demo.process.once('exit', (code, signal) => {
  if (stopping) return;
  console.error(`demo: code-server exited unexpectedly (${signal ?? code}). Last output:\n${demo.output()}`);
  void shutDown(1);
});
log(`code-server is listening (${seconds()} s after start).`);
console.log(`
  Open ${demo.workspaceUrl}

  The extension asks whether to start the workspace's MCP server 'demo': choose Allow.
  Then open the MCP view in the activity bar. Press Ctrl+C here to stop.
`);

if (flags.measure) {
  let browser;
  try {
    const opened = await openWorkbench(demo.workspaceUrl);
    browser = opened.browser;
    const { page } = opened;
    await allowServer(page, 'demo');
    const consent = seconds();
    await waitForStatusBar(page, '1/1');
    const running = seconds();
    await showRunningServer(page, 'demo');
    const view = seconds();
    log(`consent dialog answered at ${consent} s; status bar "MCP 1/1" at ${running} s; ` +
      `Servers view shows "demo" running at ${view} s.`);
    console.log(`MEASURE: demo server running ${running} s after start (Servers view: ${view} s)`);
  } catch (error) {
    console.error(`demo: measuring failed: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await browser?.close().catch(() => {});
  }
  await shutDown(process.exitCode ?? 0);
}
