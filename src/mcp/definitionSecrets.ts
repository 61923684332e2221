// Which values of a server's configuration the session masks besides the inputs the user typed: the
// configuration itself says which are, or may be, credentials. Used for every start (mcp/openConnection.ts)
// and from the moment a session exists (sessionLifecycle.ts).
import { credentialArgValues, isHarmlessHeader, isSecretName, urlCredentials } from './redact';
import type { ServerDefinition } from './serverDefinition';

/** Below this length a value from the configuration is not masked (it would hide ordinary words and numbers). */
const MIN_DERIVED_SECRET = 4;

/**
 * The values of a definition that are, or may be, credentials: every `${env:…}` value it uses in its url,
 * headers, args or env; the values of credential headers (`Authorization`, `X-Api-Key`, any `Bearer …`);
 * the URL's password and credential query values (`?token=`); env values whose names say they are
 * credentials (`GITHUB_TOKEN`, from `env` or the env file); the values of credential arguments
 * (`--token X`, `-e NAME=X`: redact.ts's spellings). Masked like inputs. Other values are not:
 * masking `json` of `?format=json` would turn every "application/json" in the log into "application/***".
 */
export function definitionSecrets(definition: ServerDefinition): string[] {
  const values = (definition.environment ?? []).map((e) => e.value);
  const t = definition.transport;
  if (t.type === 'stdio') {
    for (const [name, value] of Object.entries(t.env)) if (isSecretName(name)) values.push(value);
    values.push(...credentialArgValues(t.args));
  } else {
    for (const [name, value] of Object.entries(t.headers)) {
      const scheme = /^(Bearer|Basic|Token)\s+/i.exec(value);
      if (isHarmlessHeader(name) || (!scheme && !isSecretName(name))) continue;
      values.push(value, value.slice(scheme?.[0].length ?? 0));
    }
    // Not a URL yet (an `${input:…}` in it): nothing; its inputs are masked once known.
    values.push(...urlCredentials(t.url));
  }
  return [...new Set(values.filter((v) => v.length >= MIN_DERIVED_SECRET))];
}

