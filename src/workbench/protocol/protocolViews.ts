// Every Protocol view of the window: one live tab per server (its recorder records while the tab is
// open), and tabs of exported files opened again. "Show Protocol" on a server opens or reveals its tab;
// "Open Protocol Log…" reads an exported file into a tab of its own.
import * as vscode from 'vscode';
import type { UserAnswers } from '../../common/userAnswers';
import { showError, showWarning } from '../../common/userMessages';
import type { JsonDocuments } from '../jsonDocuments';
import { ProtocolPanel, PROTOCOL_PANEL_TYPE, type ProtocolSource } from './protocolPanel';
import { exportProtocolLog, importProtocolLog, MAX_LOG_BYTES } from './protocolLog';
import type { ProtocolRecorder, ProtocolRecorders } from './protocolRecorder';

export class ProtocolViews implements vscode.Disposable {
  private readonly live = new Map<string, ProtocolPanel>();
  private readonly files = new Set<ProtocolPanel>();

  constructor(
    private readonly recorders: ProtocolRecorders,
    private readonly media: vscode.Uri,
    private readonly documents: JsonDocuments,
    private readonly answers: UserAnswers,
  ) {}

  /** Every open view, live ones first (the host tests read their state). */
  panels(): ProtocolPanel[] {
    return [...this.live.values(), ...this.files];
  }

  show(server: string): ProtocolPanel {
    const existing = this.live.get(server);
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    const recorder = this.recorders.get(server);
    const panel = new ProtocolPanel(this.createPanel(vscode.l10n.t('Protocol: {0}', server)), liveSource(recorder), this.media, this.documents, this.answers);
    this.live.set(server, panel);
    panel.onDidClose(() => this.live.get(server) === panel && this.live.delete(server));
    return panel;
  }

  /** Opens an exported file (asks which when `target` is not given); undefined when none was opened. */
  async open(target?: vscode.Uri): Promise<ProtocolPanel | undefined> {
    const chosen = target?.toString() ?? (await this.answers.decide<string | undefined>({ kind: 'protocol.openPath' }, async () => {
      const picked = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { [vscode.l10n.t('MCP protocol log')]: ['jsonl'] }, title: vscode.l10n.t('Open an exported MCP protocol log') });
      return picked?.[0]?.toString();
    }));
    if (!chosen) return undefined;
    const uri = vscode.Uri.parse(chosen);
    const name = uri.path.split('/').pop() ?? uri.path;
    try {
      const { size } = await vscode.workspace.fs.stat(uri);
      if (size > MAX_LOG_BYTES) throw new Error(vscode.l10n.t('it is larger than {0} MB', MAX_LOG_BYTES / 1024 / 1024));
      const { header, timeline, badLines } = importProtocolLog(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
      if (badLines) void showWarning(vscode.l10n.t('{0}: {1} lines were not recorded events and were skipped.', name, badLines));
      const source: ProtocolSource = {
        server: header.server,
        title: vscode.l10n.t('Protocol: {0} ({1})', header.server, name),
        timeline,
        live: false,
        droppedBefore: header.dropped,
        clear: () => timeline.clear(),
        dispose: () => undefined,
      };
      const panel = new ProtocolPanel(this.createPanel(source.title), source, this.media, this.documents, this.answers);
      this.files.add(panel);
      panel.onDidClose(() => this.files.delete(panel));
      return panel;
    } catch (error) {
      void showError(vscode.l10n.t('cannot open {0} as a protocol log: {1}.', name, (error as Error).message));
      return undefined;
    }
  }

  private createPanel(title: string): vscode.WebviewPanel {
    return vscode.window.createWebviewPanel(PROTOCOL_PANEL_TYPE, title, vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [this.media],
      enableFindWidget: true,
    });
  }

  dispose(): void {
    for (const panel of this.panels()) panel.dispose();
  }
}

/** A server's recorder as a view's source: watching it (so it records) for as long as the tab is open. */
function liveSource(recorder: ProtocolRecorder): ProtocolSource {
  const unwatch = recorder.watch();
  return {
    server: recorder.server,
    title: recorder.server,
    timeline: recorder.timeline,
    live: true,
    get paused() {
      return recorder.paused;
    },
    get notRecorded() {
      return recorder.notRecorded;
    },
    onDidChange: (listener) => recorder.onDidChange(listener),
    setPaused: (paused) => recorder.setPaused(paused),
    clear: () => recorder.clear(),
    exportText: () =>
      exportProtocolLog({ server: recorder.server, exportedAt: new Date().toISOString(), dropped: recorder.timeline.dropped, notRecorded: recorder.notRecorded }, recorder.events()),
    dispose: unwatch,
  };
}
