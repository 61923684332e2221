// The registry's address and the errors of talking to it: light (no zod), for the UI and the client alike.

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

