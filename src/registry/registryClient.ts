// A client of the MCP Registry's read API (v0.1): list and search the latest versions page by page,
// fetch one version, list a server's versions. Every request has a time limit and can be cancelled, and
// every failure is a RegistryError whose message says what went wrong with which registry, so that the
// UI can show it with a Retry and never waits forever. No `vscode` import: unit-tested in plain Node.
import { listSchema, toEntry, type RegistryEntry } from './serverJson';

const DEFAULT_TIMEOUT_MS = 15_000;

export const OFFICIAL_REGISTRY_URL = 'https://registry.modelcontextprotocol.io';

export type RegistryErrorKind = 'setting' | 'unreachable' | 'timeout' | 'status' | 'invalid' | 'cancelled';

export class RegistryError extends Error {
  constructor(
    message: string,
    readonly kind: RegistryErrorKind,
    /** The HTTP status, for `status` errors. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RegistryError';
  }
}

export interface RegistryClientOptions {
  /** The registry's base URL (`https://registry.modelcontextprotocol.io`); a trailing `/v0.1` is accepted. */
  url: string;
  /** Sent with every request, e.g. `Authorization` for a private registry. */
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export interface ListQuery {
  /** Part of a server name (the registry searches names only, ignoring case). */
  search?: string;
  /** `nextCursor` of the previous page, as the registry sent it. */
  cursor?: string;
  limit?: number;
}

export interface RegistryPage {
  entries: RegistryEntry[];
  nextCursor?: string;
  /** Items that were not server entries (left out rather than failing the page). */
  skipped: number;
}

export class RegistryClient {
  /** The normalised base URL, without a trailing slash or API version. */
  readonly url: string;

  constructor(private readonly options: RegistryClientOptions) {
    this.url = normalizeRegistryUrl(options.url);
  }

  /** The latest version of each server, `search` applied, one page. */
  async list(query: ListQuery, signal?: AbortSignal): Promise<RegistryPage> {
    const params = new URLSearchParams({ version: 'latest', limit: String(query.limit ?? 50) });
    if (query.search) params.set('search', query.search);
    if (query.cursor) params.set('cursor', query.cursor);
    const body = await this.get(`/v0.1/servers?${params}`, signal);
    const parsed = listSchema.safeParse(body);
    if (!parsed.success) throw this.invalid('it has no "servers" list');
    const entries = parsed.data.servers.map(toEntry);
    const valid = entries.filter((e): e is RegistryEntry => e !== undefined && e.status !== 'deleted');
    // Older registries spelled it next_cursor.
    const nextCursor = parsed.data.metadata?.nextCursor || parsed.data.metadata?.next_cursor || undefined;
    return { entries: valid, nextCursor, skipped: entries.filter((e) => e === undefined).length };
  }

  /** One version of a server; `latest` is the registry's latest. */
  async version(name: string, version = 'latest', signal?: AbortSignal): Promise<RegistryEntry> {
    const entry = toEntry(await this.get(`/v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`, signal));
    if (!entry) throw this.invalid(`the answer for ${name} ${version} is not a server entry`);
    return entry;
  }

  /** Every published version of a server, as the registry orders them (newest first). */
  async versions(name: string, signal?: AbortSignal): Promise<RegistryEntry[]> {
    const parsed = listSchema.safeParse(await this.get(`/v0.1/servers/${encodeURIComponent(name)}/versions`, signal));
    if (!parsed.success) throw this.invalid('it has no "servers" list');
    return parsed.data.servers.map(toEntry).filter((e): e is RegistryEntry => e !== undefined && e.status !== 'deleted');
  }

  private async get(path: string, cancel?: AbortSignal): Promise<unknown> {
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = cancel ? AbortSignal.any([cancel, timeout]) : timeout;
    const where = `the MCP registry at ${this.url}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.url + path, { headers: { accept: 'application/json', ...this.options.headers }, signal, redirect: 'follow' });
      // Read the body under the same signal: a registry that sends headers and then stalls must not hang us.
      text = await response.text();
    } catch (error) {
      if (cancel?.aborted) throw new RegistryError('Cancelled.', 'cancelled');
      if (timeout.aborted) throw new RegistryError(`${capitalize(where)} did not answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}.`, 'timeout');
      const reason = networkReason(error);
      throw new RegistryError(`Could not reach ${where}: ${reason}${/[.?!]$/.test(reason) ? '' : '.'}`, 'unreachable');
    }
    if (!response.ok) {
      const detail = errorDetail(text);
      const ending = detail ? `: ${detail.replace(/[.!?]$/, '')}` : '';
      throw new RegistryError(`${capitalize(where)} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${ending}.`, 'status', response.status);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw this.invalid('it is not JSON');
    }
  }

  private invalid(reason: string): RegistryError {
    return new RegistryError(`The answer of the MCP registry at ${this.url} is not a registry response (${reason}). Is ${this.url} an MCP registry?`, 'invalid');
  }
}

/** `https://host/v0.1/` → `https://host`; throws a `setting` RegistryError for anything but an http(s) URL. */
export function normalizeRegistryUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new RegistryError(`"${raw}" is not a URL.`, 'setting');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RegistryError(`"${raw}" is not an http(s) URL.`, 'setting');
  return url.toString().replace(/\/+$/, '').replace(/\/v0(\.1)?(\/servers)?$/, '');
}

/**
 * Node's fetch says only "fetch failed"; the reason is its cause, as a code (ENOTFOUND, ECONNREFUSED, a TLS
 * error). Said in words (issue 25: offline, the message said "ENOTFOUND").
 */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'its host name could not be looked up. Are you offline, or is the address mistyped?';
  if (code === 'ECONNREFUSED') return 'nothing answers at that address (the connection was refused)';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the connection was cut off';
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'the connection timed out';
  if (code === 'ENETUNREACH' || code === 'EHOSTUNREACH' || code === 'ENETDOWN') return 'the network cannot reach it. Are you offline?';
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code)) return `its certificate is not trusted (${cause?.message ?? code})`;
  return cause?.message ?? (error as Error).message ?? String(error);
}

/** The registry's error bodies: `{ "detail": … }` (huma) or `{ "error": … }`; otherwise a short text. */
function errorDetail(text: string): string {
  try {
    const body = JSON.parse(text) as { detail?: unknown; error?: unknown; title?: unknown };
    const detail = body.detail ?? body.error ?? body.title;
    if (typeof detail === 'string') return detail.slice(0, 200);
  } catch {
    // not JSON: fall through
  }
  return text.trim().split('\n')[0]!.slice(0, 200);
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
