// The Content-Security-Policy an MCP App runs under, built from the `csp` its UI resource declares
// (spec 2026-01-26: connectDomains → connect-src, resourceDomains → script/style/img/font/media-src,
// frameDomains → frame-src, baseUriDomains → base-uri). Nothing declared gives the spec's restrictive
// default; a declaration can only name origins, never widen a directive any other way (no `*`, no
// keywords, no schemes such as `data:`), and entries that are not plain origins are dropped and reported.
//
// Two policies, because of how the app is hosted (src/apps/): the app is a srcdoc iframe inside the
// webview page, and a srcdoc document inherits its parent's policy on top of its own. So the page gets
// a policy with the same lists (no 'self', no nonce: a nonce would switch off 'unsafe-inline' for the
// app too) and the app's own <meta> policy is put first in its document, before anything can run.
// Workers (issue 25, defect 1): apps such as PDF.js build a worker from a `blob:` URL and load their
// bundled worker code from a `data:` URL inside it. Both are documents' own bytes, never a network
// fetch, so the app's script-src and worker-src also name `blob:` and `data:` (as ext-apps' reference
// host does), while every network origin stays exactly the declared ones; nothing else is added.
// No `vscode`, no SDK: both bundles and the unit tests use it.

export interface DeclaredCsp {
  connectDomains?: unknown;
  resourceDomains?: unknown;
  frameDomains?: unknown;
  baseUriDomains?: unknown;
}

export interface AppCsp {
  connect: string[];
  resource: string[];
  frame: string[];
  baseUri: string[];
  /** Entries that were dropped, with the list they came from, for the server's log. */
  rejected: string[];
}

/**
 * An origin as CSP host-source: http(s) or ws(s), a host (a leading `*.` allowed), an optional port (or
 * `:*`) and path. Anything else (`*`, `'unsafe-eval'`, `data:`, `https:`, spaces or `;` that would
 * start a new directive) could widen the policy beyond "these domains".
 */
const ORIGIN = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?(\/[a-z0-9\-._~%!$&()*+=:@/]*)?$/i;

function origins(list: unknown, name: string, rejected: string[]): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    rejected.push(`${name}: not a list`);
    return [];
  }
  const kept: string[] = [];
  for (const entry of list) {
    if (typeof entry === 'string' && ORIGIN.test(entry)) {
      if (!kept.includes(entry)) kept.push(entry);
    } else {
      rejected.push(`${name}: ${JSON.stringify(entry)}`);
    }
  }
  return kept;
}

/** The declared lists, reduced to plain origins. */
export function sanitizeCsp(declared: DeclaredCsp | undefined): AppCsp {
  const rejected: string[] = [];
  const csp = declared && typeof declared === 'object' ? declared : {};
  return {
    connect: origins(csp.connectDomains, 'connectDomains', rejected),
    resource: origins(csp.resourceDomains, 'resourceDomains', rejected),
    frame: origins(csp.frameDomains, 'frameDomains', rejected),
    baseUri: origins(csp.baseUriDomains, 'baseUriDomains', rejected),
    rejected,
  };
}

const join = (...parts: (string | string[])[]) => parts.flat().filter(Boolean).join(' ');

/**
 * Script the app makes from its own bytes: a worker from a `blob:` URL, a module from a `data:` URL.
 * No origin, so no way out: what they may fetch is still connect-src's declared list. An app can run
 * the same code inline already ('unsafe-inline'); refusing these only breaks apps that use workers.
 */
const LOCAL_SCRIPT = 'blob: data:';
/** Workers only from the app's own `blob:` URLs (a worker from a network origin would be cross-origin anyway). */
const WORKERS = 'blob:';

/**
 * The app's own policy. With nothing declared it is the spec's restrictive default, with only
 * restrictions added: object-src, frame-src and base-uri as in the spec's construction, and
 * form-action 'none' (a form post is a way out that no fetch directive covers); plus the app's own
 * `blob:`/`data:` scripts and `blob:` workers (LOCAL_SCRIPT).
 */
export function appContentSecurityPolicy(csp: AppCsp): string {
  const res = csp.resource;
  return [
    "default-src 'none'",
    `script-src ${join("'self' 'unsafe-inline'", LOCAL_SCRIPT, res)}`,
    `worker-src ${WORKERS}`,
    `style-src ${join("'self' 'unsafe-inline'", res)}`,
    `img-src ${join("'self' data:", res)}`,
    // Fonts fall under default-src 'none' unless a resource domain is declared.
    ...(res.length ? [`font-src ${join("'self'", res)}`] : []),
    `media-src ${join("'self' data:", res)}`,
    `connect-src ${csp.connect.length ? join("'self'", csp.connect) : "'none'"}`,
    `frame-src ${csp.frame.length ? join(csp.frame) : "'none'"}`,
    "object-src 'none'",
    `base-uri ${csp.baseUri.length ? join(csp.baseUri) : "'self'"}`,
    "form-action 'none'",
  ].join('; ');
}

/**
 * The webview page's policy, which the app inherits: the same domain lists without 'self' (the page's
 * own origin is the webview's, which the app has no business reaching). Inline script and style are
 * allowed because the app needs them and inherits this; the page's own script is inline too, so the
 * webview needs no local resources at all.
 */
export function pageContentSecurityPolicy(csp: AppCsp): string {
  const res = csp.resource;
  return [
    "default-src 'none'",
    `script-src ${join("'unsafe-inline'", LOCAL_SCRIPT, res)}`,
    `worker-src ${WORKERS}`,
    `style-src ${join("'unsafe-inline'", res)}`,
    `img-src ${join('data:', res)}`,
    `font-src ${res.length ? join(res) : "'none'"}`,
    `media-src ${join('data:', res)}`,
    `connect-src ${csp.connect.length ? join(csp.connect) : "'none'"}`,
    `frame-src ${csp.frame.length ? join(csp.frame) : "'none'"}`,
    "object-src 'none'",
    `base-uri ${csp.baseUri.length ? join(csp.baseUri) : "'none'"}`,
    "form-action 'none'",
  ].join('; ');
}

/** Text safe inside a double-quoted HTML attribute (or element text). */
export const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A leading doctype (after any comments and whitespace): the policy goes right after it. */
const LEADING_DOCTYPE = /^\uFEFF?(\s|<!--[\s\S]*?-->)*<!doctype[^>]*>/i;

/**
 * The app's document with its policy as the very first element. Before anything else, so that no
 * script of the app runs before the policy applies (a `<meta>` after the first `<head>` would come
 * too late for a script placed before it). The parser puts a leading <meta> into the head it opens
 * implicitly; the document's own <html>/<head> tags that follow are merged into those.
 */
export function withContentSecurityPolicy(html: string, policy: string, prelude = ''): string {
  // `prelude`: host markup that must run before the app's own (colorSchemeShim.ts), under the policy.
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">${prelude}`;
  const doctype = LEADING_DOCTYPE.exec(html);
  if (doctype) return `${doctype[0]}${meta}${html.slice(doctype[0].length)}`;
  return `${meta}${html}`;
}
