// The Content-Security-Policy and the iframe `allow` attribute an MCP App gets (src/mcp/apps/appCsp.ts,
// appSandbox.ts): the spec's restrictive default, declared domains mapped to their directives and to
// nothing else, entries that would widen a policy dropped, and the policy placed before any script.
import * as assert from 'node:assert/strict';
import { appContentSecurityPolicy, frameDomainsReaching, pageContentSecurityPolicy, sanitizeCsp, withContentSecurityPolicy } from '../../../../src/mcp/apps/appCsp';
import { NO_WEBRTC_SCRIPT } from '../../../../src/mcp/apps/appWebRtc';
import { appSandbox, grantPermissions } from '../../../../src/mcp/apps/appSandbox';
import { colorSchemeScript } from '../../../../src/mcp/apps/colorSchemeShim';

/** A policy as directive → sources, for comparisons that do not depend on order or spacing. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const SPEC_DEFAULT = directives(`default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none';`);

describe('MCP Apps: Content-Security-Policy', () => {
  it('is the spec default when nothing is declared, with only restrictions and the app\'s own workers added', () => {
    const policy = directives(appContentSecurityPolicy(sanitizeCsp(undefined)));
    for (const [name, sources] of SPEC_DEFAULT) assert.deepEqual(policy.get(name), sources, name);
    // Issue 25, defect 1: PDF.js's worker (a blob: URL importing its data: URL code). No network origin.
    assert.deepEqual(policy.get('script-src'), ["'self'", "'unsafe-inline'", 'blob:', 'data:']);
    assert.deepEqual(policy.get('worker-src'), ['blob:']);
    const added = [...policy.keys()].filter((name) => !SPEC_DEFAULT.has(name));
    assert.deepEqual(added.sort(), ['base-uri', 'form-action', 'frame-src', 'object-src', 'script-src', 'worker-src']);
    assert.deepEqual(policy.get('frame-src'), ["'none'"]);
    assert.deepEqual(policy.get('object-src'), ["'none'"]);
    assert.deepEqual(policy.get('form-action'), ["'none'"]);
    assert.deepEqual(policy.get('base-uri'), ["'self'"]);
  });

  it('maps each declared list to its directives and to no other', () => {
    const csp = sanitizeCsp({
      connectDomains: ['https://api.example.com', 'wss://live.example.com'],
      resourceDomains: ['https://cdn.example.com', 'https://*.cloudflare.com'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: ['https://base.example.com'],
    });
    assert.deepEqual(csp.rejected, []);
    const policy = directives(appContentSecurityPolicy(csp));
    assert.deepEqual(policy.get('connect-src'), ["'self'", 'https://api.example.com', 'wss://live.example.com']);
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'media-src']) {
      assert.ok(policy.get(name)!.includes('https://cdn.example.com') && policy.get(name)!.includes('https://*.cloudflare.com'), name);
      assert.ok(!policy.get(name)!.includes('https://api.example.com'), `${name} does not get the connect domains`);
    }
    assert.deepEqual(policy.get('frame-src'), ['https://www.youtube.com']);
    assert.deepEqual(policy.get('worker-src'), ['blob:'], 'workers never come from a declared domain');
    assert.deepEqual(policy.get('base-uri'), ['https://base.example.com']);
    assert.deepEqual(policy.get('default-src'), ["'none'"]);
    assert.ok(!policy.get('connect-src')!.includes('https://cdn.example.com'), 'resource domains do not open connect-src');
  });

  it('drops entries that would widen a policy beyond the named origins, and says which', () => {
    const csp = sanitizeCsp({
      connectDomains: ['*', "'unsafe-eval'", 'https:', 'data:', 'https://ok.example.com; script-src *', 'https://a.example.com https://b.example.com', 42, 'javascript:alert(1)', 'https://ok.example.com'],
      resourceDomains: 'https://not-a-list.example.com',
      frameDomains: ['blob:', 'http://127.0.0.1:8080'],
    });
    assert.deepEqual(csp.connect, ['https://ok.example.com']);
    assert.deepEqual(csp.resource, []);
    assert.deepEqual(csp.frame, ['http://127.0.0.1:8080']);
    assert.equal(csp.rejected.length, 10);
    assert.ok(csp.rejected.includes('connectDomains: "*"'));
    assert.ok(csp.rejected.includes('resourceDomains: not a list'));
    const policy = appContentSecurityPolicy(csp);
    assert.ok(!policy.includes('unsafe-eval') && !/\s\*(\s|;|$)/.test(policy) && !policy.includes('javascript'), policy);
  });

  it('refuses a wildcard over an address-like name (a numeric last label), and keeps one whose last label only holds a digit', () => {
    const csp = sanitizeCsp({ connectDomains: ['https://*.mcp.local.12', 'https://*.10.0.10', 'https://*.example.x1', 'https://*.example.1x'] });
    assert.deepEqual(csp.connect, ['https://*.example.x1', 'https://*.example.1x']);
    assert.deepEqual(csp.rejected, ['connectDomains: "https://*.mcp.local.12"', 'connectDomains: "https://*.10.0.10"']);
  });

  it('refuses a wildcard as wide as a top-level domain or a shared suffix, and keeps one under a real domain', () => {
    const csp = sanitizeCsp({
      connectDomains: ['https://*.com', 'https://*.co.uk', 'wss://*.github.io', 'https://*.io:443', 'http://*.1', 'https://*.example.com', 'https://*.api.example.co.uk'],
      resourceDomains: ['https://*.net', 'https://*.cdn.example.net'],
    });
    assert.deepEqual(csp.connect, ['https://*.example.com', 'https://*.api.example.co.uk']);
    assert.deepEqual(csp.resource, ['https://*.cdn.example.net']);
    assert.deepEqual(csp.rejected, ['connectDomains: "https://*.com"', 'connectDomains: "https://*.co.uk"', 'connectDomains: "wss://*.github.io"', 'connectDomains: "https://*.io:443"', 'connectDomains: "http://*.1"', 'resourceDomains: "https://*.net"']);
  });

  it("gives the app's proxy frame a standards-mode UTF-8 document that the app's frame fills, without margins, borders or scrollbars", () => {
    const proxy = appSandbox({ uri: 'ui://x/app.html', html: '<p>x</p>', csp: sanitizeCsp(undefined), permissions: {} }).proxy;
    assert.match(proxy, /^<!DOCTYPE html><html><head><meta charset="utf-8">/, 'standards mode (height: 100% means the frame, not the content) and UTF-8');
    assert.match(proxy, /<style>html,body\{margin:0;padding:0;height:100%;overflow:hidden;background:transparent\}/);
    assert.match(proxy, /iframe\{display:block;border:0;width:100%;height:100%;background:transparent\}<\/style>/);
  });

  it("starts the app's color-scheme answer from the theme the app is first shown in", () => {
    assert.match(colorSchemeScript('dark'), /^<script>\(function \(dark\) \{[\s\S]*\}\)\(true\);<\/script>$/);
    assert.match(colorSchemeScript('light'), /^<script>\(function \(dark\) \{[\s\S]*\}\)\(false\);<\/script>$/);
  });

  it('takes the WebRTC constructors off the app window before any of its own script', () => {
    const resource = { uri: 'ui://x/app.html', html: '<!DOCTYPE html><script>new RTCPeerConnection()</script>', csp: sanitizeCsp(undefined), permissions: {} };
    const html = appSandbox(resource, 'dark').html;
    assert.ok(appSandbox(resource).html.includes(`<script>${NO_WEBRTC_SCRIPT}</script>`), 'also without a theme');
    // The app is same-origin with its proxy frame: `parent.RTCPeerConnection` must be gone as well.
    assert.ok(appSandbox(resource).proxy.indexOf(NO_WEBRTC_SCRIPT) < appSandbox(resource).proxy.indexOf('mcpProxy'), 'the proxy loses them before its own code');
    assert.ok(appSandbox(resource).proxy.includes(NO_WEBRTC_SCRIPT));
    const first = html.indexOf('<script>');
    assert.ok(html.indexOf('Content-Security-Policy') < first);
    assert.ok(html.slice(first).startsWith(`<script>${NO_WEBRTC_SCRIPT}</script>`));
    const window: Record<string, unknown> = { RTCPeerConnection: class {}, webkitRTCPeerConnection: class {} };
    new Function('window', NO_WEBRTC_SCRIPT)(window);
    assert.equal(window.RTCPeerConnection, undefined);
    assert.equal(window.webkitRTCPeerConnection, undefined);
    assert.throws(() => {
      'use strict';
      Object.defineProperty(window, 'RTCPeerConnection', { value: class {} });
    }, TypeError, 'it cannot be put back');
  });

  it('gives the page the same lists, without the page origin, so the inherited policy is no wider', () => {
    const csp = sanitizeCsp({ connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] });
    const page = directives(pageContentSecurityPolicy(csp));
    const app = directives(appContentSecurityPolicy(csp));
    for (const [name, sources] of page) {
      if (name === 'default-src') continue;
      const allowed = app.get(name) ?? app.get('default-src')!;
      for (const source of sources) {
        if (name === 'frame-src' && source === 'data:') continue; // the page's own frame: the app's proxy (originProxy.ts)
        assert.ok(allowed.includes(source) || source === "'none'", `${name} ${source} is also in the app policy`);
      }
      assert.ok(!sources.includes("'self'"), `${name} has no 'self'`);
      assert.ok(!sources.some((s) => s.startsWith("'nonce-")), 'no nonce (it would switch off unsafe-inline for the app)');
    }
    assert.deepEqual(directives(pageContentSecurityPolicy(sanitizeCsp({}))).get('connect-src'), ["'none'"]);
  });

  it('puts the policy before anything in the document can run', () => {
    const policy = "default-src 'none'";
    const meta = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'">`;
    assert.equal(withContentSecurityPolicy('<!DOCTYPE html><html><head><script>1</script></head></html>', policy), `<!DOCTYPE html>${meta}<html><head><script>1</script></head></html>`);
    // A script before <head>, and a <header> that a search for "<head" would find first.
    const tricky = '<!doctype html><!-- x --><script>fetch("https://evil.example")</script><header></header><head></head>';
    assert.ok(withContentSecurityPolicy(tricky, policy).startsWith(`<!doctype html>${meta}<!-- x --><script>`));
    assert.equal(withContentSecurityPolicy('<p>no document</p>', policy), `${meta}<p>no document</p>`);
    assert.ok(withContentSecurityPolicy('  <!-- c -->\n<!DOCTYPE html>\n<html>', policy).startsWith(`  <!-- c -->\n<!DOCTYPE html>${meta}`));
    assert.ok(withContentSecurityPolicy('<p>', `connect-src "x" <y>`).includes('content="connect-src &quot;x&quot; &lt;y&gt;"'), 'the attribute is escaped');
  });
});

describe('MCP Apps: sandbox and permissions', () => {
  it('grants clipboard-write, the one declared permission a VS Code webview can delegate, and refuses the rest', () => {
    assert.deepEqual(grantPermissions({}), { granted: {}, refused: [], allow: '' });
    const all = grantPermissions({ camera: {}, microphone: {}, geolocation: {}, clipboardWrite: {} });
    assert.deepEqual(all.granted, { clipboardWrite: {} });
    assert.deepEqual(all.refused.sort(), ['camera', 'geolocation', 'microphone']);
    assert.equal(all.allow, 'clipboard-write');
  });

  it('gives the app allow-same-origin only inside a proxy of its own origin, under the app policy, and hands over the document with its policy first', () => {
    const csp = sanitizeCsp({ connectDomains: ['https://api.example.com'], frameDomains: ['https://www.youtube.com'] });
    const sandbox = appSandbox({ uri: 'ui://x/app.html', html: '<!DOCTYPE html><html><body>hi</body></html>', csp, permissions: { clipboardWrite: {} } });
    // No popups, no top navigation, no downloads, no modals: only what the reference host gives.
    assert.deepEqual(sandbox.sandbox.split(' ').sort(), ['allow-forms', 'allow-same-origin', 'allow-scripts']);
    assert.ok(sandbox.html.startsWith('<!DOCTYPE html><meta http-equiv="Content-Security-Policy"'));
    assert.equal(sandbox.allow, 'clipboard-write');
    // The app can script the proxy (same origin): the proxy's policy is exactly the app's.
    const proxyPolicy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(sandbox.proxy)![1]!.replace(/&#39;|'/g, "'");
    assert.equal(proxyPolicy, sandbox.appPolicy);
    assert.ok(sandbox.proxy.indexOf('<meta http-equiv="Content-Security-Policy"') < sandbox.proxy.indexOf('<script>'), 'the policy comes before the script');
    // The page frames only the proxy (a data: URL, its own opaque origin) and the declared frame domains:
    // never 'self', so the proxy cannot be navigated to the webview's origin.
    const page = directives(sandbox.pagePolicy);
    assert.deepEqual(page.get('frame-src'), ['data:', 'https://www.youtube.com']);
    assert.deepEqual(directives(sandbox.appPolicy).get('frame-src'), ['https://www.youtube.com'], 'the app itself frames no data: URL');
  });
});

describe("MCP Apps: frame domains that would reach VS Code's own origin", () => {
  const origins = ['http://127.0.0.1:8080', 'vscode-webview://abc123', 'https://vscode.example.com'];
  it('finds a declared frame domain that names the page or an origin above it, as CSP would match it', () => {
    assert.deepEqual(frameDomainsReaching(['http://127.0.0.1:*', 'http://127.0.0.1:8080', 'https://127.0.0.1:8080/path'], origins), ['http://127.0.0.1:*', 'http://127.0.0.1:8080', 'https://127.0.0.1:8080/path']);
    assert.deepEqual(frameDomainsReaching(['https://*.example.com', 'http://vscode.example.com'], origins), ['https://*.example.com', 'http://vscode.example.com']);
  });
  it('matches a frame domain without a port to the default port of either http scheme, in any case', () => {
    assert.deepEqual(frameDomainsReaching(['https://vscode.example.com'], ['http://vscode.example.com']), ['https://vscode.example.com'], 'http on port 80');
    assert.deepEqual(frameDomainsReaching(['HTTPS://VSCODE.example.com'], ['https://vscode.example.com']), ['HTTPS://VSCODE.example.com']);
  });

  it('does not match a frame domain to an origin on another, non-default port', () => {
    assert.deepEqual(frameDomainsReaching(['https://vscode.example.com'], ['https://vscode.example.com:8443']), []);
    assert.deepEqual(frameDomainsReaching(['https://vscode.example.com:8443'], ['https://vscode.example.com']), []);
  });

  it('leaves other origins, other ports and other schemes alone', () => {
    assert.deepEqual(frameDomainsReaching(['http://127.0.0.1:9090', 'https://www.youtube.com', 'https://*.vscode.example.com', 'ws://127.0.0.1:8080'], origins), []);
    assert.deepEqual(frameDomainsReaching(['http://127.0.0.1:*'], ['vscode-webview://abc123', 'null', 'not a url']), []);
  });
});

describe('MCP Apps: the app document without a theme', () => {
  it('puts only the WebRTC removal before the app, when no theme is given', () => {
    const resource = { uri: 'ui://x/app.html', html: '<p>app</p>', csp: sanitizeCsp(undefined), permissions: {} };
    assert.ok(appSandbox(resource).html.endsWith(`<script>${NO_WEBRTC_SCRIPT}</script><p>app</p>`), appSandbox(resource).html.slice(-200));
  });
});
