// Reads Stryker's JSON report (the mutation-testing-report-schema) and says, per file, whether the tests
// hold: each file's score against the bar, and every surviving mutant that test/mutation/accepted.md does
// not explain. Pure functions, so test/unit/scripts/mutationReport.test.ts can check them on small reports.

/** Issue 31's bar: every file in scope detects at least this share of its valid mutants. */
export const MIN_SCORE = 80;

/** Stryker's own definition: timeouts count as detected; mutants that did not compile or run are not valid. */
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** The identity of a mutant in accepted.md and in the output: where it is and what it did. */
export const mutantKey = (file, mutant) => `${file}:${mutant.location.start.line}:${mutant.location.start.column} ${mutant.mutatorName}`;

/** One row per file: counts and score (null when the file has no valid mutant). */
export function fileScores(report) {
  return Object.entries(report.files)
    .map(([file, { mutants }]) => {
      const count = (statuses) => mutants.filter((m) => statuses.has(m.status)).length;
      const detected = count(DETECTED);
      const undetected = count(UNDETECTED);
      const valid = detected + undetected;
      return {
        file,
        killed: count(new Set(['Killed'])),
        timeout: count(new Set(['Timeout'])),
        survived: count(new Set(['Survived'])),
        noCoverage: count(new Set(['NoCoverage'])),
        ignored: count(new Set(['Ignored'])),
        score: valid === 0 ? null : (100 * detected) / valid,
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * The accepted survivors: lines of accepted.md of the form
 * `- \`src/mcp/processTree.ts:42:9 ConditionalExpression\` \`code\` → \`replacement\`: why`.
 * Returns every entry as { key, reason, shown }, where `shown` is the line after the key (the code before and after).
 */
export function parseAccepted(markdown) {
  // A list, not a map by key: two mutants at one place (`&&` → `||`, and `&&` over a longer span) have
  // one key and an entry each.
  const accepted = [];
  for (const line of markdown.split('\n')) {
    const match = /^- `([^`]+:\d+:\d+ \w+)` ?(.*)$/.exec(line.trim());
    if (match) accepted.push({ key: match[1], reason: /: (.+)$/.exec(match[2])?.[1] ?? '', shown: match[2] });
  }
  return accepted;
}

/**
 * Survivors (and uncovered mutants) accepted.md does not list, entries that no longer match one, and
 * entries that match one whose line moved. A key names a place, and an edit above it moves it, so an
 * entry explains the survivor in its file with its mutator, code and replacement (as accepted.md shows
 * them); when several share those, they pair in the order of their lines. An entry whose text matches no
 * survivor still explains the one at its key.
 */
export function checkAccepted(report, accepted) {
  const undetected = Object.entries(report.files).flatMap(([file, { source, mutants }]) =>
    mutants
      .filter((m) => UNDETECTED.has(m.status))
      .map((m) => {
        const change = shownChange(source, m);
        // `line` is ready to paste into accepted.md (reason left to write).
        return { key: mutantKey(file, m), line: `- \`${mutantKey(file, m)}\` ${change} (${m.status}): `, shown: `${file} ${m.mutatorName} ${change}` };
      }),
  );
  const byLine = (a, b) => a.key.localeCompare(b.key, undefined, { numeric: true });
  // An entry as a survivor's `shown` reads, followed by its reason: `file mutator \`code\` → \`replacement\`: why`.
  const entries = accepted.map(({ key, shown }) => ({ key, shown: `${key.replace(/:\d+:\d+ /, ' ')} ${shown}` })).sort(byLine);
  const moved = [];
  const unexplained = [];
  for (const group of groupBy(undetected, (u) => u.shown).values()) {
    const matching = entries.filter((entry) => entry.shown.startsWith(group[0].shown));
    // As many of each: an edit moved them together. Otherwise one was killed or added, which a reader sorts out.
    if (matching.length !== group.length) {
      unexplained.push(...group);
      continue;
    }
    group.sort(byLine).forEach((u, i) => {
      if (matching[i].key !== u.key) moved.push([matching[i].key, u.key]);
      entries.splice(entries.indexOf(matching[i]), 1);
    });
  }
  // Several survivors can share a key (a regular expression's mutants, one per replacement).
  const keys = new Set(accepted.map((entry) => entry.key));
  const explainedAtKey = new Set(unexplained.map((u) => u.key).filter((key) => keys.has(key)));
  return {
    unlisted: unexplained.filter((u) => !explainedAtKey.has(u.key)).map((u) => u.line),
    stale: entries.filter((entry) => !explainedAtKey.has(entry.key)).map((entry) => entry.key),
    moved,
  };
}

/** accepted.md with the keys of moved entries (checkAccepted's `moved`: [old key, new key]) brought up to date. */
export function withMovedKeys(markdown, moved) {
  const newKey = new Map(moved);
  return markdown
    .split('\n')
    .map((line) => line.replace(/^(\s*- `)([^`]+:\d+:\d+ \w+)`/, (whole, start, key) => (newKey.has(key) ? `${start}${newKey.get(key)}\`` : whole)))
    .join('\n');
}

function groupBy(items, keyOf) {
  const groups = new Map();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** The code a mutant replaced and its replacement, as accepted.md shows them: `` `code` → `replacement` ``. */
function shownChange(source, mutant) {
  const { start, end } = mutant.location;
  const lines = source.split('\n');
  const original =
    start.line === end.line
      ? lines[start.line - 1].slice(start.column - 1, end.column - 1)
      : `${lines[start.line - 1].slice(start.column - 1)} …`;
  const short = (text) => (text.length > 60 ? `${text.slice(0, 57)}…` : text).replace(/\s+/g, ' ');
  return `\`${short(original)}\` → \`${short(mutant.replacement ?? '')}\``;
}

/** The table printed at the end of a run. */
export function formatTable(rows) {
  const width = Math.max(...rows.map((r) => r.file.length), 4);
  const header = `${'file'.padEnd(width)}  score  killed timeout survived no-cov static`;
  const body = rows.map((r) => {
    const score = r.score === null ? '    -' : `${r.score.toFixed(1).padStart(5)}`;
    const flag = r.score !== null && r.score < MIN_SCORE ? `  below ${MIN_SCORE}%` : '';
    return `${r.file.padEnd(width)}  ${score}  ${String(r.killed).padStart(6)} ${String(r.timeout).padStart(7)} ${String(r.survived).padStart(8)} ${String(r.noCoverage).padStart(6)} ${String(r.ignored).padStart(6)}${flag}`;
  });
  return [header, ...body].join('\n');
}

/**
 * Per file, how many kept results name their tests by ids that cannot be right. `merged`: an id no test
 * has, or one that two tests have. Stryker numbers the tests anew in each run and keeps one table of them,
 * so results merged file by file from runs in several checkouts do this; a run then re-tests those mutants
 * (or, by chance, reuses one on the wrong test's word): `--force` on the file measures it again.
 * `unreachable`: an id of a test that cannot run the file (`reaches(testFile, file)`). Merged results do
 * this too, but so does Stryker's per-test coverage on its own: it credits the test that is running with
 * whatever runs meanwhile, such as work an earlier test left behind, so it can stay after a `--force` run.
 * Returns [file, merged, unreachable] for files with any.
 */
export function misattributed(report, reaches) {
  const filesById = new Map();
  for (const [testFile, { tests }] of Object.entries(report.testFiles ?? {})) {
    for (const { id } of tests) filesById.set(id, [...(filesById.get(id) ?? []), testFile]);
  }
  const unique = (id) => filesById.get(id)?.length === 1;
  // A mutant that failed a hook, or threw outside any test, is "killed by" that hook's title, which no test has.
  const testIds = (m) => [...(m.killedBy ?? []), ...(m.coveredBy ?? [])].filter((id) => /^\d+$/.test(id));
  return Object.entries(report.files)
    .map(([file, { mutants }]) => {
      const ids = mutants.map(testIds);
      const merged = ids.filter((named) => !named.every(unique)).length;
      const unreachable = ids.filter((named) => named.every(unique) && !named.every((id) => reaches(filesById.get(id)[0], file))).length;
      return [file, merged, unreachable];
    })
    .filter(([, merged, unreachable]) => merged + unreachable > 0);
}
