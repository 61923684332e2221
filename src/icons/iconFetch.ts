// Fetching an https icon from the extension host (never from the renderer at the server's say-so), through
// the outbound guard (common/guardedFetch.ts): only https, on every hop; never an address on this
// computer or the user's networks (127.0.0.1, 10.x, 169.254.169.254, ::1, fd00::, whatever name or
// numeric form leads there), the checked address pinned for the connection; no cookies, referrer or
// credentials, nothing but the request itself; a deadline; at most MAX_ICON_BYTES read. The bytes are
// then checked to be one of the allowed image types.
import { guardedFetch, type OutboundPolicy } from '../common/guardedFetch';
import { checkIconBytes, MAX_ICON_BYTES, type IconType } from './iconRules';

export interface IconFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** Tests only: loosen the guard to reach their local fixture (the rules above it stay the real ones). */
  policy?: Partial<OutboundPolicy>;
}

export async function fetchIcon(url: URL, options: IconFetchOptions = {}): Promise<{ bytes: Buffer; type: IconType }> {
  const maxBytes = options.maxBytes ?? MAX_ICON_BYTES;
  const response = await guardedFetch(
    url,
    { headers: { accept: 'image/png, image/jpeg, image/gif, image/webp' } },
    { purpose: 'icon', schemes: ['https:'], maxBytes, maxRedirects: 3, timeoutMs: options.timeoutMs ?? 10_000, ...options.policy },
  );
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  const checked = checkIconBytes(bytes);
  if (!checked.ok) throw new Error(checked.reason);
  return { bytes, type: checked.type };
}
