// How `npm run test:mutation` judges Stryker's report (test/mutation/report.mjs): each file's score with
// timeouts as detected and static (ignored) or broken mutants left out, and every survivor either
// explained in test/mutation/accepted.md or named with a line ready to paste there.
import * as assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(__dirname, '..', '..', '..', '..');
interface Row { file: string; killed: number; timeout: number; survived: number; noCoverage: number; ignored: number; score: number | null }
interface ReportModule {
  MIN_SCORE: number;
  fileScores(report: object): Row[];
  parseAccepted(markdown: string): { key: string; reason: string; shown: string }[];
  checkAccepted(report: object, accepted: { key: string; reason: string; shown: string }[]): { unlisted: string[]; stale: string[]; moved: [string, string][] };
  formatTable(rows: Row[]): string;
  withMovedKeys(markdown: string, moved: [string, string][]): string;
  misattributed(report: object, reaches: (testFile: string, file: string) => boolean): [string, number, number][];
}
const load = () => import(pathToFileURL(join(root, 'test', 'mutation', 'report.mjs')).href) as Promise<ReportModule>;

const at = (line: number, column: number, endColumn = column + 1) => ({ start: { line, column }, end: { line, column: endColumn } });
const report = {
  files: {
    'src/b.ts': {
      source: 'const a = 1;\nif (x === "win32") go();\n',
      mutants: [
        { mutatorName: 'ConditionalExpression', replacement: 'true', status: 'Survived', location: at(2, 5, 18) },
        { mutatorName: 'StringLiteral', replacement: '""', status: 'Killed', location: at(2, 11, 18) },
        { mutatorName: 'NumberLiteral', replacement: '0', status: 'Ignored', location: at(1, 11, 12) },
        { mutatorName: 'BlockStatement', replacement: '{}', status: 'CompileError', location: at(2, 1) },
      ],
    },
    'src/a.ts': {
      source: 'x\n',
      mutants: [
        { mutatorName: 'X', replacement: 'y', status: 'Killed', location: at(1, 1) },
        { mutatorName: 'X', replacement: 'y', status: 'Timeout', location: at(1, 1) },
        { mutatorName: 'X', replacement: 'y', status: 'NoCoverage', location: at(1, 1) },
        { mutatorName: 'X', replacement: 'y', status: 'Killed', location: at(1, 1) },
      ],
    },
    'src/empty.ts': { source: '', mutants: [] },
  },
};

describe('mutation report', () => {
  it('scores each file on its valid mutants, timeouts detected, and flags a file below 80%', async () => {
    const { fileScores, formatTable, MIN_SCORE } = await load();
    const rows = fileScores(report);
    assert.deepEqual(rows.map((r) => [r.file, r.score]), [['src/a.ts', 75], ['src/b.ts', 50], ['src/empty.ts', null]]);
    assert.deepEqual(rows[1], { file: 'src/b.ts', killed: 1, timeout: 0, survived: 1, noCoverage: 0, ignored: 1, score: 50 });
    assert.equal(MIN_SCORE, 80);
    const table = formatTable(rows).split('\n');
    assert.match(table[1]!, /^src\/a\.ts\s+75\.0\s+2\s+1\s+0\s+1\s+0\s+below 80%$/);
    assert.match(table[3]!, /^src\/empty\.ts\s+-\s+0/);
  });

  it('matches survivors to accepted.md by file, line, column and mutator, and names the rest ready to paste', async () => {
    const { parseAccepted, checkAccepted } = await load();
    const accepted = parseAccepted(['# Accepted', '', '- `src/b.ts:2:5 ConditionalExpression` `x === "win32"` → `true`: Windows-only branch', '- `src/gone.ts:1:1 X` → `y`: was equivalent', 'text that is no entry'].join('\n'));
    assert.deepEqual(
      accepted.map(({ key, reason }) => [key, reason]),
      [['src/b.ts:2:5 ConditionalExpression', 'Windows-only branch'], ['src/gone.ts:1:1 X', 'was equivalent']],
    );
    const { unlisted, stale, moved } = checkAccepted(report, accepted);
    assert.deepEqual(unlisted, ['- `src/a.ts:1:1 X` `x` → `y` (NoCoverage): ']);
    assert.deepEqual(stale, ['src/gone.ts:1:1 X']);
    assert.deepEqual(moved, []);
  });

  it('keeps explaining a survivor whose line moved, by its file, mutator, code and replacement, in the order of the lines', async () => {
    const { parseAccepted, checkAccepted, withMovedKeys } = await load();
    const survivor = (line: number, column: number, endColumn: number) => ({ mutatorName: 'ConditionalExpression', replacement: 'false', status: 'Survived', location: at(line, column, endColumn) });
    // Two lines were added above: `if (closing)` moved from lines 1 and 3 to 3 and 5; `ready` changed its code.
    const moved = {
      files: {
        'src/c.ts': {
          source: '// a\n// b\nif (closing) a();\nif (ready) b();\nif (closing) c();\n',
          mutants: [
            survivor(3, 5, 12),
            survivor(4, 5, 10),
            survivor(5, 5, 12),
            { ...survivor(3, 5, 12), mutatorName: 'BooleanLiteral' },
            // Two mutants at one place, which one entry explains by its key (its text written by hand).
            { ...survivor(4, 5, 10), mutatorName: 'Regex', replacement: 'a' },
            { ...survivor(4, 5, 10), mutatorName: 'Regex', replacement: 'b' },
          ],
        },
      },
    };
    const markdown = [
      '- `src/c.ts:1:5 ConditionalExpression` `closing` → `false`: the first',
      '- `src/c.ts:2:5 ConditionalExpression` `readied` → `false`: code that changed',
      '- `src/c.ts:3:5 ConditionalExpression` `closing` → `false`: the second',
      '- `src/d.ts:3:5 ConditionalExpression` `closing` → `false`: another file',
      '- `src/c.ts:4:5 Regex` the pattern, either way: equivalent',
    ].join('\n');
    const accepted = parseAccepted(markdown);
    const result = checkAccepted(moved, accepted);
    assert.deepEqual(result.moved, [
      ['src/c.ts:1:5 ConditionalExpression', 'src/c.ts:3:5 ConditionalExpression'],
      ['src/c.ts:3:5 ConditionalExpression', 'src/c.ts:5:5 ConditionalExpression'],
    ]);
    assert.deepEqual(result.unlisted, ['- `src/c.ts:4:5 ConditionalExpression` `ready` → `false` (Survived): ', '- `src/c.ts:3:5 BooleanLiteral` `closing` → `false` (Survived): ']);
    assert.deepEqual(result.stale, ['src/c.ts:2:5 ConditionalExpression', 'src/d.ts:3:5 ConditionalExpression']);
    // The run brings the moved keys up to date, each once (the second move's new key is the first's old one).
    assert.deepEqual(withMovedKeys(markdown, result.moved).split('\n').slice(0, 3), [
      '- `src/c.ts:3:5 ConditionalExpression` `closing` → `false`: the first',
      '- `src/c.ts:2:5 ConditionalExpression` `readied` → `false`: code that changed',
      '- `src/c.ts:5:5 ConditionalExpression` `closing` → `false`: the second',
    ]);
  });

  it('keeps two entries at one place apart (two mutants of one span), and both explain their survivors after a move', async () => {
    const { parseAccepted, checkAccepted } = await load();
    const source = '// a\nif (a && b && c) x();\n';
    const logical = (replacement: string, endColumn: number) => ({ mutatorName: 'LogicalOperator', replacement, status: 'Survived', location: at(2, 5, endColumn) });
    const report = { files: { 'src/e.ts': { source, mutants: [logical('a && b || c', 16), logical('a || b', 11)] } } };
    const accepted = parseAccepted(['- `src/e.ts:1:5 LogicalOperator` `a && b && c` → `a && b || c`: the whole', '- `src/e.ts:1:5 LogicalOperator` `a && b` → `a || b`: the first two'].join('\n'));
    assert.equal(accepted.length, 2);
    const result = checkAccepted(report, accepted);
    assert.deepEqual(result.unlisted, []);
    assert.deepEqual(result.stale, []);
    assert.deepEqual(result.moved, [
      ['src/e.ts:1:5 LogicalOperator', 'src/e.ts:2:5 LogicalOperator'],
      ['src/e.ts:1:5 LogicalOperator', 'src/e.ts:2:5 LogicalOperator'],
    ]);
  });

  it('names the files whose kept results name their tests wrongly: an id no test has or two tests have, apart from a test that cannot run the file', async () => {
    const { misattributed } = await load();
    const merged = {
      testFiles: { 'out/a.test.js': { tests: [{ id: '1' }, { id: '2' }] }, 'out/b.test.js': { tests: [{ id: '2' }, { id: '3' }] } },
      files: {
        'src/x.ts': {
          mutants: [
            { killedBy: ['1'], coveredBy: ['1'] },
            { coveredBy: ['1', '9'] },
            { killedBy: ['2'] },
            { coveredBy: ['3'] },
            { coveredBy: [] },
            { killedBy: ['suite "after each" hook in "suite"'], coveredBy: ['1'] },
            { killedBy: ['Uncaught error outside test suite'] },
          ],
        },
        'src/y.ts': { mutants: [{ killedBy: ['3'], coveredBy: ['1', '3'] }] },
      },
    };
    // b.test.js runs y.ts only; a.test.js runs both.
    const reaches = (testFile: string, file: string) => testFile === 'out/a.test.js' || file === 'src/y.ts';
    // x.ts: '9' is no test's and '2' is two tests' (merged); '3' is b.test.js's, which cannot run x.ts.
    // A hook's title or an uncaught error, as what killed a mutant, names no test and is left alone.
    assert.deepEqual(misattributed(merged, reaches), [['src/x.ts', 2, 1]]);
  });
});
