// One Protocol view: an editor tab showing a server's live timeline (recording while the tab is open),
// or a session read back from an exported file. The page is a renderer only; the timeline, the filter
// and every action (pause, clear, export, open a message) live here.
import * as vscode from 'vscode';
import type { UserAnswers } from '../../common/userAnswers';
import type { IDisposable } from '../../mcp/lifecycle';
import type { JsonDocuments } from '../jsonDocuments';
import { protocolPageHtml, protocolPageLabels } from './protocolPage';
import { entryDocument, rowsOf, type Row } from './rowModel';
import type { Timeline } from './timeline';

export const PROTOCOL_PANEL_TYPE = 'mcpClient.protocol';

/** What a view shows: a server's recorder, or a file. */
export interface ProtocolSource {
  server: string;
  /** The tab's title. */
  title: string;
  timeline: Timeline;
  live: boolean;
  paused?: boolean;
  notRecorded?: number;
  /** Dropped before the file was exported (a file only). */
  droppedBefore?: number;
  onDidChange?(listener: () => void): IDisposable;
  setPaused?(paused: boolean): void;
  clear(): void;
  /** The session as JSON lines (live views). */
  exportText?(): string;
  /** Called when the tab closes. */
  dispose(): void;
}

/** What the page is sent; the host tests read the same through the test hooks. */
export interface PanelState {
  type: 'state';
  live: boolean;
  paused: boolean;
  counts: string;
  notes: string[];
  rows: Row[];
}

export class ProtocolPanel implements vscode.Disposable {
  private filter = '';
  private readonly disposables: vscode.Disposable[] = [];
  private readonly closedEmitter = new vscode.EventEmitter<void>();
  readonly onDidClose = this.closedEmitter.event;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly source: ProtocolSource,
    media: vscode.Uri,
    private readonly documents: JsonDocuments,
    private readonly answers: UserAnswers,
  ) {
    panel.webview.html = protocolPageHtml(panel.webview, media, protocolPageLabels(source.live));
    const changes = source.onDidChange?.(() => this.post());
    this.disposables.push(
      panel.webview.onDidReceiveMessage((m: { type: string; text?: string; seq?: number }) => void this.handle(m)),
      panel.onDidDispose(() => this.dispose()),
      ...(changes ? [changes] : []),
    );
  }

  state(): PanelState {
    const { timeline, live } = this.source;
    const view = rowsOf(timeline, this.filter);
    const notes: string[] = [];
    const dropped = view.dropped + (this.source.droppedBefore ?? 0);
    if (dropped) notes.push(vscode.l10n.t('{0} older entries dropped (the view keeps the newest {1}).', dropped.toLocaleString('en-US'), timeline.cap.toLocaleString('en-US')));
    if (live && this.source.notRecorded) notes.push(vscode.l10n.t('{0} messages passed while the view was closed or paused; they were counted, not recorded.', this.source.notRecorded.toLocaleString('en-US')));
    if (view.matching > view.rows.length) notes.push(vscode.l10n.t('Showing the last {0} of {1} matching entries.', view.rows.length, view.matching));
    const counts = this.filter.trim() ? vscode.l10n.t('{0} of {1} entries', view.matching, view.total) : vscode.l10n.t('{0} entries', view.total);
    return { type: 'state', live, paused: !!this.source.paused, counts, notes, rows: view.rows };
  }

  /** The page's actions; the host tests call the same. */
  async handle(message: { type: string; text?: string; seq?: number }): Promise<unknown> {
    switch (message.type) {
      case 'ready':
        break;
      case 'filter':
        this.filter = message.text ?? '';
        break;
      case 'pause':
      case 'resume':
        this.source.setPaused?.(message.type === 'pause');
        break;
      case 'clear':
        this.source.clear();
        break;
      case 'export':
        return this.export();
      case 'open':
        return this.open(message.seq);
    }
    this.post();
    return undefined;
  }

  private post(): void {
    void this.panel.webview.postMessage(this.state());
  }

  private async open(seq: number | undefined): Promise<vscode.Uri | undefined> {
    const entry = this.source.timeline.entries().find((e) => e.seq === seq);
    if (!entry) return undefined;
    const title = `${entry.method ?? entry.kind}${entry.id !== undefined ? ` #${entry.id}` : ''}`;
    return this.documents.show(entryDocument(entry), this.source.server, title);
  }

  private async export(): Promise<string | undefined> {
    const text = this.source.exportText?.();
    if (text === undefined) return undefined;
    const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const suggested = folder ? vscode.Uri.joinPath(folder, `${this.source.server}-${stamp}.mcp-protocol.jsonl`) : undefined;
    const target = await this.answers.decide<string | undefined>({ kind: 'protocol.exportPath', server: this.source.server }, async () => {
      const uri = await vscode.window.showSaveDialog({ defaultUri: suggested, filters: { [vscode.l10n.t('MCP protocol log')]: ['jsonl'] }, title: vscode.l10n.t('Export the protocol of {0}', this.source.server) });
      return uri?.toString();
    });
    if (!target) return undefined;
    await vscode.workspace.fs.writeFile(vscode.Uri.parse(target), new TextEncoder().encode(text));
    return target;
  }

  private disposed = false;

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.source.dispose();
    this.closedEmitter.fire();
    this.closedEmitter.dispose();
    this.panel.dispose();
  }
}
