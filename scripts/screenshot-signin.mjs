// Screenshots of sign-in through the remote-safe redirect, taken as a person would sign in (Playwright:
// F1, "MCP Client: Sign In", pick the server): `node scripts/screenshot-signin.mjs [outDir]` (default
// docs/images). Starts the demo window with the OAuth fixture server (on 127.0.0.1 of the code-server
// host) in the user settings, then saves
//   sign-in-redirect.png   the browser tab the authorization server sent back: the workbench's own address
//                          (code-server's port proxy), where the extension's listener answered "Signed in"
//   sign-in-done.png       the workbench afterwards: the server running, "signed in" notification
// Needs `node esbuild.mjs --tests` (the fixture). Exits non-zero when a step does not appear.
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, openWorkbench, runCommand, startDemo, waitForStatusBar } from './host/demoHost.mjs';

const outDir = resolve(process.argv[2] ?? join(ROOT, 'docs', 'images'));
const log = (text) => console.log(`screenshot-signin: ${text}`);
const { startOAuthFixture } = createRequire(import.meta.url)(join(ROOT, 'out', 'test', 'fixtures', 'servers', 'oauthFixture.js'));

const fixture = await startOAuthFixture({ behindCodeServerProxy: true });
let demo;
let browser;
try {
  demo = await startDemo({ port: 0, log, settings: { 'mcpClient.servers': { secured: { url: fixture.url } }, 'workbench.startupEditor': 'none' } });
  let page;
  ({ browser, page } = await openWorkbench(demo.workspaceUrl, { width: 1280, height: 800 }));
  // The server waits for a sign-in (no browser opens on its own).
  await page.locator('.monaco-workbench .part.statusbar .statusbar-item').filter({ hasText: /^MCP/ }).first().waitFor({ state: 'visible', timeout: 120_000 });
  const tab = page.context().waitForEvent('page', { timeout: 60_000 });
  await runCommand(page, 'MCP Client: Sign In', { closes: false });
  await page.locator('.quick-input-widget .quick-input-list .monaco-list-row').filter({ hasText: 'secured' }).first().click();
  const signIn = await tab;
  await signIn.setViewportSize({ width: 1000, height: 300 });
  await signIn.getByText('Signed in').waitFor({ timeout: 60_000 });
  log(`the browser came back at ${signIn.url().split('?')[0]} (workbench ${demo.url})`);
  await signIn.screenshot({ path: join(outDir, 'sign-in-redirect.png') });
  await waitForStatusBar(page, '1/1');
  await page.bringToFront();
  await page.screenshot({ path: join(outDir, 'sign-in-done.png') });
  log(`saved to ${outDir}`);
} finally {
  await browser?.close().catch(() => {});
  await demo?.stop();
  await fixture.close();
}
