// What the consent question says about a workspace server: the exact command it will run (or the URL
// without query, host and header names an HTTP server is sent), where it is defined, and then every other
// key of the definition that is not at its default (consentMaterial.ts walks them all, so a new setting
// shows up here by itself): env names and the env file with the names it sets, `${env:…}` values by
// variable name, oauth, dev, timeouts. Header, env and `${env:…}` values are never shown (they may be
// credentials); their names are. No `vscode` import: unit-tested.
import { redactUrl } from '../mcp/redact';
import { DEFAULT_TIMEOUT_MS } from '../mcp/serverDefinition';
import { consentMaterial, settingName } from './consentMaterial';
import type { ConsentRequest } from './consentPolicy';

export interface ConsentSummary {
  name: string;
  /** "workspace" or "folder 'app'". */
  where: string;
  /** The exact command line, or "https://host/path (HTTP)". */
  runs: string;
  /** Working folder, environment variable names, env file, header names, every other non-default setting. */
  facts: string[];
  /** Why it is asked again: the settings changed since it was allowed, or an earlier version's narrower approval. */
  askedAgain?: { changed: string[] } | { upgraded: true };
}

/** Shown in the command line or its own fact already; identity keys name the server itself. */
const SHOWN_ELSEWHERE = /^(name|scope|folder|environment|transport\.|dev\.base|dev\.within)/;
/** Values a key has when nobody set it: not worth a line. */
const DEFAULTS: Record<string, string> = { timeoutMs: String(DEFAULT_TIMEOUT_MS), roots: 'true' };
const MAX_VALUE_CHARS = 200;

/** An argument as a shell would need it written: quoted when it has spaces or quotes. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function summarize(request: ConsentRequest, labels: { workspace: string; folder: (name: string) => string }): ConsentSummary {
  const definition = request.definition;
  const t = definition.transport;
  const where = definition.scope === 'folder' ? labels.folder(definition.folder ?? '') : labels.workspace;
  const environment = (definition.environment ?? []).map((e) => `${e.variable} → ${e.setting.replace(/^\./, '')}`);
  const others = otherSettings(request);
  const askedAgain = request.upgraded ? { upgraded: true as const } : request.changed?.length ? { changed: request.changed } : undefined;
  const base = { name: definition.name, where, ...(askedAgain ? { askedAgain } : {}) };
  const fromEnvironment = environment.length ? [`from your environment: ${environment.join(', ')}`] : [];
  if (t.type === 'stdio') {
    const fileNames = new Set(t.envFile?.loaded?.names ?? []);
    const env = Object.keys(t.env).filter((n) => !fileNames.has(n) || !t.envFile);
    const envFile = t.envFile ? [`envFile: ${t.envFile.path}${fileNames.size ? ` (sets ${[...fileNames].join(', ')})` : ' (sets nothing)'}`] : [];
    return {
      ...base,
      runs: [t.command, ...t.args].map(shellWord).join(' '),
      facts: [...(t.cwd ? [`cwd: ${t.cwd}`] : []), ...(env.length ? [`env: ${env.join(', ')}`] : []), ...envFile, ...fromEnvironment, ...others],
    };
  }
  const headers = Object.keys(t.headers);
  return {
    ...base,
    runs: `${redactUrl(t.url)} (${t.type === 'sse' ? 'HTTP+SSE' : 'HTTP'})`,
    facts: [`host: ${hostOf(t.url)}`, headers.length ? `headers: ${headers.join(', ')}` : 'no headers', ...fromEnvironment, ...others],
  };
}

/** `oauth.scopes: read, write`, `dev.watch: src/**`, `timeout: 5000`: every other key that is set. */
function otherSettings(request: ConsentRequest): string[] {
  return consentMaterial(request.definition)
    .filter(([path, value]) => !SHOWN_ELSEWHERE.test(path) && DEFAULTS[path] !== value)
    .map(([path, value]) => `${settingName(path)}: ${display(value)}`);
}

function display(json: string): string {
  const value = JSON.parse(json) as unknown;
  const text = Array.isArray(value) ? value.map(String).join(', ') : String(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}… (${text.length - MAX_VALUE_CHARS} more characters)` : text;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
