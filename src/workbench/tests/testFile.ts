// The saved-calls file (`*.mcp-tests.json`): a default server and a list of calls, each with what its
// result must show. Read with jsonc-parser (comments allowed, as in VS Code's own JSON files) so every
// test keeps its place in the file for the editor's gutter, and checked with zod so a mistake names its
// path. The same rules are the JSON schema the editor validates against (schemas/mcp-tests.schema.json).
// No `vscode` import.
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { z } from 'zod';

export const TEST_FILE_GLOB = '**/*.mcp-tests.json';
export const TEST_FILE_SUFFIX = '.mcp-tests.json';

const PointerCheck = z
  .object({
    pointer: z.string().regex(/^(\/.*)?$/, 'a JSON pointer starts with "/" (or is "" for the whole result)'),
    equals: z.unknown().optional(),
    contains: z.unknown().optional(),
    matches: z.string().optional(),
  })
  .strict()
  .refine((c) => c.equals !== undefined || c.contains !== undefined || c.matches !== undefined, 'give "equals", "contains" or "matches"');

const Expectations = z
  .object({
    isError: z.boolean().optional(),
    maxDurationMs: z.number().int().positive().optional(),
    matchesOutputSchema: z.boolean().optional(),
    snapshot: z.boolean().optional(),
    pointers: z.array(PointerCheck).optional(),
  })
  .strict();

const SavedCallShape = z
  .object({
    name: z.string().min(1),
    server: z.string().min(1).optional(),
    tool: z.string().min(1),
    arguments: z.record(z.string(), z.unknown()).optional(),
    expect: Expectations.optional(),
  })
  .strict();

export type PointerExpectation = z.infer<typeof PointerCheck>;
export type Expectations = z.infer<typeof Expectations>;

export interface SavedCall {
  name: string;
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  expect: Expectations;
  /** Where the test is in the file (the object of the call). */
  offset: number;
  length: number;
  /** Why the test cannot run as written (shown on its item); the other fields are then best effort. */
  problem?: string;
}

export interface TestFile {
  tests: SavedCall[];
  /** Why the file as a whole cannot be read (shown on the file's item). */
  problem?: string;
}

export function parseTestFile(text: string): TestFile {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length || !root) {
    const first = errors[0];
    return { tests: [], problem: first ? `JSON syntax: ${printParseErrorCode(first.error)} at line ${lineOf(text, first.offset)}` : 'The file is empty.' };
  }
  if (root.type !== 'object') return { tests: [], problem: 'The file must hold an object: { "server": …, "tests": [ … ] }.' };
  const serverNode = property(root, 'server');
  const defaultServer = serverNode?.type === 'string' ? (serverNode.value as string) : undefined;
  if (serverNode && serverNode.type !== 'string') return { tests: [], problem: '"server" must be the name of a configured server.' };
  const unknown = (root.children ?? []).map((p) => p.children?.[0]?.value as string).filter((k) => !['$schema', 'server', 'tests'].includes(k));
  if (unknown.length) return { tests: [], problem: `Unknown key${unknown.length === 1 ? '' : 's'} ${unknown.map((k) => `"${k}"`).join(', ')}: a test file holds "server" and "tests".` };
  const list = property(root, 'tests');
  if (!list || list.type !== 'array') return { tests: [], problem: 'The file needs a "tests" array of calls.' };
  const seen = new Set<string>();
  const tests = (list.children ?? []).map((node, index): SavedCall => {
    const value = nodeValue(node);
    const parsed = SavedCallShape.safeParse(value);
    const raw = (value ?? {}) as Record<string, unknown>;
    const name = typeof raw.name === 'string' && raw.name ? raw.name : `test ${index + 1}`;
    const base = { name, server: String(raw.server ?? defaultServer ?? ''), tool: String(raw.tool ?? ''), arguments: {}, expect: {}, offset: node.offset, length: node.length };
    const duplicate = seen.has(name);
    seen.add(name);
    if (!parsed.success) return { ...base, problem: parsed.error.issues.map((i) => `${['tests', index, ...i.path].join('.')}: ${i.message}`).join('; ') };
    if (!parsed.data.server && !defaultServer) return { ...base, problem: `tests.${index}: no "server" here and no default "server" for the file.` };
    const problem = duplicate ? `tests.${index}: another test is already named "${name}" (names key the snapshots).` : undefined;
    return { ...base, server: parsed.data.server ?? defaultServer!, arguments: parsed.data.arguments ?? {}, expect: parsed.data.expect ?? {}, ...(problem && { problem }) };
  });
  return { tests };
}

/** The snapshots file beside a test file: `calls.mcp-tests.json` → `calls.mcp-tests.snap.json`. */
export function snapshotPathOf(testFilePath: string): string {
  return testFilePath.endsWith(TEST_FILE_SUFFIX) ? `${testFilePath.slice(0, -'.json'.length)}.snap.json` : `${testFilePath}.snap.json`;
}

function property(node: Node, key: string): Node | undefined {
  const pair = node.children?.find((p) => p.children?.[0]?.value === key);
  return pair?.children?.[1];
}

function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object':
      return Object.fromEntries((node.children ?? []).map((p) => [p.children![0]!.value as string, p.children![1] ? nodeValue(p.children![1]) : undefined]));
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}
