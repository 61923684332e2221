// The server author's workbench, wired once (issue 26): the Protocol view with its recorders (one tap per
// session, handed to createSession), the call history, saved calls as tests in the Test Explorer, and the
// connection doctor. contributions.ts calls this and passes `tapFor` into every session it creates.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import type { UserAnswers } from '../common/userAnswers';
import type { ProtocolTap } from '../mcp/protocolTap';
import type { ServerEntry, SessionManager } from '../mcp/sessionManager';
import { pickServer } from '../servers/serverCommands';
import type { ToolCatalog } from '../tools/toolCatalog';
import { registerDoctor, type PrepareDiagnosis } from './doctor/registerDoctor';
import { registerHistory } from './history/registerHistory';
import { JsonDocuments } from './jsonDocuments';
import { ProtocolRecorders } from './protocol/protocolRecorder';
import { ProtocolViews } from './protocol/protocolViews';
import { registerTests } from './tests/registerTests';

export interface WorkbenchDeps {
  context: vscode.ExtensionContext;
  sessions: SessionManager;
  answers: UserAnswers;
  catalog: ToolCatalog;
  /** Dev mode restarted a server after a file change. */
  devRestarted: vscode.Event<string>;
  /** A start's consent check of the loaded definition and its inputs, for the doctor. */
  prepareDiagnosis: PrepareDiagnosis;
}

export interface Workbench {
  /** The Protocol view's tap for a server's session (SessionOptions.tap). */
  tapFor(server: string): ProtocolTap;
  protocol: ProtocolViews;
  history: ReturnType<typeof registerHistory>;
  tests: ReturnType<typeof registerTests>['tests'];
  disposables: vscode.Disposable[];
}

export function registerWorkbench(deps: WorkbenchDeps): Workbench {
  const { context, sessions, answers } = deps;
  const recorders = new ProtocolRecorders();
  const documents = new JsonDocuments();
  const protocol = new ProtocolViews(recorders, vscode.Uri.joinPath(context.extensionUri, 'media'), documents, answers);
  const history = registerHistory(context.workspaceState, sessions, documents);
  const tests = registerTests(sessions, deps.catalog, history.history, answers, deps.devRestarted);
  const command = vscode.commands.registerCommand;
  return {
    tapFor: (server) => recorders.get(server),
    protocol,
    history,
    tests: tests.tests,
    disposables: [
      recorders,
      documents,
      protocol,
      ...history.disposables,
      ...tests.disposables,
      ...registerDoctor(sessions, deps.prepareDiagnosis),
      command(CommandIds.showProtocol, async (arg?: ServerEntry | string) => {
        const name = typeof arg === 'string' ? arg : (arg?.name ?? (await pickServer(sessions, vscode.l10n.t('Server whose protocol to show'))));
        return name ? protocol.show(name).source.title : undefined;
      }),
      command(CommandIds.openProtocolLog, async (uri?: vscode.Uri) => (await protocol.open(uri))?.source.title),
    ],
  };
}
