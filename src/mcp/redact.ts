// Secrets never reach the user's eyes or a log. One masking function (maskSecrets) is applied on every
// path from a session outwards, through the one masking logger (maskingLogger.ts) and the session's one
// message path: its log at every level, its state messages, its request errors. It knows every form a
// value takes on its way out (secretForms.ts). The rest of this file describes configuration for logs and
// tooltips: header values masked unless known harmless, env values never shown, credential arguments in
// every usual spelling, URLs without user info or query.
import { secretPatterns } from './secretForms';

/** Headers whose values are shown as they are; every other header's value is masked. */
const HARMLESS_HEADERS = new Set(['accept', 'accept-language', 'content-type', 'user-agent', 'mcp-protocol-version', 'cache-control', 'mcp-method', 'mcp-name', 'www-authenticate']);

/** A header whose value carries no credential (its value is shown, and not masked). */
export function isHarmlessHeader(name: string): boolean {
  return HARMLESS_HEADERS.has(name.toLowerCase());
}

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

/**
 * `text` with each of the given URLs (a server's configured URL: as written and as parsed) shown as
 * redactUrl shows it, wherever an error or a log line quotes it whole.
 */
export function redactKnownUrls(text: string, urls: readonly string[]): string {
  let out = text;
  for (const url of urls) {
    const redacted = redactUrl(url);
    if (redacted === url) continue;
    let href = url;
    try {
      href = new URL(url).href;
    } catch {
      // Not a URL: only its written form is looked for.
    }
    for (const form of new Set([url, href])) out = out.split(form).join(redacted);
  }
  return out;
}

const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>|]+/gi;

/** Every URL inside `text` passed through redactUrl (for command lines and messages). */
export function redactUrlsIn(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => redactUrl(url));
}

/** Words that make a flag, a variable or a header name a credential's: `--api-key`, `GITHUB_TOKEN`, `X-Auth-Token`. */
const SECRET_NAME_PART = /token|secret|passw(?:or)?d|credential|api_?key|bearer|authorization|cookie|private_?key/i;
const SECRET_NAME_WORDS = new Set(['pat', 'key', 'auth', 'pwd', 'pin', 'sig', 'signature', 'session']);

/** True for names such as `--token`, `--pat`, `API_KEY`, `X-Api-Key`, `Authorization`, `-t`. */
export function isSecretName(name: string): boolean {
  const bare = name.replace(/^-+/, '');
  if (name === '-t') return true;
  return SECRET_NAME_PART.test(bare) || bare.toLowerCase().split(/[-_.]/).some((word) => SECRET_NAME_WORDS.has(word));
}

const HEADER_FLAGS = new Set(['-H', '--header', '--headers']);
const ENV_FLAGS = new Set(['-e', '--env', '--set-env', '--env-var']);

/** Receives each value a redaction hides, so that what the command line hides is also masked wherever it is repeated. */
type Found = (value: string) => void;
const ignore: Found = () => undefined;

/** `***` in place of `value`, which `found` is told. */
function hide(value: string, found: Found): string {
  found(value);
  return '***';
}

/**
 * Command-line arguments fit for a log: the values of credential flags (`--token X`, `--api-key=X`,
 * `--pat X`, `--bearer X`, `-t X`), of credential headers (`--header "Authorization: …"`, `-H "X-Api-Key: …"`),
 * of environment assignments (`-e NAME=value`, `--env NAME=value`), of bare `token=…` assignments, and of
 * credential spellings inside one argument (a shell `-c` script) masked; URLs without user info or query.
 */
export function redactArgs(args: readonly string[], found: Found = ignore): string[] {
  return args.map((arg, i) => {
    const previous = args[i - 1];
    if (previous !== undefined && !previous.includes('=')) {
      if (HEADER_FLAGS.has(previous)) return redactHeaderLine(arg, found);
      if (ENV_FLAGS.has(previous)) return redactAssignment(arg, true, found);
      if (previous.startsWith('-') && isSecretName(previous) && !arg.startsWith('-')) return hide(arg, found);
    }
    const eq = arg.indexOf('=');
    if (arg.startsWith('-') && eq > 0) {
      const flag = arg.slice(0, eq);
      const value = arg.slice(eq + 1);
      if (HEADER_FLAGS.has(flag)) return `${flag}=${redactHeaderLine(value, found)}`;
      if (ENV_FLAGS.has(flag)) return `${flag}=${redactAssignment(value, true, found)}`;
      if (isSecretName(flag)) return `${flag}=${hide(value, found)}`;
    }
    return redactCredentialText(redactAssignment(arg, false, found), found);
  });
}

/**
 * The values redactArgs hides (`--token X` → X, `-e NAME=X` → X, `-H "X-Api-Key: X"` → X, the same inside
 * a shell script, a URL's password and `?token=` values): secrets to mask in any text. Taken from the
 * redaction itself, so that every value the command line hides is known, however it was spelled.
 */
export function credentialArgValues(args: readonly string[]): string[] {
  const values = new Set<string>();
  // Not what an earlier step already masked (`***`), nor blanks (`TOKEN= `), which would mask every run of spaces.
  redactArgs(args, (value) => value !== '***' && value.trim() && values.add(value));
  return [...values];
}

/**
 * A URL's credentials: its password (empty when it has none) and the values of credential query parameters
 * (`?token=…`). None when it is not a URL. Callers drop values too short to mask.
 */
export function urlCredentials(url: string): string[] {
  try {
    const parsed = new URL(url);
    return [decodeURIComponent(parsed.password), ...[...parsed.searchParams].filter(([name]) => isSecretName(name)).map(([, value]) => value)];
  } catch {
    return [];
  }
}

/** `NAME=value` with the value masked: always (`-e NAME=value`), or when NAME names a credential (`token=…`). */
function redactAssignment(text: string, always: boolean, found: Found): string {
  const match = /^([A-Za-z_][\w.-]*)=(.+)/s.exec(text);
  if (!match || (!always && !isSecretName(match[1]!))) return text;
  // In a bare argument the value may run on (`TOKEN=x ./run`): its first word is the value too.
  found(match[2]!.trim().split(/\s/)[0]!);
  return `${match[1]}=${hide(match[2]!, found)}`;
}

/** `Name: value` as a header flag gives it: the value masked unless the header is harmless. */
function redactHeaderLine(text: string, found: Found): string {
  const colon = text.indexOf(':');
  if (colon <= 0) return text;
  const name = text.slice(0, colon).trim();
  return HARMLESS_HEADERS.has(name.toLowerCase()) ? text : `${text.slice(0, colon)}: ${redactValue(text.slice(colon + 1).trim(), found)}`;
}

/**
 * Credential spellings inside free text (an argument that is a whole shell script): `Authorization: Bearer x`,
 * `X-Api-Key: x`, `--token x`, `--token=x`, `token=x`. Then URLs lose user info and query.
 */
function redactCredentialText(text: string, found: Found): string {
  const masked = text
    .replace(/\b([\w-]+)(\s*:\s*)((?:Bearer|Basic|Token)\s+)?([^\s'"]+)/gi, (all, name: string, sep: string, scheme: string | undefined, value: string) =>
      isSecretName(name) ? `${name}${sep}${scheme ?? ''}${hide(value, found)}` : all,
    )
    .replace(/(^|\s)(--?[\w-]+)(=|\s+)([^\s'"-][^\s'"]*)/g, (all, lead: string, flag: string, sep: string, value: string) =>
      isSecretName(flag) ? `${lead}${flag}${sep}${hide(value, found)}` : all,
    )
    .replace(/(^|[\s;&?'"])([A-Za-z_][\w-]*)=([^\s'"&;]+)/g, (all, lead: string, name: string, value: string) =>
      isSecretName(name) ? `${lead}${name}=${hide(value, found)}` : all,
    );
  for (const [url] of masked.matchAll(URL_IN_TEXT)) urlCredentials(url).forEach(found);
  return redactUrlsIn(masked);
}

/**
 * `text` with every occurrence of the given values replaced by `***`, in every form secretForms.ts
 * knows (as written; percent-encoded in either case; form-encoded; JSON-escaped once and twice; base64
 * and base64url of the value and of `user:value`). Short values (1–3 characters) are masked where they
 * stand alone as a token, so that a PIN of "42" is hidden in "--pin 42" without turning every "42"
 * inside other words into "***".
 */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  if (secrets.length === 0 || !text) return text;
  return secretPatterns(secrets).reduce((out, pattern) => out.replace(pattern, '***'), text);
}

function redactValue(value: string, found: Found = ignore): string {
  const scheme = /^(Bearer|Basic|Token)\s+/i.exec(value);
  return scheme ? `${scheme[1]} ${hide(value.slice(scheme[0].length), found)}` : hide(value, found);
}
