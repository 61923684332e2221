// How the compatibility matrix judges a row (scripts/matrix/report.mjs): an unexpected failure fails the
// row (and so `npm test`); a failure the row's `known` names is shown with its reason and does not; a known
// failure that no longer happens is pointed out; an app's frame diagnostics fail it unless a known pattern
// covers each; pinned list sizes are checked; checks a row does not have are not asked for. And how the
// luminance of a screenshot is measured (scripts/host/pngLuminance.mjs), on PNGs made here.
import * as assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(__dirname, '..', '..', '..', '..');
interface Judged { name: string; marks: Record<string, string>; unexpected: string[]; known: string[]; fixed: string[]; info: string[] }
interface ReportModule {
  judgeRow(entry: object, result: object | undefined): Judged;
  compatibilityMarkdown(input: object): string;
}
interface PngModule {
  measurePng(png: Buffer): { mean: number; background: number; width: number; height: number };
}
const report = () => import(pathToFileURL(join(root, 'scripts', 'matrix', 'report.mjs')).href) as Promise<ReportModule>;
const png = () => import(pathToFileURL(join(root, 'scripts', 'host', 'pngLuminance.mjs')).href) as Promise<PngModule>;

const ok = { ok: true };
const server = { name: 'srv', npm: 'srv@1.0.0', call: { tool: 't', expect: 'x' } };
const app = { ...server, name: 'app', app: { tool: 't', ready: { selector: 'p' }, update: { watch: 'p' } } };
const allOk = { start: ok, lists: { ok: true, tools: 2 }, call: ok, stop: ok, reload: ok };

describe('matrix verdicts', () => {
  it('passes a row whose checks all passed, and asks an app-less server for no app checks', async () => {
    const { judgeRow } = await report();
    const judged = judgeRow(server, allOk);
    assert.deepEqual(judged.unexpected, []);
    assert.deepEqual(judged.marks, { start: '✓', lists: '✓', call: '✓', stop: '✓', reload: '✓' });
  });

  it('fails a row whose recipe check failed, and one that left a process behind, with the reason', async () => {
    const { judgeRow } = await report();
    const wrongCall = judgeRow(server, { ...allOk, call: { ok: false, detail: "t's result does not match /x/" } });
    assert.deepEqual(wrongCall.unexpected, ["call: t's result does not match /x/"]);
    assert.equal(wrongCall.marks.call, '✗');
    const leaky = judgeRow(server, { ...allOk, stop: { ok: false, leftovers: ['pid 1: node leak.js'], detail: '1 process(es) still ran after Stop' } });
    assert.deepEqual(leaky.unexpected, ['stop: 1 process(es) still ran after Stop']);
  });

  it('shows a known failure with its reason without failing, and points out one that passes now', async () => {
    const { judgeRow } = await report();
    const entry = { ...server, known: { reload: 'the server ignores stdin' } };
    const known = judgeRow(entry, { ...allOk, reload: { ok: false, detail: '1 left' } });
    assert.deepEqual(known.unexpected, []);
    assert.equal(known.marks.reload, '✗ known');
    assert.deepEqual(known.known, ['reload: the server ignores stdin (seen: 1 left)']);
    const fixed = judgeRow(entry, allOk);
    assert.deepEqual(fixed.fixed, ['reload passes now; remove its known note ("the server ignores stdin")']);
  });

  it('fails an app whose frame saw a CSP violation or an error that no known pattern covers', async () => {
    const { judgeRow } = await report();
    const entry = { ...app, known: { diagnostics: [{ match: 'blocked eval', why: 'a library probes eval' }] } };
    const appResult = (violations: string[], errors: string[]) => ({ ...allOk, app: { ok: true, violations, errors }, update: ok, theme: ok });
    const covered = judgeRow(entry, appResult(['script-src blocked eval (about:8)'], []));
    assert.deepEqual(covered.unexpected, []);
    assert.deepEqual(covered.known, ['app: a library probes eval (seen: CSP: script-src blocked eval (about:8))']);
    const uncovered = judgeRow(entry, appResult(['script-src blocked eval (about:8)', 'worker-src blocked blob'], ['console.error: boom']));
    assert.deepEqual(uncovered.unexpected, ["app: 2 problem(s) in the app's frame: CSP: worker-src blocked blob; console.error: boom"]);
  });

  it('fails a row whose lists are not the sizes it pins (a paged list not followed to the end)', async () => {
    const { judgeRow } = await report();
    const judged = judgeRow({ ...server, lists: { tools: 25 } }, { ...allOk, lists: { ok: true, tools: 10 } });
    assert.deepEqual(judged.unexpected, ['lists: 10 tools listed, 25 expected']);
  });

  it('reports nothing else after a failed start, and a check the run never reached as a failure', async () => {
    const { judgeRow } = await report();
    const noStart = judgeRow(app, { start: { ok: false, detail: 'Command not found' } });
    assert.deepEqual(noStart.unexpected, ['start: Command not found']);
    assert.equal(noStart.marks.app, '—');
    const cut = judgeRow(server, { start: ok, lists: ok, call: ok });
    assert.deepEqual(cut.unexpected, ['stop: not checked (the run ended before it)', 'reload: not checked (the run ended before it)']);
  });

  it('writes a table row per server and every failure, known or not, under Notes', async () => {
    const { judgeRow, compatibilityMarkdown } = await report();
    const entries = [server, { ...server, name: 'other', known: { call: 'needs the internet' } }];
    const results = { rows: { srv: { name: 'srv', ...allOk, start: { ok: true, ms: 1200 }, processes: 1, processesAfterCall: 3 }, other: { name: 'other', ...allOk, call: { ok: false, detail: 'offline' } } } };
    const judged = entries.map((e) => judgeRow(e, results.rows[e.name as 'srv' | 'other']));
    const markdown = compatibilityMarkdown({ entries, results, judged, versions: { srv: '1.0.0', other: '1.0.0' }, timings: { total: 1000 }, date: '2026-11-25', environment: 'here' });
    assert.match(markdown, /\| srv \| srv \| 1\.0\.0 \| — \| 1\.2 \| 1 \(3 after the call\) \| 2 \|/);
    assert.match(markdown, /- \*\*other\*\*, known: call: needs the internet \(seen: offline\)/);
  });

  it('lists the servers that wrote lines to stdout that are no MCP message, with the first one, and says so when none did', async () => {
    const { compatibilityMarkdown } = await report();
    const entries = [server, { ...server, name: 'quiet' }, { ...server, name: 'http-only' }];
    const markdown = (stdout: object) => compatibilityMarkdown({ entries, results: { rows: { srv: { name: 'srv', stdout }, quiet: { name: 'quiet', stdout: { dropped: 0 } }, 'http-only': { name: 'http-only' } } }, judged: entries.map(() => ({ marks: {}, unexpected: [], known: [], fixed: [], info: [] })), versions: {}, timings: {}, date: 'd', environment: 'e' });
    const noisy = markdown({ dropped: 3, first: 'Server `v2` | ready' });
    assert.match(noisy, /Counted for 2 stdio servers, from the start to the recipe's call\.\n\n\| Server \| Lines \| The first \|\n\|---\|---:\|---\|\n\| srv \| 3 \| `Server 'v2' \\\| ready` \|\n\n## Notes/);
    assert.match(markdown({ dropped: 0 }), /from the start to the recipe's call\.\n\nNone wrote any\.\n/);
  });
});

/** A PNG of `width`×`height` RGB pixels, each given by `colour(x, y)`, with every row filtered by `filter`. */
function makePng(width: number, height: number, colour: (x: number, y: number) => [number, number, number], filter = 0): Buffer {
  const rows: Buffer[] = [];
  let previous = Buffer.alloc(width * 3);
  for (let y = 0; y < height; y++) {
    const line = Buffer.alloc(width * 3);
    for (let x = 0; x < width; x++) line.set(colour(x, y), x * 3);
    const filtered = Buffer.alloc(width * 3);
    // Filter 1 (Sub) and 2 (Up), so that decoding must undo them.
    for (let i = 0; i < line.length; i++) filtered[i] = (line[i]! - (filter === 1 ? (i >= 3 ? line[i - 3]! : 0) : filter === 2 ? previous[i]! : 0)) & 0xff;
    rows.push(Buffer.from([filter]), filtered);
    previous = line;
  }
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body, Buffer.alloc(4)]); // the CRC is not checked
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

describe('screenshot luminance', () => {
  it('takes the most common colour as the background, whatever the content', async () => {
    const { measurePng } = await png();
    // A dark page (VS Code Dark Modern's #1f1f1f) with a white box in a quarter of it.
    const dark = measurePng(makePng(20, 20, (x, y) => (x < 10 && y < 10 ? [255, 255, 255] : [0x1f, 0x1f, 0x1f]), 1));
    assert.ok(dark.background < 0.02, JSON.stringify(dark));
    assert.ok(dark.mean > 0.2 && dark.mean < 0.3, JSON.stringify(dark));
    const light = measurePng(makePng(20, 20, (x) => (x < 5 ? [0, 0, 0] : [255, 255, 255]), 2));
    assert.equal(light.background, 1);
    assert.equal(light.width, 20);
  });
});
