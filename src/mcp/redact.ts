// Secrets never reach a log: header values that carry credentials and every env value are masked.
import type { Logger } from './logger';

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

/** A logger that masks the given values (inputs the user entered) in everything written through it. */
export function redactingLogger(logger: Logger, secrets: readonly string[]): Logger {
  const mask = (message: string) => maskSecrets(message, secrets);
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

/** `text` with every occurrence of the given values replaced by `***` (values under 3 characters are left). */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  // Longest first, so a secret that contains another is masked whole.
  const values = [...new Set(secrets.filter((s) => s.length >= 3))].sort((a, b) => b.length - a.length);
  return values.reduce((out, secret) => out.split(secret).join('***'), text);
}

function redactValue(value: string): string {
  const scheme = /^(Bearer|Basic|Token)\s+/i.exec(value);
  return scheme ? `${scheme[1]} ***` : '***';
}
