// Every directive of both policies an MCP App runs under, pinned: the webview page's (which the app's
// srcdoc document inherits) and the app's own. A directive emptied or dropped, `default-src 'none'` or
// `object-src 'none'` included, would let an app reach or embed what its server never declared.
import * as assert from 'node:assert/strict';
import { appContentSecurityPolicy, pageContentSecurityPolicy, sanitizeCsp, withContentSecurityPolicy } from '../../../../src/mcp/apps/appCsp';

/** A policy as [directive, sources] pairs in order, so spacing cannot hide an emptied directive. */
const parsed = (policy: string) => policy.split('; ').map((d) => d.split(' '));

const declared = sanitizeCsp({
  connectDomains: ['https://api.example.com', 'wss://live.example.com'],
  resourceDomains: ['https://cdn.example.com'],
  frameDomains: ['https://www.youtube.com'],
  baseUriDomains: ['https://base.example.com'],
});

describe('MCP Apps: every directive of the policies', () => {
  it("the page's policy with nothing declared", () => {
    assert.deepEqual(parsed(pageContentSecurityPolicy(sanitizeCsp(undefined))), [
      ['default-src', "'none'"],
      ['script-src', "'unsafe-inline'", 'blob:', 'data:'],
      ['worker-src', 'blob:'],
      ['style-src', "'unsafe-inline'"],
      ['img-src', 'data:'],
      ['font-src', "'none'"],
      ['media-src', 'data:'],
      ['connect-src', "'none'"],
      ['frame-src', 'data:'],
      ['object-src', "'none'"],
      ['base-uri', "'none'"],
      ['form-action', "'none'"],
    ]);
  });

  it("the page's policy with every list declared", () => {
    assert.deepEqual(parsed(pageContentSecurityPolicy(declared)), [
      ['default-src', "'none'"],
      ['script-src', "'unsafe-inline'", 'blob:', 'data:', 'https://cdn.example.com'],
      ['worker-src', 'blob:'],
      ['style-src', "'unsafe-inline'", 'https://cdn.example.com'],
      ['img-src', 'data:', 'https://cdn.example.com'],
      ['font-src', 'https://cdn.example.com'],
      ['media-src', 'data:', 'https://cdn.example.com'],
      ['connect-src', 'https://api.example.com', 'wss://live.example.com'],
      ['frame-src', 'data:', 'https://www.youtube.com'],
      ['object-src', "'none'"],
      ['base-uri', 'https://base.example.com'],
      ['form-action', "'none'"],
    ]);
  });

  it("the app's own policy with nothing declared", () => {
    assert.deepEqual(parsed(appContentSecurityPolicy(sanitizeCsp({}))), [
      ['default-src', "'none'"],
      ['script-src', "'self'", "'unsafe-inline'", 'blob:', 'data:'],
      ['worker-src', 'blob:'],
      ['style-src', "'self'", "'unsafe-inline'"],
      ['img-src', "'self'", 'data:'],
      ['media-src', "'self'", 'data:'],
      ['connect-src', "'none'"],
      ['frame-src', "'none'"],
      ['object-src', "'none'"],
      ['base-uri', "'self'"],
      ['form-action', "'none'"],
    ]);
  });

  it("the app's own policy with every list declared", () => {
    assert.deepEqual(parsed(appContentSecurityPolicy(declared)), [
      ['default-src', "'none'"],
      ['script-src', "'self'", "'unsafe-inline'", 'blob:', 'data:', 'https://cdn.example.com'],
      ['worker-src', 'blob:'],
      ['style-src', "'self'", "'unsafe-inline'", 'https://cdn.example.com'],
      ['img-src', "'self'", 'data:', 'https://cdn.example.com'],
      ['font-src', "'self'", 'https://cdn.example.com'],
      ['media-src', "'self'", 'data:', 'https://cdn.example.com'],
      ['connect-src', "'self'", 'https://api.example.com', 'wss://live.example.com'],
      ['frame-src', 'https://www.youtube.com'],
      ['object-src', "'none'"],
      ['base-uri', 'https://base.example.com'],
      ['form-action', "'none'"],
    ]);
  });
});

describe('MCP Apps: which declared entries are origins', () => {
  const kept = (entry: string) => sanitizeCsp({ connectDomains: [entry] }).connect.length === 1;

  it('keeps http(s) and ws(s) origins, with a wildcard subdomain, a port or any port, and a path, in any case', () => {
    for (const entry of ['http://a.example', 'HTTPS://A.Example.COM', 'ws://a.example:8080', 'wss://*.example.com', 'https://a.example:*', 'https://a.example:65535/x/y-z_~.%20', 'https://localhost', 'https://a-b.c-d.example/']) {
      assert.ok(kept(entry), entry);
    }
  });

  it('drops other schemes, wildcards elsewhere, six-digit ports, user info, queries and anything after the origin', () => {
    for (const entry of ['ftp://a.example', 'https://a.*.example', 'https://*', 'https://a.example:123456', 'https://u@a.example', 'https://a.example/?q=1', 'https://a.example/#f', 'https://a.example/x y', 'https://a.example;', ' https://a.example', 'https://a.example ', 'https://.example', 'https://a..example', 'xhttps://a.example']) {
      assert.ok(!kept(entry), entry);
    }
  });

  it('keeps each origin once and names each dropped entry with its list', () => {
    const csp = sanitizeCsp({ connectDomains: ['https://a.example', 'https://a.example', null], frameDomains: {}, baseUriDomains: [{ url: 'x' }] });
    assert.deepEqual(csp.connect, ['https://a.example']);
    assert.deepEqual(csp.rejected, ['connectDomains: null', 'frameDomains: not a list', 'baseUriDomains: {"url":"x"}']);
  });

  it('refuses a list inside the list, even one whose text is an origin', () => {
    const csp = sanitizeCsp({ connectDomains: [['https://a.example']] });
    assert.deepEqual(csp.connect, []);
    assert.deepEqual(csp.rejected, ['connectDomains: ["https://a.example"]']);
  });

  it('escapes an ampersand of a declared path in the policy attribute', () => {
    const policy = appContentSecurityPolicy(sanitizeCsp({ connectDomains: ['https://a.example/x&y'] }));
    assert.ok(withContentSecurityPolicy('<p>', policy).includes('https://a.example/x&amp;y'));
  });

  it('takes a declaration that is not an object as nothing declared', () => {
    for (const odd of [null, 'https://a.example', 7]) {
      assert.deepEqual(sanitizeCsp(odd as never), { connect: [], resource: [], frame: [], baseUri: [], rejected: [] });
    }
  });
});
