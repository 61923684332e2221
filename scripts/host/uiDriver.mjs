// Lets host tests (which run inside the extension host) act on the workbench as a person would: a small
// HTTP endpoint on 127.0.0.1 that runHostTests.mjs starts beside its Playwright page, whose address the
// extension host finds in MCP_CLIENT_UI_DRIVER. Each request is one Playwright action: click or read
// something in the workbench, or inside an MCP App (the srcdoc frame nested in the app's webview, found
// among page.frames() by the instance id its page carries), or take a screenshot. test/host/uiDriver.ts
// is the client. Nothing here reaches into the extension: it sees what a user sees.
import { createServer } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { measurePng } from './pngLuminance.mjs';

const WAIT_MS = 15_000;

/**
 * Runs first in every frame of the page (an app's frame included, before the app's own scripts): keeps
 * what the frame's document saw go wrong, for appDiagnostics: Content-Security-Policy violations (the
 * `securitypolicyviolation` events), uncaught errors and rejections, resources that failed to load, and
 * console.error calls.
 */
function recordFrameDiagnostics() {
  if (window.__mcpFrameDiagnostics) return;
  const diagnostics = (window.__mcpFrameDiagnostics = { violations: [], errors: [] });
  const keep = (list, text) => list.length < 50 && list.push(String(text).slice(0, 300));
  addEventListener('securitypolicyviolation', (e) =>
    keep(diagnostics.violations, `${e.effectiveDirective} blocked ${e.blockedURI || 'inline code'}${e.sourceFile ? ` (${e.sourceFile}:${e.lineNumber})` : ''}`), true);
  addEventListener('error', (e) => {
    if (e instanceof ErrorEvent) keep(diagnostics.errors, `uncaught error: ${e.message}`);
    else if (e.target && e.target !== window) keep(diagnostics.errors, `${e.target.tagName?.toLowerCase()} failed to load: ${e.target.src || e.target.href || ''}`);
  }, true);
  addEventListener('unhandledrejection', (e) => keep(diagnostics.errors, `unhandled rejection: ${e.reason?.message ?? e.reason}`));
  const original = console.error;
  console.error = function (...args) {
    keep(diagnostics.errors, `console.error: ${args.map((a) => (a instanceof Error ? a.message : typeof a === 'object' ? safeJson(a) : String(a))).join(' ')}`);
    return original.apply(this, args);
  };
  function safeJson(value) { try { return JSON.stringify(value); } catch { return String(value); } }
}

/** Makes every frame of `page` record its diagnostics (before any navigation). */
export function installFrameDiagnostics(page) {
  return page.addInitScript(recordFrameDiagnostics);
}

/** The frames of the apps on screen now, each with its instance id: about:srcdoc frames in an app page. */
export async function appFrames(page) {
  const found = [];
  for (const frame of page.frames()) {
    const parent = frame.parentFrame();
    if (!parent || frame.url() !== 'about:srcdoc') continue;
    const instance = await parent.evaluate(() => document.body?.dataset.instance).catch(() => undefined);
    if (instance) found.push({ instance, frame });
  }
  return found;
}

/** The frame of the app `instance` (any app's when undefined), waiting for it to appear. */
export async function appFrame(page, instance, timeout = WAIT_MS) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const match = (await appFrames(page)).find((f) => instance === undefined || f.instance === instance);
    if (match) return match.frame;
    if (Date.now() > deadline) throw new Error(`no frame of the app ${instance ?? '(any)'}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function intersect(a, b) {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return { x, y, width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - x), height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - y) };
}

/** The relay page of `instance` (our page around the app's iframe). */
async function relayFrame(page, instance) {
  return (await appFrame(page, instance)).parentFrame();
}

const ACTIONS = {
  /** Text of `selector` inside the app (waits for it to exist). */
  async appText(page, { instance, selector }) {
    const frame = await appFrame(page, instance);
    await frame.locator(selector).first().waitFor({ state: 'attached', timeout: WAIT_MS });
    return (await frame.locator(selector).first().textContent())?.trim();
  },
  async appClick(page, { instance, selector }) {
    const frame = await appFrame(page, instance);
    await frame.locator(selector).first().click({ timeout: WAIT_MS });
    return true;
  },
  /** Chooses `value` in the app's <select> `selector` (as a person picking an option). */
  async appSelect(page, { instance, selector, value }) {
    const frame = await appFrame(page, instance);
    await frame.locator(selector).first().selectOption(value, { timeout: WAIT_MS });
    return true;
  },
  /** The app's iframe as laid out in its page: its height and width in CSS pixels. */
  async appFrameBox(page, { instance }) {
    const relay = await relayFrame(page, instance);
    return relay.evaluate(() => {
      const frame = document.querySelector('iframe');
      const rect = frame.getBoundingClientRect();
      return { width: Math.round(rect.width), height: Math.round(rect.height), sandbox: frame.getAttribute('sandbox'), allow: frame.getAttribute('allow') };
    });
  },
  /**
   * How the app's document looks as to its colours: what its `prefers-color-scheme: dark` answers, its
   * <meta name="color-scheme">, and the first opaque background from <body> up (the page's colour).
   */
  async appColors(page, { instance }) {
    const frame = await appFrame(page, instance);
    return frame.evaluate(() => {
      const opaque = [document.body, document.documentElement].map((e) => e && getComputedStyle(e).backgroundColor).find((c) => c && !/^rgba\(.*,\s*0\)$|^transparent$/.test(c));
      return {
        prefersDark: matchMedia('(prefers-color-scheme: dark)').matches,
        meta: document.querySelector('meta[name="color-scheme" i]')?.getAttribute('content') ?? null,
        background: opaque ?? null,
      };
    });
  },
  /** How many elements match `selector` inside the app now (no waiting). */
  async appCount(page, { instance, selector }) {
    return (await appFrame(page, instance)).locator(selector).count();
  },
  /** The attribute `name` of the first visible element matching `selector` in the workbench (waits for it), e.g. a placeholder. */
  async attribute(page, { selector, name }) {
    const locator = page.locator(selector).first();
    await locator.waitFor({ state: 'visible', timeout: WAIT_MS });
    return locator.getAttribute(name);
  },
  /** What the app's frame recorded (recordFrameDiagnostics): CSP violations and errors, in order. */
  async appDiagnostics(page, { instance }) {
    const frame = await appFrame(page, instance);
    return frame.evaluate(() => window.__mcpFrameDiagnostics ?? { violations: [], errors: ['no diagnostics: the recorder did not run in this frame'] });
  },
  /** The text of `selector` in the app, or an input's value; null when there is none (no waiting). */
  async appRead(page, { instance, selector }) {
    const frame = await appFrame(page, instance);
    const element = frame.locator(selector).first();
    if ((await element.count()) === 0) return null;
    return element.evaluate((e) => ('value' in e && typeof e.value === 'string' ? e.value : e.textContent ?? '').trim(), undefined, { timeout: 1000 }).catch(() => null);
  },
  /**
   * A screenshot of the app's frame alone (the part of it on screen: its box cut by each enclosing
   * frame's), saved to `path`; how light it is (pngLuminance.mjs), and whether the frame's document
   * matches `prefers-color-scheme: dark` (what an app that styles itself by the user's scheme reads).
   */
  async appShot(page, { instance, path }) {
    const app = await appFrame(page, instance);
    let clip;
    for (let frame = app; frame.parentFrame(); frame = frame.parentFrame()) {
      const box = await (await frame.frameElement()).boundingBox();
      if (!box) throw new Error('the app is not on screen');
      clip = clip ? intersect(clip, box) : box;
    }
    if (!clip || clip.width < 1 || clip.height < 1) throw new Error('the app is not on screen');
    const png = await page.screenshot({ clip });
    if (path) {
      mkdirSync(dirname(resolve(path)), { recursive: true });
      writeFileSync(path, png);
    }
    const prefersDark = await app.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
    return { ...measurePng(png), prefersDark };
  },
  /** Whether an app frame of `instance` exists now (no waiting). */
  async appExists(page, { instance }) {
    return (await appFrames(page)).some((f) => f.instance === instance);
  },
  /** Clicks the first visible element of the workbench matching `selector` (and `text`, if given). */
  async click(page, { selector, text }) {
    let locator = page.locator(selector);
    if (text) locator = locator.filter({ hasText: text });
    await locator.first().click({ timeout: WAIT_MS });
    return true;
  },
  /** The text of the first element matching `selector` (and containing `text`, or being exactly it) in the workbench, or null. */
  async text(page, { selector, text, exact, wait }) {
    let locator = page.locator(selector);
    if (text) locator = locator.filter({ hasText: exact ? new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) : text });
    if (wait) await locator.first().waitFor({ state: 'visible', timeout: WAIT_MS });
    if ((await locator.count()) === 0) return null;
    // It may go between the count and the read (a dialog closing): then it is not there, not a 30 s wait.
    const content = await locator.first().textContent({ timeout: wait ? WAIT_MS : 1000 }).catch(() => null);
    return content === null ? null : content.trim();
  },
  /** The workbench's address and what every browser tab shows now (tabs opened by openExternal, such as a sign-in). */
  async tabs(page) {
    const pages = page.context().pages();
    return { workbench: page.url(), tabs: await Promise.all(pages.filter((p) => p !== page).map(async (p) => ({ url: p.url(), text: (await p.textContent('body').catch(() => ''))?.trim() ?? '' }))) };
  },
  /**
   * Types `text` with the keyboard into whatever has focus (e.g. a quick pick's filter), as a person would;
   * `thenPress` presses a key right after the last one, with no wait (a quick typist's Enter).
   */
  async type(page, { text, thenPress }) {
    await page.keyboard.type(text, { delay: 20 });
    if (thenPress) await page.keyboard.press(thenPress);
    return true;
  },
  /** Presses one key (Playwright's names: Enter, Escape, ArrowDown…). */
  async press(page, { key }) {
    await page.keyboard.press(key);
    return true;
  },
  async screenshot(page, { path }) {
    mkdirSync(dirname(resolve(path)), { recursive: true });
    await page.screenshot({ path });
    return true;
  },
};

/**
 * Starts the endpoint; `page()` gives the page to act on (it may not exist yet when this starts). A failed
 * action saves a screenshot of the page to `failureShot`, when given.
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startUiDriver(page, failureShot) {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', async () => {
      let status = 200;
      let answer;
      try {
        const { action, ...args } = JSON.parse(body);
        const run = ACTIONS[action];
        if (!run) throw new Error(`unknown action ${action}`);
        const current = page();
        if (!current) throw new Error('the workbench page is not open yet');
        answer = { value: await run(current, args) };
      } catch (error) {
        // What the page looked like when the action failed, for whoever reads the test's failure.
        if (failureShot) await page()?.screenshot({ path: failureShot }).catch(() => {});
        status = 500;
        answer = { error: error?.message ?? String(error) };
      }
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
