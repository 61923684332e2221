// "Edit Stored Input…" and "Clear Stored Inputs…": the only ways a stored `${input:…}` value changes.
// Servers that use a changed input restart, so they pick up the new value.
import * as vscode from 'vscode';
import type { SessionManager } from '../mcp/sessionManager';
import { inputReferences, type InputDefinition } from './inputDefinitions';
import { transportStrings, type InputHost, type InputResolver } from './inputResolver';

export function registerInputCommands(
  resolver: InputResolver,
  host: InputHost,
  definitions: () => readonly InputDefinition[],
  sessions: () => SessionManager,
): vscode.Disposable[] {
  const usersOf = (id: string) =>
    sessions()
      .entries()
      .filter((e) => e.session && transportStrings(e.session.definition.transport).some((v) => inputReferences(v).includes(id)));
  // Running servers pick up the new value by restarting; stopped ones get it when they start.
  const restartUsers = async (id: string) => {
    for (const entry of usersOf(id)) if (entry.session!.state.kind !== 'stopped') await sessions().restart(entry.name);
  };
  return [
    vscode.commands.registerCommand('mcpClient.inputs.edit', async (id?: string) => {
      const all = definitions();
      if (all.length === 0) return void vscode.window.showInformationMessage('MCP Client: no input is defined in the mcpClient.inputs setting.');
      const stored = await resolver.storedIds();
      const input =
        all.find((d) => d.id === id) ??
        (
          await vscode.window.showQuickPick(
            all.map((d) => ({ label: d.id, description: d.description, detail: stored.includes(d.id) ? 'value stored' : 'no value stored yet', d })),
            { placeHolder: 'Input to edit' },
          )
        )?.d;
      if (!input) return;
      const users = usersOf(input.id).map((e) => `'${e.name}'`);
      const value = await host.ask(input, users.length ? `MCP server${users.length > 1 ? 's' : ''} ${users.join(', ')}` : 'MCP Client');
      if (value === undefined) return;
      await resolver.set(input.id, value);
      await restartUsers(input.id);
    }),
    vscode.commands.registerCommand('mcpClient.inputs.clear', async () => {
      const stored = await resolver.storedIds();
      if (stored.length === 0) return void vscode.window.showInformationMessage('MCP Client: no input value is stored.');
      const picked = await vscode.window.showQuickPick(
        stored.map((id) => ({ label: id, description: definitions().find((d) => d.id === id)?.description, picked: true })),
        { canPickMany: true, placeHolder: 'Stored inputs to forget (servers ask again the next time they start)' },
      );
      if (!picked || picked.length === 0) return;
      for (const item of picked) await resolver.clear(item.label);
      void vscode.window.showInformationMessage(`MCP Client: forgot ${picked.length} stored input${picked.length === 1 ? '' : 's'}.`);
    }),
  ];
}
