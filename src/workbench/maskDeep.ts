// One mask over structured data: every string of a value (object keys too) passed through `mask`, before
// it is stored or rendered. Masking a rendered text instead misses a secret the rendering changed (Markdown
// escapes "-" as "\\-"). Used by the call history and the connection doctor. No `vscode` import.

/** `value` with `mask` applied to every string in it, object keys included; numbers equal to a masked value become "***". */
export function maskDeep(value: unknown, mask: (text: string) => string): unknown {
  if (typeof value === 'string') return mask(value);
  if (typeof value === 'number' || typeof value === 'bigint') return mask(String(value)) === String(value) ? value : '***';
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, mask));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [mask(k), maskDeep(v, mask)]));
  return value;
}
