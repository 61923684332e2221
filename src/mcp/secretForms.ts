// Every form a secret takes on its way into a log line or a message, so that masking finds it whatever
// carried it: as written; percent-encoded (encodeURIComponent and encodeURI) with upper- or lower-case
// hex; form-encoded (`+` for a space); JSON-escaped once and twice (also with non-ASCII as \uXXXX, and
// `/` as `\/`); base64 and base64url, wherever the value sits in the encoded text (so `user:secret` in a
// Basic credential is caught too). The patterns are compiled once per list of secrets.

/** Below this length a secret is masked only where it stands alone (not inside a longer word). */
const SHORT_SECRET = 4;

const cache = new WeakMap<readonly string[], RegExp[]>();

/** Regular expressions (global) whose matches are to be replaced by `***`, longest forms first. */
export function secretPatterns(secrets: readonly string[]): RegExp[] {
  let patterns = cache.get(secrets);
  if (!patterns) {
    patterns = compile(secrets);
    cache.set(secrets, patterns);
  }
  for (const pattern of patterns) pattern.lastIndex = 0;
  return patterns;
}

function compile(secrets: readonly string[]): RegExp[] {
  const literal = new Set<string>();
  const short = new Set<string>();
  const base64 = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    if (secret.length < SHORT_SECRET) {
      short.add(secret);
      continue;
    }
    for (const form of textForms(secret)) literal.add(form);
    for (const core of base64Cores(secret)) base64.add(core);
  }
  const patterns: RegExp[] = [];
  // Longest first, so a secret that contains another is masked whole.
  const byLength = (a: string, b: string) => b.length - a.length;
  if (base64.size) {
    // The whole base64 token around a core: its first and last characters carry bits of the secret too.
    const cores = [...base64].sort(byLength).map(escapeRegExp).join('|');
    patterns.push(new RegExp(`[A-Za-z0-9+/_-]*(?:${cores})[A-Za-z0-9+/_-]*=*`, 'g'));
  }
  if (literal.size) patterns.push(new RegExp([...literal].sort(byLength).map(escapeRegExp).join('|'), 'g'));
  if (short.size) {
    const values = [...short].sort(byLength).map(escapeRegExp).join('|');
    patterns.push(new RegExp(`(?<![\\p{L}\\p{N}_])(?:${values})(?![\\p{L}\\p{N}_])`, 'gu'));
  }
  return patterns;
}

/** The secret as text in every encoding a URL, a form or a JSON document (nested once) gives it. */
export function textForms(secret: string): string[] {
  const forms = new Set<string>([secret]);
  const percent = [encodeURIComponent(secret), encodeURI(secret), new URLSearchParams({ v: secret }).toString().slice(2)];
  for (const form of percent) {
    forms.add(form);
    forms.add(form.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()));
  }
  for (const form of [...forms]) {
    const once = jsonEscaped(form);
    const ascii = once.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    for (const escaped of [once, ascii, once.replace(/\//g, '\\/')]) {
      forms.add(escaped);
      forms.add(jsonEscaped(escaped));
    }
  }
  return [...forms];
}

/**
 * For each of the three positions a value can have in base64's 3-byte groups, the encoded characters
 * that depend on the secret alone (standard and URL alphabets): found inside any base64 text that
 * contains the secret, such as `Basic base64(user:secret)`. Too short a secret has no such core.
 */
export function base64Cores(secret: string): string[] {
  const bytes = Buffer.from(secret);
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const firstGroup = offset === 0 ? 0 : 1;
    const endGroup = Math.floor((offset + bytes.length) / 3);
    if (endGroup - firstGroup < 1) continue;
    const core = encoded.slice(firstGroup * 4, endGroup * 4);
    cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...new Set(cores)];
}

function jsonEscaped(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
