// "Diagnose Server…" (Servers view, palette, and every start-failure notification): the checks of a
// start, one by one, into a read-only Markdown report where each failed step says what to do. Nothing of
// a server is read or run before the same trust and consent check a start makes (SessionManager.mayStart),
// its env file is read as a start reads it (mcp/envFile.ts), the loaded definition passes the start's own
// consent check and `${input:…}` step (`prepare`), and the report is masked with every secret of that
// start (the inputs and the definition's credentials), as the session's logs are.
import * as vscode from 'vscode';
import { CommandIds } from '../../common/commandIds';
import { ResultDocuments } from '../../common/resultDocuments';
import { showError } from '../../common/userMessages';
import { definitionSecrets } from '../../mcp/definitionSecrets';
import { loadDefinition } from '../../mcp/envFile';
import { maskSecrets, redactUrl } from '../../mcp/redact';
import { describeTransport, type LoadedDefinition, type ServerDefinition } from '../../mcp/serverDefinition';
import type { ServerEntry, SessionManager } from '../../mcp/sessionManager';
import { pickServer } from '../../servers/serverCommands';
import { diagnoseHttp } from './httpChecks';
import { maskDeep } from '../maskDeep';
import { renderReport, type Step } from './report';
import { diagnoseStdio } from './stdioChecks';

/**
 * What a start prepares that the doctor needs too: the consent check of the definition as it runs, then the
 * `${input:…}` values (asked for when missing). Throws with the reason when the start would stop there.
 */
export type PrepareDiagnosis = (definition: LoadedDefinition) => Promise<{ definition: ServerDefinition; secrets: readonly string[] }>;

export interface Diagnosis {
  server: string;
  steps: Step[];
  markdown: string;
  document?: string;
}

export function registerDoctor(sessions: SessionManager, prepare: PrepareDiagnosis): vscode.Disposable[] {
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
    const diagnosis = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t("MCP: diagnosing '{0}'…", name) }, () => diagnose(sessions, prepare, name));
    const uri = await documents.show(diagnosis.markdown, name, 'diagnosis');
    return { ...diagnosis, document: uri.toString() };
  });
  return [documents, command];
}

async function diagnose(sessions: SessionManager, prepare: PrepareDiagnosis, name: string): Promise<Diagnosis> {
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
  // The env file, read as a start reads it (a regular file, size-capped, inside the workspace for workspace servers).
  const envFile = definition.transport.type === 'stdio' ? definition.transport.envFile : undefined;
  const reading = performance.now();
  let loaded: LoadedDefinition;
  try {
    loaded = await loadDefinition(definition);
  } catch (error) {
    steps.push({ title: 'The env file', status: 'fail', details: [(error as Error).message], fix: 'Fix "envFile" in the server\'s settings: a dotenv file (NAME=value lines) of at most 1 MB, inside the workspace for a workspace server.', ms: performance.now() - reading });
    return finish();
  }
  const names = loaded.transport.type === 'stdio' ? loaded.transport.envFile?.loaded?.names : undefined;
  const envFileStep: Step | undefined = envFile
    ? { title: 'The env file', status: names?.length ? 'ok' : 'warn', details: [`"envFile": ${envFile.path} sets ${names?.length ? `${names.length} variable${names.length === 1 ? '' : 's'}: ${names.join(', ')} (values not shown)` : 'no variables'}.`], ...(!names?.length && { fix: 'Write NAME=value lines, one per variable.' }), ms: performance.now() - reading }
    : undefined;
  let resolved: { definition: ServerDefinition; secrets: readonly string[] };
  try {
    resolved = await prepare(loaded);
  } catch (error) {
    steps.push({ title: 'Consent for the definition as it runs, and inputs (${input:…})', status: 'fail', details: [(error as Error).message, 'Nothing of the server was run.'], fix: 'Start the server once (you are asked again when its definition or env file changed), or enter the input when asked (MCP Client: Edit Stored Input…).' });
    return finish(definitionSecrets(loaded));
  }
  const secrets = [...resolved.secrets, ...definitionSecrets(resolved.definition)];
  const transport = resolved.definition.transport;
  if (transport.type === 'stdio') {
    steps.push(...(await diagnoseStdio(resolved.definition, transport, envFileStep)));
  } else {
    const http = vscode.workspace.getConfiguration('http').get<string>('proxy') || undefined;
    const env = Object.fromEntries(['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'ALL_PROXY', 'NO_PROXY', 'no_proxy'].map((k) => [k, process.env[k]]));
    summary.push(`URL: ${redactUrl(transport.url)}`);
    steps.push(...(await diagnoseHttp(resolved.definition, transport, { vscodeProxy: http, env })));
  }
  return finish(secrets);
}
