// Judges the matrix's results against test/matrix/servers.json and writes docs/compatibility.md.
// Each row has its checks (start, lists, call, app, update, theme, stop, reload). A check that failed is
// "known" when the row's `known` names it, with the reason (the server's own fault, or a defect of ours
// being fixed elsewhere): it is shown as such, never dropped, and does not fail the run. Any other failure
// fails its row, and the row fails the run. A known failure that no longer happens is pointed out, so
// that its note is removed.

export const CHECKS = ['start', 'lists', 'call', 'app', 'update', 'theme', 'stop', 'reload'];

/** Which checks a row gets, from its manifest entry. */
function checksOf(entry) {
  return CHECKS.filter((check) => {
    if (check === 'call') return Boolean(entry.call);
    if (check === 'app' || check === 'update' || check === 'theme') return Boolean(entry.app);
    if (check === 'stop' || check === 'reload') return !entry.serve;
    return true;
  });
}

/**
 * An app that rendered passes only if its frame recorded no CSP violation and no error, other than those
 * the row's `known.diagnostics` describe ({ match: <regex>, why }); those are listed as known, once each.
 */
function judgeDiagnostics(entry, outcome, known) {
  const patterns = (entry.known?.diagnostics ?? []).map((d) => ({ ...d, re: new RegExp(d.match) }));
  const seen = [...(outcome.violations ?? []).map((v) => `CSP: ${v}`), ...(outcome.errors ?? [])];
  const unknown = seen.filter((text) => !patterns.some((p) => p.re.test(text)));
  for (const p of patterns.filter((p) => seen.some((text) => p.re.test(text)))) known.push(`app: ${p.why} (seen: ${seen.find((text) => p.re.test(text))})`);
  if (unknown.length) Object.assign(outcome, { ok: false, detail: `${unknown.length} problem(s) in the app's frame: ${[...new Set(unknown)].slice(0, 3).join('; ')}` });
}

/**
 * @param {object} entry the row in servers.json
 * @param {object | undefined} result what the run inside VS Code found for it
 * @returns {{ name: string, marks: Record<string, string>, unexpected: string[], known: string[], fixed: string[] }}
 *   marks: check → ✓ / ✗ / ✗ (known) / — (not applicable or not reached)
 */
export function judgeRow(entry, result) {
  const marks = {};
  const unexpected = [];
  const known = [];
  const fixed = [];
  const startFailed = result?.start?.ok === false;
  for (const check of checksOf(entry)) {
    const outcome = result?.[check];
    const why = entry.known?.[check];
    if (outcome === undefined) {
      // Not reached: after a failed start nothing else can run; anything else missing is a failure of the run.
      marks[check] = '—';
      if (!startFailed) {
        if (why) known.push(`${check}: ${why}`);
        else unexpected.push(`${check}: not checked (the run ended before it)`);
      }
      continue;
    }
    if (check === 'app' && outcome.ok) judgeDiagnostics(entry, outcome, known);
    // A row may pin its list sizes ("lists": { "tools": 25 }): a server that pages them must be followed to the end.
    if (check === 'lists' && outcome.ok && entry.lists) {
      const wrong = Object.entries(entry.lists).filter(([key, want]) => outcome[key] !== want);
      if (wrong.length) Object.assign(outcome, { ok: false, detail: wrong.map(([key, want]) => `${outcome[key]} ${key} listed, ${want} expected`).join(', ') });
    }
    if (outcome.ok) {
      marks[check] = '✓';
      if (why) fixed.push(`${check} passes now; remove its known note ("${why}")`);
    } else if (why) {
      marks[check] = '✗ known';
      known.push(`${check}: ${why} (seen: ${outcome.detail ?? 'failed'})`);
    } else {
      marks[check] = '✗';
      unexpected.push(`${check}: ${outcome.detail ?? 'failed'}`);
    }
  }
  const info = result?.start?.ok && result.start.detail ? [result.start.detail] : [];
  return { name: entry.name, marks, unexpected, known, fixed, info };
}

const cell = (text) => String(text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
const seconds = (ms) => (ms === undefined ? '—' : (ms / 1000).toFixed(1));
const count = (lists, key) => (lists?.ok ? String(lists[key] ?? 0) : '—');

function processes(result) {
  if (result?.processes === undefined) return '—';
  const after = result.processesAfterCall;
  return after !== undefined && after !== result.processes ? `${result.processes} (${after} after the call)` : String(result.processes);
}

function leftovers(result) {
  const parts = [];
  if (result?.stop?.leftovers?.length) parts.push(`${result.stop.leftovers.length} after Stop`);
  if (result?.reload?.leftovers?.length) parts.push(`${result.reload.leftovers.length} after reload`);
  if (parts.length) return parts.join(', ');
  return result?.stop?.ok || result?.reload?.ok ? '0' : '—';
}

/** Which stdio servers wrote lines to stdout that are no MCP message (the extension drops them, and tells). */
function stdoutSection(entries, results) {
  const noisy = entries.filter((e) => results.rows?.[e.name]?.stdout?.dropped);
  const counted = entries.filter((e) => results.rows?.[e.name]?.stdout).length;
  const lines = ['## Lines on stdout that are not MCP messages', '',
    `Over stdio, stdout carries only JSON-RPC messages. The extension drops any other line and says so in the server's output channel. Counted for ${counted} stdio server${counted === 1 ? '' : 's'}, from the start to the recipe's call.`, ''];
  if (!noisy.length) return [...lines, 'None wrote any.'];
  lines.push('| Server | Lines | The first |', '|---|---:|---|');
  for (const entry of noisy) {
    const { dropped, first } = results.rows[entry.name].stdout;
    lines.push(`| ${cell(entry.name)} | ${dropped} | ${first === undefined ? '—' : `\`${cell(first).replace(/`/g, "'")}\``} |`);
  }
  return lines;
}

/**
 * The Markdown of docs/compatibility.md.
 * @param {{ entries: object[], results: object, judged: ReturnType<typeof judgeRow>[], versions: Record<string,string>,
 *           timings: Record<string, number>, date: string, environment: string }} input
 */
export function compatibilityMarkdown({ entries, results, judged, versions, timings, date, environment }) {
  const lines = [
    '# Compatibility matrix',
    '',
    'Written by `npm run test:matrix` (also a part of `npm test`): the extension in the real VS Code (code-server,',
    'headless Chromium) against public MCP servers installed from the npm registry at test time (pinned in',
    '[test/matrix/servers.json](../test/matrix/servers.json)) and small servers written on the official Python SDK',
    '([test/fixtures/python/](../test/fixtures/python/)). Each server is started and counted, its lists are validated,',
    'one representative call from its recipe is checked; each MCP App is rendered (no CSP violation, no error in its',
    'frame), sent an update, and measured in a light and a dark theme; Stop and a window reload must leave no process.',
    '',
    `Last run: ${date}, ${environment}. Time inside VS Code: ${Object.entries(timings).map(([k, v]) => `${k} ${seconds(v)} s`).join(', ')}.`,
    '',
    '✓ passed · ✗ failed · ✗ known: a failure that is the server\'s own (or a defect of ours being fixed), with its reason below; it does not fail `npm test` · — not applicable or not reached',
    '',
    '| Server | Package | Version | Protocol | Start (s) | Processes | Tools | Prompts | Resources | Templates | Call | App | Update | Theme | Stop | Reload | Leftovers |',
    '|---|---|---|---|---:|---:|---:|---:|---:|---:|:-:|:-:|:-:|:-:|:-:|:-:|---|',
  ];
  for (const [i, entry] of entries.entries()) {
    const result = results.rows?.[entry.name];
    const { marks } = judged[i];
    const mark = (check) => marks[check] ?? '—';
    const pkg = entry.npm ? entry.npm.slice(0, entry.npm.lastIndexOf('@')) : entry.python ? `test/fixtures/python/${entry.python}` : (entry.command ?? '');
    const via = entry.serve ? ` (${entry.serve.type ?? 'http'})` : '';
    lines.push(`| ${cell(entry.name)}${via} | ${cell(pkg)} | ${cell(versions[entry.name])} | ${cell(result?.protocolVersion ?? '—')} | ${seconds(result?.start?.ms)} | ${processes(result)} | ${count(result?.lists, 'tools')} | ${count(result?.lists, 'prompts')} | ${count(result?.lists, 'resources')} | ${count(result?.lists, 'templates')} | ${mark('call')} | ${mark('app')} | ${mark('update')} | ${mark('theme')} | ${mark('stop')} | ${mark('reload')} | ${leftovers(result)} |`);
  }
  const notes = judged.flatMap((j) => [
    ...j.unexpected.map((text) => `- **${j.name}**, failed: ${text}`),
    ...j.known.map((text) => `- **${j.name}**, known: ${text}`),
    ...j.fixed.map((text) => `- **${j.name}**: ${text}`),
    ...j.info.map((text) => `- **${j.name}**: ${text}`),
  ]);
  if (entries.some((e) => e.app)) {
    lines.push('', '## Apps in light and dark themes', '', 'Background luminance of the app\'s frame (0 black … 1 white), measured on a screenshot in each theme.', '',
      '| App | Light | Dark | CSP violations | Errors in the frame |', '|---|---:|---:|---:|---:|');
    for (const entry of entries.filter((e) => e.app)) {
      const result = results.rows?.[entry.name];
      lines.push(`| ${cell(entry.name)} | ${result?.theme?.light ?? '—'} | ${result?.theme?.dark ?? '—'} | ${result?.app?.violations?.length ?? '—'} | ${result?.app?.errors?.length ?? '—'} |`);
    }
  }
  lines.push('', ...stdoutSection(entries, results));
  lines.push('', '## Notes', '', ...(notes.length ? notes : ['Every check passed.']), '');
  return lines.join('\n');
}
