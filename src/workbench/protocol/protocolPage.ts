// The Protocol view's page: a strict Content-Security-Policy (no inline script but the one nonce'd file,
// no network, no frames), our own labels escaped into the skeleton, and media/protocol-view.js, which puts
// every server string into the DOM as text (textContent), never as HTML.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

export interface PageLabels {
  filter: string;
  pause: string;
  resume: string;
  clear: string;
  export: string;
  columns: string[];
  empty: string;
}

export function protocolPageLabels(live: boolean): PageLabels {
  return {
    filter: vscode.l10n.t('Filter by method or text'),
    pause: vscode.l10n.t('Pause'),
    resume: vscode.l10n.t('Resume'),
    clear: vscode.l10n.t('Clear'),
    export: live ? vscode.l10n.t('Export…') : '',
    columns: [vscode.l10n.t('Time'), '', vscode.l10n.t('Method'), vscode.l10n.t('Subject'), vscode.l10n.t('Status'), vscode.l10n.t('Duration'), vscode.l10n.t('Size'), vscode.l10n.t('HTTP'), vscode.l10n.t('Details')],
    empty: live ? vscode.l10n.t('Nothing recorded yet: messages appear here as the server and this window talk.') : vscode.l10n.t('The file holds no entries.'),
  };
}

export function protocolPageHtml(webview: vscode.Webview, media: vscode.Uri, labels: PageLabels): string {
  const nonce = randomBytes(16).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(media, 'protocol-view.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(media, 'protocol-view.css'));
  const csp = `default-src 'none'; style-src ${webview.cspSource}; script-src 'nonce-${nonce}'; img-src 'none'; font-src ${webview.cspSource}`;
  const e = escapeHtml;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<link rel="stylesheet" href="${style.toString()}">
</head>
<body>
<header class="toolbar">
  <input id="filter" type="search" placeholder="${e(labels.filter)}" aria-label="${e(labels.filter)}">
  <button id="pause" data-pause="${e(labels.pause)}" data-resume="${e(labels.resume)}">${e(labels.pause)}</button>
  <button id="clear">${e(labels.clear)}</button>
  ${labels.export ? `<button id="export">${e(labels.export)}</button>` : ''}
  <span id="counts"></span>
</header>
<div id="notes" class="notes"></div>
<table id="timeline">
  <thead><tr>${labels.columns.map((c) => `<th>${e(c)}</th>`).join('')}</tr></thead>
  <tbody id="rows"></tbody>
</table>
<p id="empty" class="empty">${e(labels.empty)}</p>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
