// What the consent question says about a workspace server: the exact command it will run (or the URL
// without query, host and header names an HTTP server is sent), where it is defined, and then every other
// key of the definition that is not at its default (consentMaterial.ts walks them all, so a new setting
// shows up here by itself): env names and the env file with the names it sets, `${env:…}` values by
// variable name, oauth, dev, timeouts. Header, env and `${env:…}` values are never shown (they may be
// credentials); their names are. No `vscode` import: unit-tested.
import { posix, win32 } from 'node:path';
import { redactUrl } from '../mcp/redact';
import { DEFAULT_TIMEOUT_MS, type ServerDefinition } from '../mcp/serverDefinition';
import { sandboxSummary } from './sandboxText';
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
const SHOWN_ELSEWHERE = /^(name|scope|folder|environment|transport\.|dev\.base|dev\.within|sandbox)/;
/** Values a key has when nobody set it: not worth a line. */
const DEFAULTS: Record<string, string> = { timeoutMs: String(DEFAULT_TIMEOUT_MS), roots: 'true' };
const MAX_VALUE_CHARS = 200;

/** An argument as a shell would need it written: quoted when it has spaces or quotes. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * A path as it resolves, for the reader: `…/workspace/../../dist/server.js` is shown as the file it names
 * (issue 25), so that what the user allows is what they can see. Only words with `.` or `..` segments
 * change, and in a `--flag=<path>` only the path; everything else is shown exactly as it runs.
 */
export function readablePath(word: string, platform = process.platform): string {
  const path = platform === 'win32' ? win32 : posix;
  const flag = /^(--?[\w-]+=)(.+)$/.exec(word);
  const [prefix, value] = flag ? [flag[1]!, flag[2]!] : ['', word];
  const dotted = platform === 'win32' ? /(^|[\\/])\.\.?([\\/]|$)/ : /(^|\/)\.\.?(\/|$)/;
  if (!dotted.test(value) || !(path.isAbsolute(value) || value.startsWith('.'))) return word;
  const normal = path.normalize(value);
  // `./server.js` must stay a path (a bare `server.js` command would be looked up on the PATH).
  return prefix + (path.isAbsolute(normal) || normal.startsWith('.') ? normal : `.${path.sep}${normal}`);
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
      runs: [t.command, ...t.args].map((w) => shellWord(readablePath(w))).join(' '),
      facts: [sandboxFact(definition), ...(t.cwd ? [`cwd: ${readablePath(t.cwd)}`] : []), ...(env.length ? [`env: ${env.join(', ')}`] : []), ...envFile, ...fromEnvironment, ...others],
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

/** Whether it runs sandboxed, and what it may reach (issue 28): the first fact of a stdio server. */
function sandboxFact(definition: ServerDefinition): string {
  if (!definition.sandbox) return 'not sandboxed: it runs with all your rights (files, network, credentials)';
  const debugged = definition.dev?.debug ? "; under dev.debug, VS Code's debugger talks to it through the sandbox" : '';
  return `sandboxed: ${sandboxSummary(definition.sandbox)}${debugged}`;
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
