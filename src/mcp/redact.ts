// Secrets never reach the user's eyes or a log. One masking function (maskSecrets) is applied on every
// path from a session outwards: its logger, its state messages, its request errors. Header values are
// masked unless the header is known to carry no credential; env values are never shown.
import type { Logger } from './logger';

/** Headers whose values are shown as they are; every other header's value is masked. */
const HARMLESS_HEADERS = new Set(['accept', 'accept-language', 'content-type', 'user-agent', 'mcp-protocol-version', 'cache-control', 'mcp-method', 'mcp-name', 'www-authenticate']);

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = HARMLESS_HEADERS.has(name.toLowerCase()) ? value : redactValue(value);
  }
  return out;
}

/** Env values are all treated as secrets: only the names are shown. */
export function redactEnv(env: Record<string, string>): string {
  const names = Object.keys(env);
  return names.length ? names.map((n) => `${n}=***`).join(' ') : '(none)';
}

/**
 * A URL fit for a log or a tooltip: no user info (user:password@) and no query string or fragment,
 * where tokens are commonly passed. Text that is not a URL is returned unchanged.
 */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const hadSecrets = parsed.username || parsed.password || parsed.search || parsed.hash;
    if (!hadSecrets) return url;
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}${parsed.search ? '?…' : ''}`;
  } catch {
    return url;
  }
}

/** Every URL inside `text` passed through redactUrl (for command lines and messages). */
export function redactUrlsIn(text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>|]+/gi, (url) => redactUrl(url));
}

/** Flags whose value is a credential: `--token X`, `--api-key=X`, `--password X`. */
const SECRET_FLAG = /^--?[\w-]*(token|secret|password|passwd|key|auth|credential)[\w-]*$/i;

/** Command-line arguments fit for a log: values of credential flags masked, URLs redacted. */
export function redactArgs(args: readonly string[]): string[] {
  return args.map((arg, i) => {
    const eq = arg.indexOf('=');
    if (arg.startsWith('-') && eq > 0 && SECRET_FLAG.test(arg.slice(0, eq))) return `${arg.slice(0, eq)}=***`;
    if (i > 0 && SECRET_FLAG.test(args[i - 1]!) && !args[i - 1]!.includes('=') && !arg.startsWith('-')) return '***';
    return redactUrlsIn(arg);
  });
}

/**
 * A logger that masks the given values (inputs the user entered) in everything written through it, at
 * every level. `secrets` may be a function: the values are read at each write (they change per start).
 */
export function redactingLogger(logger: Logger, secrets: readonly string[] | (() => readonly string[])): Logger {
  const current = typeof secrets === 'function' ? secrets : () => secrets;
  const mask = (message: string) => maskSecrets(message, current());
  return {
    get traceEnabled() {
      return logger.traceEnabled;
    },
    trace: (m) => logger.trace(mask(m)),
    debug: (m) => logger.debug(mask(m)),
    info: (m) => logger.info(mask(m)),
    warn: (m) => logger.warn(mask(m)),
    error: (m) => logger.error(mask(m)),
  };
}

/** Below this length a secret is masked only where it stands alone (not inside a longer word). */
const SHORT_SECRET = 4;

/**
 * `text` with every occurrence of the given values replaced by `***`: as written, URL-encoded and
 * JSON-escaped. Short values (1–3 characters) are masked where they stand alone as a token, so that a
 * PIN of "42" is hidden in "--pin 42" without turning every "42" inside other words into "***".
 */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  // Longest first, so a secret that contains another is masked whole.
  const values = [...forms].sort((a, b) => b.length - a.length);
  return values.reduce((out, value) => {
    if (value.length >= SHORT_SECRET) return out.split(value).join('***');
    return out.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(value)}(?![\\p{L}\\p{N}_])`, 'gu'), '***');
  }, text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function redactValue(value: string): string {
  const scheme = /^(Bearer|Basic|Token)\s+/i.exec(value);
  return scheme ? `${scheme[1]} ***` : '***';
}
