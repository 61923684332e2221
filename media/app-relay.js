// The webview page around one MCP App (src/apps/appPage.ts inlines this file). It is the spec's
// "sandbox proxy": it announces itself (ui/notifications/sandbox-proxy-ready), builds the app's iframe
// when the host sends the document (sandbox-resource-ready), and relays JSON-RPC both ways without
// reading it. The protocol itself runs in the extension host (ext-apps' AppBridge).
// What the iframe may do comes from this page's own attributes, written by the extension: the app
// cannot change them. The app runs inside a proxy frame (src/mcp/apps/originProxy.ts), a `data:` URL
// with an opaque origin of its own, which the app shares: neither can reach this page, VS Code's
// webview API (acquireVsCodeApi is called here, once) or any other app. Whatever the proxy sends is
// the app's.
// The page also reports what only it can see: VS Code's theme values and the room the app has.
(function () {
  'use strict';
  const vscode = acquireVsCodeApi();
  const body = document.body;
  const instance = body.dataset.instance;
  const styleMap = JSON.parse(body.dataset.styles || '{}');
  const status = document.getElementById('status');
  let frame;
  let appHtml;
  let proxyReady = false;

  const post = (message) => vscode.postMessage(Object.assign({ instance }, message));

  const scheme = (theme) => (theme === 'light' || theme === 'hc-light' ? 'light' : 'dark');

  function themeKind() {
    const c = body.classList;
    if (c.contains('vscode-high-contrast-light')) return 'hc-light';
    if (c.contains('vscode-high-contrast')) return 'hc-dark';
    return c.contains('vscode-light') ? 'light' : 'dark';
  }

  // Each variable is a CSS expression over --vscode-* values; a custom property's computed value has
  // its var() references replaced, which is exactly the value the app needs.
  function reportStyles() {
    const probe = document.createElement('div');
    body.appendChild(probe);
    const variables = {};
    for (const name of Object.keys(styleMap)) {
      probe.style.setProperty('--mcp-probe', styleMap[name]);
      variables[name] = getComputedStyle(probe).getPropertyValue('--mcp-probe').trim();
    }
    probe.remove();
    const theme = themeKind();
    // The page's own scheme (its scrollbars, the frame's backdrop) follows the theme; the app's follows
    // through the host context (src/mcp/apps/colorSchemeShim.ts).
    document.documentElement.style.colorScheme = scheme(theme);
    if (frame && proxyReady) frame.contentWindow.postMessage({ mcpProxy: 'scheme', scheme: scheme(theme) }, '*');
    post({ kind: 'style', theme, variables });
  }

  // This page's origin and those above it (VS Code's): the extension refuses an app that declares one of
  // them as a frame domain, since a frame of it inside the app's proxy would be same-origin with them.
  const origins = [window.location.origin].concat(Array.from(window.location.ancestorOrigins || []));

  function reportViewport() {
    post({ kind: 'viewport', width: document.documentElement.clientWidth, height: window.innerHeight, origins });
  }

  // The proxy frame first; the app's document once the proxy says it is ready (the proxy gives it
  // the same sandbox and allow attributes, which it could not widen anyway: they are inherited).
  function createFrame(html) {
    if (frame) return; // one app per page
    appHtml = html;
    frame = document.createElement('iframe');
    frame.setAttribute('sandbox', body.dataset.sandbox);
    if (body.dataset.allow) frame.setAttribute('allow', body.dataset.allow);
    frame.setAttribute('title', body.dataset.title || 'MCP App');
    frame.src = `data:text/html;charset=utf-8,${encodeURIComponent(body.dataset.proxy)}`;
    status.hidden = true;
    body.appendChild(frame);
  }

  function sendDocument() {
    proxyReady = true;
    const { sandbox, allow, title } = body.dataset;
    frame.contentWindow.postMessage({ mcpProxy: 'document', html: appHtml, sandbox, allow, title, scheme: scheme(themeKind()) }, '*');
    appHtml = undefined;
  }

  window.addEventListener('message', (event) => {
    const data = event.data;
    if (frame && event.source === frame.contentWindow) {
      if (!proxyReady) {
        if (data && data.mcpProxy === 'ready') sendDocument();
        return;
      }
      // From the app: JSON-RPC only, and never the proxy's own notifications.
      if (!data || data.jsonrpc !== '2.0') return;
      if (typeof data.method === 'string' && data.method.startsWith('ui/notifications/sandbox-')) return;
      post({ kind: 'rpc', message: data });
      return;
    }
    // From the extension: VS Code delivers it from this page's own origin; the app's origin is "null".
    if (event.origin !== window.location.origin || !data || typeof data !== 'object') return;
    if (data.kind === 'rpc') {
      const message = data.message;
      if (message && message.method === 'ui/notifications/sandbox-resource-ready') createFrame(message.params.html);
      else if (frame && proxyReady) frame.contentWindow.postMessage(message, '*');
    } else if (data.kind === 'size' && frame) {
      if (typeof data.height === 'number') frame.style.height = `${Math.max(0, Math.ceil(data.height))}px`;
      if (typeof data.width === 'number') frame.style.minWidth = `${Math.max(0, Math.ceil(data.width))}px`;
    } else if (data.kind === 'status') {
      status.textContent = data.text;
      status.hidden = false;
      status.classList.toggle('error', !!data.error);
    }
  });

  let pending = false;
  const onThemeChange = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      reportStyles();
    });
  };
  new MutationObserver(onThemeChange).observe(body, { attributes: true, attributeFilter: ['class'] });
  new MutationObserver(onThemeChange).observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
  window.addEventListener('resize', reportViewport);

  reportStyles();
  reportViewport();
  post({ kind: 'rpc', message: { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} } });
})();
