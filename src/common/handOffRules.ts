// Which links a server, an app or a registry entry may make the user's browser open (a sign-in page, an
// elicitation's page, an app's link, a server's homepage). `openExternal` hands a `file:`, `vscode:`,
// `command:` or `search-ms:` URI to the operating system, which runs or opens things; a link to
// 127.0.0.1 or the router makes the user's browser send a request on the server's behalf. So only the
// allowed schemes, no user name or password in the link (`https://bank.example@evil.example`), and no
// address on the user's machine or networks unless the rule allows it. No `vscode` import.
import { isIP } from 'node:net';
import { addressKind, isLocalHostName } from './netAddress';

export interface HandOffRule {
  /** For messages: "sign-in page", "app link". */
  purpose: string;
  /** Allowed schemes, with the colon. */
  schemes: readonly string[];
  /** Links to this computer or a private network are allowed (a sign-in page of a server the user runs locally). */
  allowNonPublic?: boolean;
}

export const WEB_PAGE: HandOffRule = { purpose: 'web page', schemes: ['https:', 'http:'] };

/** The link to open, or why it is not opened. */
export function checkHandOff(raw: string, rule: HandOffRule): { ok: true; url: URL } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: `The ${rule.purpose} is not a valid URL.` };
  }
  if (!rule.schemes.includes(url.protocol)) return { ok: false, reason: `The ${rule.purpose} is a ${url.protocol} link; only ${rule.schemes.join(', ')} links are opened.` };
  if (url.protocol === 'mailto:') return { ok: true, url };
  if (url.username || url.password) return { ok: false, reason: `The ${rule.purpose} ${url.host} carries a user name or password (a way to disguise where it leads), so it is not opened.` };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const local = isLocalHostName(host) || (isIP(host) !== 0 && addressKind(host) !== 'public');
  if (local && !rule.allowNonPublic) return { ok: false, reason: `The ${rule.purpose} points at ${host}, an address on this computer or a private network, so it is not opened.` };
  return { ok: true, url };
}
