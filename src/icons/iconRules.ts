// Which of a server's icons (2025-11-25 `icons` on servers, tools, prompts, resources and templates) may
// be shown, and which one. Plain Node: the rules are unit-tested. Only raster images of four types, given
// inline (`data:`) or over https; SVG is refused (it can carry script and external references, and no
// sanitiser is a dependency of ours); the bytes must be what they claim (magic numbers), and small.
import type { Icon } from '@modelcontextprotocol/client';

export const ICON_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type IconType = (typeof ICON_TYPES)[number];
/** Bigger than any sensible tree icon (a 256×256 PNG is typically well under this). */
export const MAX_ICON_BYTES = 256 * 1024;

/**
 * Icons remembered in memory (their state, not their bytes): more than any window shows. A server that
 * names a new URL or data: icon for every item cannot grow this without end; a forgotten icon is found
 * again in global storage or loaded again when it is next shown.
 */
export const MAX_REMEMBERED_ICONS = 2_000;

export type IconSource = { kind: 'data'; bytes: Buffer } | { kind: 'https'; url: URL };

/** Where an icon's bytes come from, or why it is refused. */
export function checkIconSource(icon: Icon): { ok: true; source: IconSource } | { ok: false; reason: string } {
  if (icon.mimeType !== undefined && !isAllowedType(icon.mimeType)) return { ok: false, reason: `type ${icon.mimeType} is not allowed` };
  const src = icon.src.trim();
  if (/^data:/i.test(src)) {
    const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/is.exec(src);
    if (!match) return { ok: false, reason: 'malformed data: URI' };
    if (!isAllowedType(match[1]!)) return { ok: false, reason: `type ${match[1] || '(none)'} is not allowed` };
    // Base64 is 4/3 of the bytes: refuse early, before decoding anything huge.
    if (match[3]!.length > (MAX_ICON_BYTES * 4) / 3 + 4) return { ok: false, reason: `larger than ${MAX_ICON_BYTES} bytes` };
    const base64 = /;base64$/i.test(match[2]!);
    const bytes = base64 ? Buffer.from(match[3]!, 'base64') : percentDecode(match[3]!);
    if (!bytes) return { ok: false, reason: 'malformed data: URI' };
    const checked = checkIconBytes(bytes);
    return checked.ok ? { ok: true, source: { kind: 'data', bytes } } : checked;
  }
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: `${url.protocol} URLs are not fetched (only https: and data:)` };
  if (url.username || url.password) return { ok: false, reason: 'URLs with credentials are not fetched' };
  return { ok: true, source: { kind: 'https', url } };
}

/** The bytes' real type, whatever the server declared: only the four allowed types are recognised. */
export function sniffIconType(bytes: Uint8Array): IconType | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

export function checkIconBytes(bytes: Uint8Array): { ok: true; type: IconType } | { ok: false; reason: string } {
  if (bytes.byteLength > MAX_ICON_BYTES) return { ok: false, reason: `larger than ${MAX_ICON_BYTES} bytes` };
  const type = sniffIconType(bytes);
  return type ? { ok: true, type } : { ok: false, reason: 'not a PNG, JPEG, GIF or WebP image' };
}

/**
 * The icon to show per theme, best first: one made for the theme (or for any theme), of a type we show,
 * whose size is closest to `size` from above (a larger image scales down cleanly; "any" fits all).
 */
export function chooseIcons(icons: readonly Icon[] | undefined, size = 16): { light: Icon[]; dark: Icon[] } {
  const usable = (icons ?? []).filter((i) => typeof i?.src === 'string' && (i.mimeType === undefined || isAllowedType(i.mimeType)) && /^(https:|data:)/i.test(i.src.trim()));
  const forTheme = (theme: 'light' | 'dark') =>
    usable
      .map((icon, index) => ({ icon, index, themeRank: icon.theme === theme ? 0 : icon.theme === undefined ? 1 : 2 }))
      .filter((c) => c.themeRank < 2)
      .sort((a, b) => a.themeRank - b.themeRank || sizeRank(a.icon, size) - sizeRank(b.icon, size) || a.index - b.index)
      .map((c) => c.icon);
  return { light: forTheme('light'), dark: forTheme('dark') };
}

/** Lower is better: exact, then the smallest larger size, then "any"/unknown, then the largest smaller one. */
function sizeRank(icon: Icon, size: number): number {
  const sizes = (icon.sizes ?? []).map((s) => (s.toLowerCase() === 'any' ? Infinity : Number(/^(\d+)x\d+$/i.exec(s)?.[1] ?? NaN))).filter((n) => !Number.isNaN(n));
  if (sizes.length === 0 || sizes.includes(Infinity)) return 100_000;
  const above = sizes.filter((s) => s >= size);
  if (above.length > 0) return Math.min(...above) - size;
  return 200_000 + size - Math.max(...sizes);
}

/**
 * RFC 2397 without `;base64`: each `%XX` is one byte, other characters stand for their UTF-8 bytes.
 * (decodeURIComponent would read the bytes as UTF-8 and throw on an image's first byte, 0x89 or 0xFF.)
 * Undefined when a `%` is not followed by two hex digits.
 */
function percentDecode(text: string): Buffer | undefined {
  const parts = text.split(/(%[0-9a-f]{2})/i);
  if (parts.some((part, i) => i % 2 === 0 && part.includes('%'))) return undefined;
  return Buffer.concat(parts.map((part, i) => (i % 2 ? Buffer.from([parseInt(part.slice(1), 16)]) : Buffer.from(part, 'utf8'))));
}

function isAllowedType(mimeType: string): boolean {
  return (ICON_TYPES as readonly string[]).includes(mimeType.split(';')[0]!.trim().toLowerCase());
}
