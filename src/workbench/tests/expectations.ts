// A saved call's expectations checked against what the server answered: isError, JSON-pointer equals /
// contains / matches, the tool's output schema, the snapshot, the longest duration allowed. Each failure
// says what was expected and what came back, so the Test Explorer can show them side by side (a diff for
// snapshots and equals). No `vscode` import.
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import { checkStructuredContent } from '../../tools/toolResult';
import type { Expectations } from './testFile';

export interface Failure {
  message: string;
  /** Pretty JSON of what was expected and what came back, for a diff. */
  expected?: string;
  actual?: string;
  /** A snapshot mismatch (the message offers Update Snapshot). */
  snapshot?: boolean;
}

export interface Verdict {
  failures: Failure[];
  /** The result as a snapshot stores it (written when there is none yet, or on Update Snapshot). */
  snapshot: unknown;
  /** A snapshot was expected and none was stored yet: the caller writes `snapshot`. */
  snapshotMissing: boolean;
}

export function checkExpectations(expect: Expectations, tool: Tool | undefined, result: CallToolResult, durationMs: number, storedSnapshot: unknown): Verdict {
  const failures: Failure[] = [];
  const isError = !!result.isError;
  if (expect.isError !== undefined && expect.isError !== isError) {
    failures.push({ message: expect.isError ? 'Expected an error result (isError: true), but the call succeeded.' : `Expected a successful result, but the tool reported an error: ${firstText(result)}`, expected: String(expect.isError), actual: String(isError) });
  }
  for (const check of expect.pointers ?? []) {
    const found = resolvePointer(result, check.pointer);
    const at = check.pointer || '(the whole result)';
    if (!found.ok) {
      failures.push({ message: `${at}: nothing there (${found.why}).`, expected: pretty(check.equals ?? check.contains ?? check.matches), actual: '(missing)' });
      continue;
    }
    if (check.equals !== undefined && !deepEqual(found.value, check.equals)) {
      failures.push({ message: `${at} does not equal the expected value.`, expected: pretty(check.equals), actual: pretty(found.value) });
    }
    if (check.contains !== undefined && !contains(found.value, check.contains)) {
      failures.push({ message: `${at} does not contain ${JSON.stringify(check.contains)}.`, expected: pretty(check.contains), actual: pretty(found.value) });
    }
    if (check.matches !== undefined) {
      let pattern: RegExp | undefined;
      try {
        pattern = new RegExp(check.matches);
      } catch (error) {
        failures.push({ message: `${at}: "matches" is not a valid regular expression (${(error as Error).message}).` });
      }
      const text = typeof found.value === 'string' ? found.value : JSON.stringify(found.value);
      if (pattern && !pattern.test(text)) failures.push({ message: `${at} does not match /${check.matches}/.`, expected: `/${check.matches}/`, actual: text });
    }
  }
  if (expect.matchesOutputSchema) {
    if (!tool?.outputSchema) failures.push({ message: `The tool '${tool?.name ?? '?'}' declares no output schema to check against.` });
    else {
      const problem = checkStructuredContent(tool, result);
      if (problem) failures.push({ message: problem, expected: pretty(tool.outputSchema), actual: pretty(result.structuredContent) });
    }
  }
  if (expect.maxDurationMs !== undefined && durationMs > expect.maxDurationMs) {
    failures.push({ message: `The call took ${Math.round(durationMs)} ms, longer than the ${expect.maxDurationMs} ms allowed.`, expected: `≤ ${expect.maxDurationMs} ms`, actual: `${Math.round(durationMs)} ms` });
  }
  const snapshot = snapshotOf(result);
  const snapshotMissing = !!expect.snapshot && storedSnapshot === undefined;
  if (expect.snapshot && !snapshotMissing && !deepEqual(snapshot, storedSnapshot)) {
    failures.push({ message: 'The result differs from the stored snapshot.', expected: pretty(storedSnapshot), actual: pretty(snapshot), snapshot: true });
  }
  return { failures, snapshot, snapshotMissing };
}

/** What a snapshot keeps of a result: what the server said, not the transport's bookkeeping (`_meta`). */
export function snapshotOf(result: CallToolResult): unknown {
  return sortKeys({ content: result.content, ...(result.structuredContent !== undefined && { structuredContent: result.structuredContent }), ...(result.isError && { isError: true }) });
}

/** RFC 6901: "" is the whole document, "/a/0/b~1c" walks a, 0, b/c. */
export function resolvePointer(document: unknown, pointer: string): { ok: true; value: unknown } | { ok: false; why: string } {
  if (pointer === '') return { ok: true, value: document };
  let value = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value) && /^(0|[1-9]\d*)$/.test(key) && Number(key) < value.length) value = value[Number(key)];
    else if (value && typeof value === 'object' && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, key)) value = (value as Record<string, unknown>)[key];
    else return { ok: false, why: `no "${key}"` };
  }
  return { ok: true, value };
}

/** Strings contain substrings; arrays contain an element equal to (or, for objects, including) it; objects include its properties. */
export function contains(haystack: unknown, needle: unknown): boolean {
  if (typeof haystack === 'string') return haystack.includes(typeof needle === 'string' ? needle : JSON.stringify(needle));
  if (Array.isArray(haystack)) return haystack.some((item) => deepEqual(item, needle) || (isObject(item) && isObject(needle) && includes(item, needle)));
  if (isObject(haystack) && isObject(needle)) return includes(haystack, needle);
  return false;
}

function includes(whole: Record<string, unknown>, part: Record<string, unknown>): boolean {
  return Object.entries(part).every(([k, v]) => k in whole && (deepEqual(whole[k], v) || (isObject(whole[k]) && isObject(v) && includes(whole[k] as Record<string, unknown>, v))));
}

export function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (isObject(value)) return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys(value[k])]));
  return value;
}

export function pretty(value: unknown): string {
  return value === undefined ? '(nothing)' : JSON.stringify(sortKeys(value), null, 2);
}

function firstText(result: CallToolResult): string {
  const text = result.content?.find((c) => c.type === 'text') as { text?: string } | undefined;
  return (text?.text ?? '').slice(0, 300);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
