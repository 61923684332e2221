// Secrets never reach a log: header values that carry credentials and every env value are masked.

const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|x-api-key|api-key)$|token|secret|key/i;

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADER.test(name) ? redactValue(value) : value;
  }
  return out;
}

/** Env values are all treated as secrets: only the names are shown. */
export function redactEnv(env: Record<string, string>): string {
  const names = Object.keys(env);
  return names.length ? names.map((n) => `${n}=***`).join(' ') : '(none)';
}

function redactValue(value: string): string {
  const scheme = /^(Bearer|Basic|Token)\s+/i.exec(value);
  return scheme ? `${scheme[1]} ***` : '***';
}
