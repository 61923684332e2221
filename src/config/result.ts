// Configuration problems are values, not exceptions: one bad server must not hide the others,
// and every problem is reported at once instead of one per edit-and-reload cycle.
export type ConfigResult<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/** Formats a key for a setting path: `env.HOME`, `args[0]`, or `headers["a.b"]` when a dot would mislead. */
export function pathSegment(key: string | number): string {
  if (typeof key === 'number') return `[${key}]`;
  return key === '' || /[.\s[\]"]/.test(key) ? `[${JSON.stringify(key)}]` : `.${key}`;
}
