// "Diagnose Server…" (Servers view, palette, and every start-failure notification): the checks of a
// start, one by one, into a read-only Markdown report where each failed step says what to do. Nothing of
// a server runs before the same trust and consent check a start makes (SessionManager.mayStart), and
// the report is masked with the `${input:…}` values the diagnosis used, as the session's logs are.
import * as vscode from 'vscode';
import { CommandIds } from '../../common/commandIds';
import { ResultDocuments } from '../../common/resultDocuments';
import { showError } from '../../common/userMessages';
import { maskSecrets, redactUrl } from '../../mcp/redact';
import { describeTransport, type ServerDefinition } from '../../mcp/serverDefinition';
import type { ServerEntry, SessionManager } from '../../mcp/sessionManager';
import { pickServer } from '../../servers/serverCommands';
import { envFileStep } from './envFileCheck';
import { diagnoseHttp } from './httpChecks';
import { maskDeep } from '../maskDeep';
import { renderReport, type Step } from './report';
import { diagnoseStdio } from './stdioChecks';

/** What a start prepares that the doctor needs too: the `${input:…}` values (asked for when missing). */
export type ResolveInputs = (definition: ServerDefinition) => Promise<{ definition: ServerDefinition; secrets: readonly string[] }>;

export interface Diagnosis {
  server: string;
  steps: Step[];
  markdown: string;
  document?: string;
}

export function registerDoctor(sessions: SessionManager, resolveInputs: ResolveInputs): vscode.Disposable[] {
  const documents = new ResultDocuments({
    scheme: 'mcp-client-diagnosis',
    readonlyNotice: vscode.l10n.t('A diagnosis is read-only; run Diagnose Server… again for a new one.'),
    expired: vscode.l10n.t('This diagnosis is no longer kept; run Diagnose Server… again.'),
  });
  const command = vscode.commands.registerCommand(CommandIds.diagnoseServer, async (arg?: ServerEntry | string) => {
    const name = typeof arg === 'string' ? arg : (arg?.name ?? (await pickServer(sessions, vscode.l10n.t('Server to diagnose'))));
    if (!name) return undefined;
    if (!sessions.entries().some((e) => e.name === name)) {
      void showError(vscode.l10n.t("there is no server named '{0}'.", name));
      return undefined;
    }
    const diagnosis = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t("MCP: diagnosing '{0}'…", name) }, () => diagnose(sessions, resolveInputs, name));
    const uri = await documents.show(diagnosis.markdown, name, 'diagnosis');
    return { ...diagnosis, document: uri.toString() };
  });
  return [documents, command];
}

async function diagnose(sessions: SessionManager, resolveInputs: ResolveInputs, name: string): Promise<Diagnosis> {
  const entry = sessions.entries().find((e) => e.name === name)!;
  const steps: Step[] = [];
  const summary: string[] = [];
  const finish = (secrets: readonly string[] = []): Diagnosis => {
    // Masked as data, before rendering: Markdown escaping would hide a secret from a mask of the rendered text.
    const mask = (text: string) => maskSecrets(text, secrets);
    const masked = maskDeep({ summary, steps }, mask) as { summary: string[]; steps: Step[] };
    // Times are ours: a short secret that equals a number must not turn a duration into "***".
    const maskedSteps = masked.steps.map((step, i) => ({ ...step, ms: steps[i]!.ms }));
    return { server: name, steps: maskedSteps, markdown: renderReport(name, masked.summary, maskedSteps, new Date()) };
  };
  if (entry.configError || !entry.session) {
    steps.push({ title: 'The settings', status: 'fail', details: [entry.configError ?? vscode.l10n.t('The server has no valid definition.')], fix: vscode.l10n.t('Fix the entry in mcpClient.servers (MCP Client: Open Settings).') });
    return finish();
  }
  const definition = entry.session.definition;
  summary.push(`${definition.scope} settings · ${describeTransport(definition.transport)}`, `State now: ${entry.session.state.kind}`);
  // The same gate as a start: settings that hold it back, Workspace Trust, and the user's consent (asked now if not given).
  const started = performance.now();
  const verdict = await sessions.mayStart(name, true);
  steps.push(
    verdict === true
      ? { title: 'Trust and consent', status: 'ok', details: [definition.scope === 'user' ? 'A user-settings server: it runs without asking.' : 'The workspace is trusted and this server is allowed to run.'], ms: performance.now() - started }
      : { title: 'Trust and consent', status: 'fail', details: [verdict, 'Nothing of the server was run or read.'], fix: 'Trust the workspace and start the server once, choosing Allow; then diagnose it again.', ms: performance.now() - started },
  );
  if (verdict !== true) return finish();
  let resolved: { definition: ServerDefinition; secrets: readonly string[] };
  try {
    resolved = await resolveInputs(definition);
  } catch (error) {
    steps.push({ title: 'Inputs (${input:…})', status: 'fail', details: [(error as Error).message], fix: 'Enter the value when asked (MCP Client: Edit Stored Input…).' });
    return finish();
  }
  const transport = resolved.definition.transport;
  if (transport.type === 'stdio') {
    const envFile = envFileSetting(name, definition.scope);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    steps.push(...(await diagnoseStdio(resolved.definition, transport, envFile ? await envFileStep(envFile, undefined, folder) : undefined)));
  } else {
    const http = vscode.workspace.getConfiguration('http').get<string>('proxy') || undefined;
    const env = Object.fromEntries(['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'ALL_PROXY', 'NO_PROXY', 'no_proxy'].map((k) => [k, process.env[k]]));
    summary.push(`URL: ${redactUrl(transport.url)}`);
    steps.push(...(await diagnoseHttp(resolved.definition, transport, { vscodeProxy: http, env })));
  }
  return finish(resolved.secrets);
}

/** The `envFile` of the server's entry in the settings of its scope, as written. */
function envFileSetting(name: string, scope: ServerDefinition['scope']): string | undefined {
  const inspected = vscode.workspace.getConfiguration('mcpClient').inspect<Record<string, { envFile?: unknown }>>('servers');
  const value = scope === 'user' ? inspected?.globalValue : scope === 'workspace' ? inspected?.workspaceValue : inspected?.workspaceFolderValue;
  const envFile = value?.[name]?.envFile;
  return typeof envFile === 'string' ? envFile : undefined;
}
