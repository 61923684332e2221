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
  parseAccepted(markdown: string): Map<string, string>;
  checkAccepted(report: object, accepted: Map<string, string>): { unlisted: string[]; stale: string[] };
  formatTable(rows: Row[]): string;
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
    assert.deepEqual([...accepted], [['src/b.ts:2:5 ConditionalExpression', 'Windows-only branch'], ['src/gone.ts:1:1 X', 'was equivalent']]);
    const { unlisted, stale } = checkAccepted(report, accepted);
    assert.deepEqual(unlisted, ['- `src/a.ts:1:1 X` `x` → `y` (NoCoverage): ']);
    assert.deepEqual(stale, ['src/gone.ts:1:1 X']);
  });
});
