// The frame between the webview page and the app: the MCP Apps spec's "sandbox proxy on an origin of its
// own" (SEP-1865; ext-apps' reference host serves it from another port), built inside a VS Code webview.
//
// Why: an app frame with an opaque origin of its own (sandbox without allow-same-origin) sees
// `window.parent` as a cross-origin window, and apps touch it in ordinary ways: basic-vue keeps its App
// (whose transport holds window.parent) in a reactive ref, Vue's proxy reads `__v_isRef` from it and
// throws a SecurityError, and "Get Server Time" never reached the server. The reference host gives the
// app `allow-same-origin` inside a proxy whose origin is not the host's. In a webview, a frame with
// allow-same-origin and a srcdoc directly in the page would share the webview's origin (its document,
// the `acquireVsCodeApi` the page holds, its storage, the resources its service worker serves), so:
//   webview page (relay, the webview's origin)
//     └ this proxy: a `data:` URL, which always gets a fresh opaque origin, sandboxed like the app
//         └ the app: srcdoc with allow-same-origin, so it shares the proxy's opaque origin
// The app can read and script the proxy (its parent, same origin), which holds nothing: the proxy's
// policy is the app's own (the app could run code in it), it has no storage (opaque origin), and it only
// relays. The webview page stays cross-origin to both, and its `frame-src` names no origin of its own,
// so the proxy cannot be navigated to the webview's origin.
//
// Messages: the page sends `{ mcpProxy: 'document', html, sandbox, allow, scheme }` once the proxy said
// `{ mcpProxy: 'ready' }`, and `{ mcpProxy: 'scheme', scheme }` on a theme change (the proxy's own
// color-scheme follows the page's, so Chromium draws no opaque backdrop between them); JSON-RPC is
// passed on unread both ways. The page treats whatever comes from the proxy as the app's.
// No `vscode`: the core bundle builds it, media/app-relay.js loads it.
import { escapeAttribute } from './appCsp';
import { NO_WEBRTC_SCRIPT } from './appWebRtc';

/**
 * The proxy's document, under `policy` (the app's own): loaded by the page as a `data:` URL. The app is
 * same-origin with it, so the proxy's window loses the WebRTC constructors too (appWebRtc.ts): otherwise
 * `parent.RTCPeerConnection` would give the app back what its own window lost.
 */
export function originProxyHtml(policy: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">` +
    `<style>html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent}` +
    `iframe{display:block;border:0;width:100%;height:100%;background:transparent}</style>` +
    `</head><body><script>${NO_WEBRTC_SCRIPT}(${PROXY})();</script></body></html>`;
}

const PROXY = `function () {
  'use strict';
  var page = window.parent, app = null;
  function scheme(value) { if (value === 'dark' || value === 'light') document.documentElement.style.colorScheme = value; }
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (app && event.source === app.contentWindow) { page.postMessage(data, '*'); return; }
    if (event.source !== page || !data || typeof data !== 'object') return;
    if (data.jsonrpc === '2.0') { if (app) app.contentWindow.postMessage(data, '*'); return; }
    if (data.mcpProxy === 'scheme') scheme(data.scheme);
    else if (data.mcpProxy === 'document' && !app && typeof data.html === 'string') {
      scheme(data.scheme);
      app = document.createElement('iframe');
      app.setAttribute('sandbox', String(data.sandbox));
      if (data.allow) app.setAttribute('allow', String(data.allow));
      if (data.title) app.setAttribute('title', String(data.title));
      app.srcdoc = data.html;
      document.body.appendChild(app);
    }
  });
  page.postMessage({ mcpProxy: 'ready' }, '*');
}`;
