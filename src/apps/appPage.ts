// The HTML of the webview page around one app: its Content-Security-Policy (the app's domain lists; the
// app inherits it), the relay script (media/app-relay.js, inlined, so the webview needs no local
// resources at all), and the attributes the relay builds the app's frames from: the proxy frame's
// document (src/mcp/apps/originProxy.ts) and the app iframe's sandbox and allow. No `vscode`.
import { escapeAttribute } from '../mcp/apps/appCsp';
import { STYLE_VARIABLES } from './hostStyles';

export type AppDisplayMode = 'inline' | 'fullscreen';

export interface AppPageOptions {
  instance: string;
  title: string;
  pagePolicy: string;
  sandbox: string;
  /** The proxy frame's document (src/mcp/apps/originProxy.ts), for the relay to load as a `data:` URL. */
  proxy: string;
  allow: string;
  mode: AppDisplayMode;
  /** Draw a border around the app (the resource's prefersBorder; the host's choice when unset). */
  border: boolean;
  relayScript: string;
  /** Shown until the app is there. */
  loadingText: string;
}

const escape = escapeAttribute;

export function appPageHtml(options: AppPageOptions): string {
  const attributes = {
    'data-instance': options.instance,
    'data-title': options.title,
    'data-sandbox': options.sandbox,
    'data-proxy': options.proxy,
    'data-allow': options.allow,
    'data-styles': JSON.stringify(STYLE_VARIABLES),
    class: `${options.mode}${options.border ? ' border' : ''}`,
  };
  const bodyAttributes = Object.entries(attributes)
    .map(([name, value]) => `${name}="${escape(value)}"`)
    .join(' ');
  // A script element's text ends at the first "</script": the relay has none, but make sure.
  const script = options.relayScript.replace(/<\/script/gi, '<\\/script');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escape(options.pagePolicy)}">
<title>${escape(options.title)}</title>
<style>
  html, body { margin: 0; padding: 0; }
  body { background: var(--vscode-editor-background); color: var(--vscode-foreground); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); }
  body.fullscreen { overflow: hidden; }
  iframe { display: block; width: 100%; border: 0; box-sizing: border-box; background: transparent; }
  body.inline iframe { height: 120px; }
  body.fullscreen iframe { height: 100vh; }
  body.border { padding: 8px; }
  body.border iframe { border: 1px solid var(--vscode-widget-border, var(--vscode-panel-border)); border-radius: 6px; }
  body.border.fullscreen iframe { height: calc(100vh - 16px); }
  #status { padding: 12px; color: var(--vscode-descriptionForeground); }
  #status.error { color: var(--vscode-errorForeground); }
</style>
</head>
<body ${bodyAttributes}>
<div id="status">${escape(options.loadingText)}</div>
<script>${script}</script>
</body>
</html>`;
}
