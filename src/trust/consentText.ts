// What the consent question says about a workspace server: the exact command it will run (or the host
// and header names an HTTP server is sent), where it is defined. Header values and URL secrets are not
// shown (they may be credentials from `${env:…}`); their names are. No `vscode` import: unit-tested.
import { hasInvisible, withVisibleEscapes } from '../common/serverText';
import { redactUrl } from '../mcp/redact';
import type { ServerDefinition } from '../mcp/serverDefinition';

export interface ConsentSummary {
  name: string;
  /** "workspace" or "folder 'app'". */
  where: string;
  /** The exact command line, or "https://host/path (HTTP)". */
  runs: string;
  /** Working folder, environment variable names, header names. */
  facts: string[];
}

/**
 * An argument as a shell would need it written: quoted when it has spaces or quotes, and when it holds a
 * newline, a bidi control or another invisible character, in `$'…'` form with that character written as
 * an escape (`$'a\nb'`, `$'\u202E'`): the question shows every argument on its line, as it is.
 */
function shellWord(word: string): string {
  if (hasInvisible(word)) return `$'${withVisibleEscapes(word.replace(/\\/g, '\\\\')).replace(/'/g, "\\'")}'`;
  return /^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function summarize(definition: ServerDefinition, labels: { workspace: string; folder: (name: string) => string }): ConsentSummary {
  const t = definition.transport;
  const where = definition.scope === 'folder' ? labels.folder(definition.folder ?? '') : labels.workspace;
  if (t.type === 'stdio') {
    const env = Object.keys(t.env);
    return {
      name: definition.name,
      where,
      runs: [t.command, ...t.args].map(shellWord).join(' '),
      facts: [...(t.cwd ? [`cwd: ${t.cwd}`] : []), ...(env.length ? [`env: ${env.join(', ')}`] : [])],
    };
  }
  const headers = Object.keys(t.headers);
  return {
    name: definition.name,
    where,
    runs: `${redactUrl(t.url)} (${t.type === 'sse' ? 'HTTP+SSE' : 'HTTP'})`,
    facts: [`host: ${new URL(t.url).host}`, headers.length ? `headers: ${headers.join(', ')}` : 'no headers'],
  };
}
