// Screenshots of the one consent question for a workspace's servers (issue 16.4, 19.4):
// `node scripts/screenshot-consent.mjs`. Opens a temporary workspace whose settings define four servers
// (three stdio, one HTTP with a credential header) and one with a command that does not exist, then saves
//   docs/images/consent-dialog.png         the single modal question: each server with its exact command
//   docs/images/consent-dialog-choose.png  after "Choose…": the multi-select list, none selected
// and closes the list without allowing anything. Look at the pictures before committing them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, openWorkbench, startDemo } from './host/demoHost.mjs';

const images = join(ROOT, 'docs', 'images');
mkdirSync(images, { recursive: true });
const log = (text) => console.log(`screenshot-consent: ${text}`);

const workspace = mkdtempSync(join(tmpdir(), 'mcp-consent-workspace-'));
mkdirSync(join(workspace, '.vscode'));
writeFileSync(join(workspace, '.vscode', 'settings.json'), JSON.stringify({
  'mcpClient.servers': {
    demo: { command: 'node', args: [join(ROOT, 'dist', 'demo-server.js')] },
    filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '${workspaceFolder}'] },
    memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { MEMORY_FILE_PATH: '${workspaceFolder}/memory.json' } },
    docs: { url: 'https://mcp.example.com/mcp?team=web', headers: { Authorization: 'Bearer ${env:HOME}', 'X-Team': 'web' } },
    typo: { command: 'nodee', args: ['server.js'] },
  },
}, null, 2));

let demo;
let browser;
try {
  demo = await startDemo({ port: 0, log });
  const opened = await openWorkbench(`${demo.url}/?folder=${encodeURI(workspace)}`, { width: 1400, height: 900 });
  browser = opened.browser;
  const { page } = opened;
  const dialog = page.locator('.monaco-dialog-box').filter({ hasText: 'MCP servers from this workspace?' });
  await dialog.waitFor({ state: 'visible', timeout: 120_000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(images, 'consent-dialog.png') });
  log('saved docs/images/consent-dialog.png');
  await dialog.getByRole('button', { name: 'Choose…', exact: true }).click();
  const list = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
  await list.first().waitFor({ state: 'visible', timeout: 10_000 });
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(images, 'consent-dialog-choose.png') });
  log('saved docs/images/consent-dialog-choose.png');
  await page.keyboard.press('Escape');
} catch (error) {
  console.error(`screenshot-consent: ${error.message}`);
  if (browser) for (const page of browser.contexts().flatMap((c) => c.pages())) await page.screenshot({ path: join(images, 'consent-failed.png') }).catch(() => {});
  process.exitCode = 1;
} finally {
  await browser?.close().catch(() => {});
  await demo?.stop();
  rmSync(workspace, { recursive: true, force: true });
}
