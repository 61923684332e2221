// Fetching an https icon from the extension host (never from the renderer at the server's say-so): no
// cookies, no referrer, no credentials, nothing but the request itself; redirects followed only to
// https; a deadline; at most MAX_ICON_BYTES read (the stream is cut off beyond); the bytes checked to be
// one of the allowed image types.
import { checkIconBytes, MAX_ICON_BYTES, type IconType } from './iconRules';

export interface IconFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** The fetch to use; the global one (the extension host's, which applies VS Code's proxy settings) by default. */
  fetch?: typeof fetch;
}

const MAX_REDIRECTS = 3;

export async function fetchIcon(url: URL, options: IconFetchOptions = {}): Promise<{ bytes: Buffer; type: IconType }> {
  const doFetch = options.fetch ?? fetch;
  const maxBytes = options.maxBytes ?? MAX_ICON_BYTES;
  const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  let current = url;
  for (let hop = 0; ; hop++) {
    const response = await doFetch(current, {
      signal,
      redirect: 'manual',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      headers: { accept: 'image/png, image/jpeg, image/gif, image/webp' },
    });
    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new Error('too many redirects');
      current = new URL(response.headers.get('location')!, current);
      if (current.protocol !== 'https:') throw new Error(`redirected to a ${current.protocol} URL`);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > maxBytes) {
      await response.body?.cancel();
      throw new Error(`larger than ${maxBytes} bytes`);
    }
    const bytes = await readAtMost(response, maxBytes);
    const checked = checkIconBytes(bytes);
    if (!checked.ok) throw new Error(checked.reason);
    return { bytes, type: checked.type };
  }
}

async function readAtMost(response: Response, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new Error(`larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
