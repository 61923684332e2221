// What `npm run test:mutation -- <file or glob>[:<lines>]…` mutates (scripts/mutation.mjs).
import picomatch from 'picomatch';

// A file argument may end in a line range (`src/mcp/connection.ts:1-120`, Stryker's own syntax): only the
// mutants on those lines are tested, and the file's other mutants keep their last results (Stryker keeps
// incremental results outside the mutated range), so a file whose run takes longer than one sitting can
// be measured in parts, each kept when it finishes.
const RANGE = /^(.+?)(:\d+(?::\d+)?-\d+(?::\d+)?)$/;

/**
 * The scope's files the arguments name (`targets`: the tests are chosen by them) and Stryker's `--mutate`
 * entries for them (`mutate`: each file, or each of its ranges). Arguments outside the scope name nothing.
 */
export function mutateArguments(scope, args) {
  const wanted = args.map((arg) => ({ pattern: RANGE.exec(arg)?.[1] ?? arg, range: RANGE.exec(arg)?.[2] ?? '' }));
  const named = (file) => wanted.filter(({ pattern }) => picomatch(pattern)(file));
  const targets = scope.filter((file) => named(file).length > 0);
  const mutate = targets.flatMap((file) => [...new Set(named(file).map(({ range }) => file + range))]);
  return { targets, mutate };
}
