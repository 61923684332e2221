// The zod schema of one `mcpClient.servers` entry (the shape of a VS Code mcp.json server), with
// messages written for the person editing settings.json: every message names the setting path.
import { z } from 'zod';
import { closestMatch } from '../common/closestMatch';
import { SettingKeys } from '../common/settingKeys';
import { DEFAULT_TIMEOUT_MS, START_POLICIES } from '../mcp/serverDefinition';
import { type ConfigResult, pathSegment } from './result';

/** Node's timers overflow above 2^31-1 ms and then fire at once, so larger timeouts are refused. */
const MAX_TIMEOUT_MS = 2_147_483_647;
const TIMEOUT_MESSAGE = 'must be a positive whole number of milliseconds';

const bool = (fallback: boolean) => z.boolean({ error: 'must be true or false' }).default(fallback);
const optionalString = () => z.string({ error: 'must be a string' }).optional();

/** Settings every transport has. */
const common = {
  disabled: bool(false),
  autoStart: bool(true),
  start: z.enum(START_POLICIES, { error: `must be one of ${START_POLICIES.map((p) => `"${p}"`).join(', ')}` }).optional(),
  timeout: z
    .int({ error: TIMEOUT_MESSAGE })
    .positive({ error: TIMEOUT_MESSAGE })
    .max(MAX_TIMEOUT_MS, { error: `must be at most ${MAX_TIMEOUT_MS} milliseconds (about 24 days)` })
    .default(DEFAULT_TIMEOUT_MS),
  // How long a start may take until initialize is answered (default: 30 s, never beyond `timeout`).
  startTimeout: z
    .int({ error: TIMEOUT_MESSAGE })
    .positive({ error: TIMEOUT_MESSAGE })
    .max(MAX_TIMEOUT_MS, { error: `must be at most ${MAX_TIMEOUT_MS} milliseconds (about 24 days)` })
    .optional(),
  roots: bool(true),
  // Where a server installed from an MCP registry came from (src/registry), for update checks.
  registry: z
    .strictObject(
      {
        url: z.string({ error: "must be the registry's URL" }),
        name: z.string({ error: "must be the server's name in the registry" }),
        version: z.string({ error: 'must be the installed version' }),
        package: z.string({ error: 'must be how the server runs: npm, pypi, oci, nuget or remote' }),
      },
      { error: 'must be an object with url, name, version and package' },
    )
    .optional(),
};

/** VS Code mcp.json's `dev.watch`: one glob or a list; `!`-prefixed globs exclude. */
const devWatch = z
  .union([z.string({ error: 'must be a glob' }), z.array(z.string({ error: 'must be a glob' }), { error: 'must be a glob or a list of globs' })], {
    error: 'must be a glob or a list of globs',
  })
  .transform((value) => (typeof value === 'string' ? [value] : value))
  .optional();

/** VS Code mcp.json's `dev.debug`: start the server under Node's inspector or debugpy and attach VS Code's debugger. */
const devDebug = z
  .discriminatedUnion(
    'type',
    [z.strictObject({ type: z.literal('node') }), z.strictObject({ type: z.literal('debugpy'), debugpyPath: optionalString() })],
    { error: 'must be { "type": "node" } or { "type": "debugpy" }' },
  )
  .optional();

const DEV_MESSAGE = { error: 'must be an object with "watch" and/or "debug"' };
const stdioDev = z.strictObject({ watch: devWatch, debug: devDebug }, DEV_MESSAGE).optional();
// Only `watch`: a server at a URL is not a process we start, so there is nothing to debug.
const httpDev = z.strictObject({ watch: devWatch }, DEV_MESSAGE).optional();

/** A host the sandbox's proxy lets a server reach: `api.github.com`, `*.github.com`, either with `:port`, or an IP literal. */
const DOMAIN = /^(?:(?:\*\.)?(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const DOMAIN_MESSAGE = 'must be a host name such as "api.github.com" or "*.github.com", optionally with ":port" (not a URL)';
const sandboxPaths = z.array(z.string({ error: 'must be a path' }), { error: 'must be a list of paths' }).optional();

/** Issue 28: what a sandboxed stdio server may reach (config/sandboxSettings.ts adds the defaults). */
const sandbox = z
  .strictObject(
    {
      enabled: z.boolean({ error: 'must be true or false' }).optional(),
      filesystem: z
        .strictObject({ allowWrite: sandboxPaths, denyWrite: sandboxPaths, denyRead: sandboxPaths, allowRead: sandboxPaths }, { error: 'must be an object with allowWrite, denyWrite, denyRead and/or allowRead' })
        .optional(),
      network: z
        .strictObject(
          { allowedDomains: z.array(z.string({ error: DOMAIN_MESSAGE }).trim().regex(DOMAIN, { error: DOMAIN_MESSAGE }), { error: 'must be a list of host names' }).optional() },
          { error: 'must be an object with allowedDomains' },
        )
        .optional(),
    },
    { error: 'must be an object with enabled, filesystem and/or network' },
  )
  .optional();

export const stdioServerSchema = z.strictObject({
  type: z.literal('stdio').default('stdio'),
  command: z
    .string({ error: (issue) => (issue.input === undefined ? 'required (a stdio server needs a command)' : 'must be a string') })
    .trim()
    .min(1, { error: 'must not be empty' }),
  args: z.array(z.string({ error: 'must be a string' }), { error: 'must be a list of strings' }).default([]),
  // Numbers are accepted because VS Code's mcp.json accepts them; null removes a variable.
  env: z
    .record(z.string(), z.union([z.string(), z.number(), z.null()], { error: 'must be a string, a number or null' }), {
      error: 'must be an object of NAME: value pairs',
    })
    .default({}),
  envFile: optionalString(),
  cwd: optionalString(),
  dev: stdioDev,
  sandbox,
  ...common,
});

export const httpServerSchema = z.strictObject({
  type: z.enum(['http', 'sse']).default('http'),
  url: z
    .string({ error: (issue) => (issue.input === undefined ? 'required (an HTTP server needs a url)' : 'must be a string') })
    // A url built from variables is checked again once they are resolved (see resolveServers).
    .refine((url) => url.includes('${') || isHttpUrl(url), { error: 'must be an http(s) URL' }),
  headers: z
    .record(z.string(), z.string({ error: 'must be a string' }), { error: 'must be an object of header: value pairs' })
    .default({}),
  oauth: z
    .strictObject(
      {
        clientId: optionalString(),
        clientMetadataUrl: z
          .string({ error: 'must be a string' })
          .refine((url) => url.startsWith('https://') && isHttpUrl(url), { error: 'must be an https URL' })
          .optional(),
        scopes: z.array(z.string({ error: 'must be a string' }), { error: 'must be a list of strings' }).optional(),
        allowIssuerMismatch: z.boolean({ error: 'must be true or false' }).optional(),
        workloadIdentity: z.strictObject({ tokenFile: z.string({ error: 'must be a file path' }) }, { error: 'must be an object' }).optional(),
        enterprise: z
          .strictObject(
            {
              idpTokenEndpoint: z.string({ error: 'must be a string' }).refine((url) => url.startsWith('https://') && isHttpUrl(url), { error: 'must be an https URL' }),
              idpClientId: z.string({ error: 'must be a string' }),
            },
            { error: 'must be an object' },
          )
          .optional(),
      },
      { error: 'must be an object' },
    )
    .optional(),
  dev: httpDev,
  ...common,
});

export type StdioServerEntry = z.output<typeof stdioServerSchema>;
export type HttpServerEntry = z.output<typeof httpServerSchema>;
/** A validated entry: `type` is always set, defaults are filled in, variables are not resolved yet. */
export type ServerEntry = StdioServerEntry | HttpServerEntry;

/**
 * Keys of VS Code's mcp.json server entries that we accept and ignore, so a configuration copied
 * from mcp.json works unchanged: `gallery` and `version` (written by VS Code when a server is
 * installed from its gallery; they describe where it came from, not how it runs).
 */
export const IGNORED_KEYS: readonly string[] = ['gallery', 'version'];

const STDIO_KEYS = Object.keys(stdioServerSchema.shape);
const HTTP_KEYS = Object.keys(httpServerSchema.shape);
/** Every key a server entry may have; package.json's contributed schema lists exactly these (a unit test checks). */
export const ALL_KEYS = [...new Set([...STDIO_KEYS, ...HTTP_KEYS])];

export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Validates one server entry. Errors read like `mcpClient.servers.github.url: must be an http(s) URL`. */
export function parseServerEntry(name: string, raw: unknown, settingPrefix: string = SettingKeys.servers): ConfigResult<ServerEntry> {
  const at = `${settingPrefix}${pathSegment(name)}`;
  const errors = validateServerName(name).map((m) => `${at}: ${m}`);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, errors: [...errors, `${at}: must be an object with either "command" (stdio) or "url" (http)`] };
  }
  const entry: Record<string, unknown> = Object.fromEntries(Object.entries(raw).filter(([key]) => !IGNORED_KEYS.includes(key)));
  const kind = transportKind(entry);
  if (!kind.ok) {
    // A typo such as `comand` is why neither command nor url was found: name it with its suggestion.
    const unknown = Object.keys(entry).filter((key) => !ALL_KEYS.includes(key)).map((key) => `${at}${pathSegment(key)}: ${unknownKeyMessage(key, undefined)}`);
    return { ok: false, errors: [...errors, ...kind.errors.map((m) => `${at}${m}`), ...unknown] };
  }

  const schema = kind.value === 'stdio' ? stdioServerSchema : httpServerSchema;
  const parsed = schema.safeParse(entry);
  if (parsed.success && errors.length === 0) return { ok: true, value: parsed.data };
  const issues = parsed.success ? [] : parsed.error.issues;
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.path.length > 0) {
      // Inside a nested object (`oauth`): name the full path; suggestions are for server keys only.
      const inner = issue.path.map((k) => pathSegment(k as string | number)).join('');
      errors.push(...issue.keys.map((key) => `${at}${inner}${pathSegment(key)}: unknown setting`));
    } else if (issue.code === 'unrecognized_keys') {
      errors.push(...issue.keys.map((key) => `${at}${pathSegment(key)}: ${unknownKeyMessage(key, kind.value)}`));
    } else {
      errors.push(`${at}${issue.path.map((k) => pathSegment(k as string | number)).join('')}: ${issue.message}`);
    }
  }
  return { ok: false, errors };
}

/** Names appear in `<server>/<prompt>` references and in the UI, so they must be non-empty and slash-free. */
export function validateServerName(name: string): string[] {
  if (name.trim() === '') return ['a server name must not be empty'];
  if (name.includes('/')) return ['a server name must not contain "/" (it separates server and prompt in "server/prompt")'];
  return [];
}

/** Which schema applies; the error strings start with a path suffix (`.type`) or `:`. */
function transportKind(entry: Record<string, unknown>): ConfigResult<'stdio' | 'http' | 'sse'> {
  const type = entry.type;
  if (type === 'stdio' || type === 'http' || type === 'sse') return { ok: true, value: type };
  if (type !== undefined) return { ok: false, errors: ['.type: must be "stdio", "http" or "sse"'] };
  const hasCommand = entry.command !== undefined;
  const hasUrl = entry.url !== undefined;
  if (hasCommand && hasUrl) {
    return { ok: false, errors: [': must have either "command" (stdio) or "url" (http), not both'] };
  }
  if (hasCommand) return { ok: true, value: 'stdio' };
  if (hasUrl) return { ok: true, value: 'http' };
  return { ok: false, errors: [': must have either "command" (stdio) or "url" (http)'] };
}

/** `kind` undefined: the transport is not known yet (the typo may be in `command` or `url` itself). */
function unknownKeyMessage(key: string, kind: 'stdio' | 'http' | 'sse' | undefined): string {
  if (kind && ALL_KEYS.includes(key)) return `not used by ${kind === 'stdio' ? 'a stdio' : kind === 'http' ? 'an http' : 'an sse'} server`;
  const own = kind === undefined ? ALL_KEYS : kind === 'stdio' ? STDIO_KEYS : HTTP_KEYS;
  const suggestion = closestMatch(key, own);
  return suggestion ? `unknown setting (did you mean "${suggestion}"?)` : 'unknown setting';
}
