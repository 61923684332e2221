// "Save as Test": a tool call from the history (or the result document it opened) becomes a saved call in
// a `*.mcp-tests.json` file, with its result as the snapshot and whether it was an error as the first
// expectation. The file is edited as a document (jsonc-parser's edits keep its comments and layout) and
// saved; the new test is revealed.
import { applyEdits, modify, parse } from 'jsonc-parser';
import * as vscode from 'vscode';
import type { UserAnswers } from '../../common/userAnswers';
import { showError, showInfo } from '../../common/userMessages';
import type { ToolCatalog } from '../../tools/toolCatalog';
import type { CallHistory, HistoryEntry } from '../history/callHistory';
import { describeEntry } from '../history/historyTree';
import { snapshotOf } from './expectations';
import type { SnapshotStore } from './snapshotStore';
import { parseTestFile, TEST_FILE_GLOB, TEST_FILE_SUFFIX } from './testFile';

const NEW_FILE = '(new file)';

export async function saveAsTest(arg: unknown, history: CallHistory, catalog: ToolCatalog, snapshots: SnapshotStore, answers: UserAnswers): Promise<{ file: string; name: string } | undefined> {
  const entry = await entryFor(arg, history, answers);
  if (!entry) return undefined;
  if (!('result' in entry.outcome) && !('tooLarge' in entry.outcome)) {
    void showError(vscode.l10n.t("the call of '{0}' has no result to save as a test (it failed or was cancelled); run it again first.", entry.name));
    return undefined;
  }
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) {
    void showError(vscode.l10n.t('saved calls live in a workspace file: open a folder first.'));
    return undefined;
  }
  const existing = await vscode.workspace.findFiles(TEST_FILE_GLOB, '**/node_modules/**');
  const chosen = await answers.decide<string | undefined>({ kind: 'tests.saveTarget', files: existing.map((u) => vscode.workspace.asRelativePath(u)) }, async () => {
    if (!existing.length) return NEW_FILE;
    const items = [...existing.map((u) => ({ label: vscode.workspace.asRelativePath(u), value: u.toString() })), { label: `$(new-file) ${vscode.l10n.t('New file…')}`, value: NEW_FILE }];
    return (await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Save the call as a test in…') }))?.value;
  });
  if (!chosen) return undefined;
  const file = chosen === NEW_FILE ? vscode.Uri.joinPath(folder.uri, 'mcp-tests', `${entry.server.replace(/[^\w.-]+/g, '-')}${TEST_FILE_SUFFIX}`) : vscode.Uri.parse(chosen);
  const text = await readText(file);
  const names = new Set(text === undefined ? [] : parseTestFile(text).tests.map((t) => t.name));
  let suggested = entry.name;
  for (let n = 2; names.has(suggested); n++) suggested = `${entry.name} ${n}`;
  const name = await answers.decide<string | undefined>({ kind: 'tests.name', suggested }, () =>
    vscode.window.showInputBox({ title: vscode.l10n.t('Name of the test'), value: suggested, validateInput: (v) => (!v.trim() ? vscode.l10n.t('A test needs a name.') : names.has(v) ? vscode.l10n.t('The file already has a test named "{0}".', v) : undefined) }),
  );
  if (!name) return undefined;
  await catalog.load();
  const tool = catalog.find(entry.server, entry.name);
  const result = 'result' in entry.outcome ? (entry.outcome.result as Parameters<typeof snapshotOf>[0]) : undefined;
  const isError = 'isError' in entry.outcome && !!entry.outcome.isError;
  const fileServer = text === undefined ? entry.server : parseServer(text);
  const test = {
    name,
    ...(fileServer !== entry.server && { server: entry.server }),
    tool: entry.name,
    arguments: entry.arguments ?? {},
    expect: { isError, ...(tool?.outputSchema && !isError && { matchesOutputSchema: true }), snapshot: true },
  };
  const next = text === undefined ? `${JSON.stringify({ server: entry.server, tests: [test] }, null, 2)}\n` : applyEdits(text, modify(text, ['tests', -1], test, { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(next));
  if (result) await snapshots.write(file, name, snapshotOf(result));
  const document = await vscode.workspace.openTextDocument(file);
  const offset = next.lastIndexOf(JSON.stringify(name));
  const at = document.positionAt(Math.max(0, offset));
  await vscode.window.showTextDocument(document, { selection: new vscode.Range(at, at), preview: false });
  void showInfo(vscode.l10n.t('saved "{0}" in {1}; it runs in the Test Explorer.', name, vscode.workspace.asRelativePath(file)));
  return { file: file.toString(), name };
}

/** The history entry of `arg`: an entry, a result document's URI, the active result document, or one picked. */
async function entryFor(arg: unknown, history: CallHistory, answers: UserAnswers): Promise<HistoryEntry | undefined> {
  const tools = () => history.entries().filter((e) => e.kind === 'tool');
  if (arg && typeof arg === 'object' && 'id' in arg) return history.get((arg as HistoryEntry).id);
  const document = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  const found = document && history.findByDocument(document.toString());
  if (found) return found;
  if (!tools().length) {
    void showInfo(vscode.l10n.t('no tool call to save yet: call a tool with "MCP Client: Call Tool…" first.'));
    return undefined;
  }
  const id = await answers.decide<string | undefined>({ kind: 'tests.pickCall', calls: tools().map((e) => `${e.server}/${e.name}`) }, async () => {
    const items = tools().map((e) => ({ label: e.name, description: describeEntry(e), id: e.id }));
    return (await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Save which call as a test?') }))?.id;
  });
  return id ? history.get(id) : undefined;
}

async function readText(file: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === file.toString());
  if (open) {
    if (open.isDirty) await open.save();
    return open.getText();
  }
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
  } catch {
    return undefined;
  }
}

function parseServer(text: string): string | undefined {
  const value = parse(text, [], { allowTrailingComma: true }) as { server?: unknown } | undefined;
  return typeof value?.server === 'string' ? value.server : undefined;
}
