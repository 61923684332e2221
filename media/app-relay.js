// The webview page around one MCP App (src/apps/appPage.ts inlines this file). It is the spec's
// "sandbox proxy": it announces itself (ui/notifications/sandbox-proxy-ready), builds the app's iframe
// when the host sends the document (sandbox-resource-ready), and relays JSON-RPC both ways without
// reading it. The protocol itself runs in the extension host (ext-apps' AppBridge).
// What the iframe may do comes from this page's own attributes, written by the extension: the app
// cannot change them. The app's frame has an opaque origin (no allow-same-origin): it cannot reach
// this page, VS Code's webview API (acquireVsCodeApi is called here, once) or any other app.
// The page also reports what only it can see: VS Code's theme values and the room the app has.
(function () {
  'use strict';
  const vscode = acquireVsCodeApi();
  const body = document.body;
  const instance = body.dataset.instance;
  const styleMap = JSON.parse(body.dataset.styles || '{}');
  const status = document.getElementById('status');
  let frame;

  const post = (message) => vscode.postMessage(Object.assign({ instance }, message));

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
    document.documentElement.style.colorScheme = theme === 'light' || theme === 'hc-light' ? 'light' : 'dark';
    post({ kind: 'style', theme, variables });
  }

  function reportViewport() {
    post({ kind: 'viewport', width: document.documentElement.clientWidth, height: window.innerHeight });
  }

  function createFrame(html) {
    if (frame) return; // one app per page
    frame = document.createElement('iframe');
    frame.setAttribute('sandbox', body.dataset.sandbox);
    if (body.dataset.allow) frame.setAttribute('allow', body.dataset.allow);
    frame.setAttribute('title', body.dataset.title || 'MCP App');
    frame.srcdoc = html;
    status.hidden = true;
    body.appendChild(frame);
  }

  window.addEventListener('message', (event) => {
    const data = event.data;
    if (frame && event.source === frame.contentWindow) {
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
      else if (frame) frame.contentWindow.postMessage(message, '*');
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
