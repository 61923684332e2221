// Wires sampling into the extension: the client capability every connection installs (a server may ask
// for a model completion), the service that answers with the user's approval, the per-server log, and
// its command, Show Sampling Log….
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import type { UserAnswers } from '../common/userAnswers';
import { ResultDocuments } from '../common/resultDocuments';
import { showInfo } from '../common/userMessages';
import { SamplingCapability } from './samplingCapability';
import { SamplingLog } from './samplingLog';
import { SamplingService } from './samplingService';
import { l10n } from '../common/shownL10n';
import { pickOne } from '../common/shownUi';
import { shownLine } from '../common/serverText';

export function registerSampling(answers: UserAnswers, globalState: vscode.Memento): { capability: SamplingCapability; disposables: vscode.Disposable[] } {
  const log = new SamplingLog();
  // The full text of a request the approval dialog had to shorten: read-only, inert (code blocks).
  const requests = new ResultDocuments({
    scheme: 'mcp-client-sampling-request',
    readonlyNotice: vscode.l10n.t('A sampling request is shown as the server sent it; it cannot be edited.'),
    expired: vscode.l10n.t('This request is no longer kept.'),
  });
  const capability = new SamplingCapability(new SamplingService(answers, log, globalState, (markdown, server) => requests.show(markdown, server, 'request')));
  return {
    capability,
    disposables: [
      log,
      requests,
      vscode.commands.registerCommand(CommandIds.showSamplingLog, async (server?: string) => {
        const servers = log.servers();
        const name = server ?? (servers.length === 1 ? servers[0] : (await pickOne(servers.map((s) => ({ label: shownLine(s), name: s })), { title: l10n.t('Sampling log of which server?') }))?.name);
        if (!name) {
          if (servers.length === 0) void showInfo(l10n.t('no server has asked for a model completion in this window.'));
          return undefined;
        }
        const document = await vscode.workspace.openTextDocument(log.uri(name));
        await vscode.languages.setTextDocumentLanguage(document, 'markdown');
        await vscode.window.showTextDocument(document, { preview: false });
        return log.list(name).map((e) => ({ ...e, time: e.time.toISOString() }));
      }),
    ],
  };
}
