// Issue 16, item 2: the JSON document of Call Tool… for a nested schema (the tools fixture's create_event:
// title, date, attendees[{ email }]), in the real editor: a skeleton with one attendee and its required
// field, the tool's schema as the document's JSON schema (VS Code's JSON support reports what breaks it
// while the user types), Send and Cancel as a CodeLens and title actions that do not go away, and no
// document left behind (nothing dirty, no Untitled editor) whether the call is sent or cancelled.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { until } from '../../shared/until';
import { hostSuite, type ToolOutcome } from '../helpers';
import { ui } from '../uiDriver';

const SCHEME = 'mcp-tool-arguments';
const root = join(__dirname, '..', '..', '..', '..');

async function openArguments(): Promise<{ outcome: Thenable<ToolOutcome | undefined>; document: vscode.TextDocument }> {
  const outcome = vscode.commands.executeCommand<ToolOutcome>('mcpClient.tools.call', { server: 'tools', tool: 'create_event' });
  const editor = await until('the arguments document', () => vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === SCHEME));
  return { outcome, document: editor.document };
}

function leftovers(): string[] {
  const dirty = vscode.workspace.textDocuments.filter((d) => d.isDirty || d.uri.scheme === 'untitled').map((d) => `${d.uri.toString()} (dirty: ${d.isDirty})`);
  const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText && [SCHEME, 'untitled'].includes(t.input.uri.scheme)).map((t) => t.label);
  return [...dirty, ...tabs];
}

describe('Tool arguments document', () => {
  hostSuite({ server: 'tools', tools: ['create_event'] });

  it('is pre-filled from the schema, array items included, and shows schema errors as the user types', async () => {
    const { outcome, document } = await openArguments();
    assert.equal(document.languageId, 'json');
    assert.equal(document.uri.path.endsWith('/create_event.json'), true, document.uri.toString());
    const value = JSON.parse(document.getText()) as Record<string, unknown>;
    assert.match(String(value.$schema), /^mcp-tool-arguments:\/tools\/create_event\.schema\.json\?\d+$/);
    assert.deepEqual({ ...value, $schema: undefined }, { $schema: undefined, title: '', date: '', attendees: [{ email: '' }] });

    // The skeleton's empty title breaks minLength 1: VS Code's JSON support says so in the document.
    const titleProblem = await until('a schema diagnostic on "title"', () =>
      vscode.languages.getDiagnostics(document.uri).find((d) => document.getText(d.range).includes('""') && d.range.start.line === 2),
    );
    assert.ok(titleProblem.message.length > 0);
    // An attendee without email, as the user might type it: the missing required field is reported too.
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), `{\n${document.lineAt(1).text}\n  "title": "",\n  "date": "2025-06-01",\n  "attendees": [{ "name": "Ada" }]\n}\n`);
    await vscode.workspace.applyEdit(edit);
    await until('a diagnostic about the missing email', () => vscode.languages.getDiagnostics(document.uri).some((d) => /email/i.test(d.message)));

    const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)) ?? [];
    assert.deepEqual(lenses.map((l) => l.command?.command).sort(), ['mcpClient.tools.cancelArguments', 'mcpClient.tools.sendArguments']);
    assert.match(lenses.find((l) => l.command?.command === 'mcpClient.tools.sendArguments')!.command!.title, /Send to create_event \(tools\)/);
    if (process.env.MCP_CLIENT_SCREENSHOTS) await ui.screenshot(join(root, 'docs', 'images', 'tool-arguments.png'));

    await vscode.commands.executeCommand('mcpClient.tools.cancelArguments', document.uri);
    assert.deepEqual(await outcome, { cancelled: true });
    assert.deepEqual(leftovers(), [], 'nothing left open or dirty');
  });

  it('sends the edited arguments with the title action and leaves no document behind', async () => {
    const { outcome, document } = await openArguments();
    const edit = new vscode.WorkspaceEdit();
    const schemaLine = document.lineAt(1).text;
    edit.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), `{\n${schemaLine}\n  "title": "Launch", "date": "2025-06-01", "attendees": [{ "email": "ada@example.com" }]\n}\n`);
    await vscode.workspace.applyEdit(edit);
    assert.equal(document.isDirty, true, 'edited, not saved');
    // As the title action does: the command with the active editor's document.
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('mcpClient.tools.sendArguments');
    const sent = await outcome;
    assert.match(sent?.markdown ?? '', /created Launch/);
    assert.deepEqual(leftovers(), [], 'nothing left open or dirty');
  });
});
