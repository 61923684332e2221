// Read-only hooks for the extension-host tests: what the prompt picker and an argument step would
// show, built by the same functions the quick picks use, from the extension's own catalog and
// sessions. Quick picks cannot be driven from inside the extension host; their content can.
import * as vscode from 'vscode';
import { argumentItems } from './argumentPicker';
import { buildPickerRows } from './pickerRows';
import type { PromptServices } from './promptFlow';
import { toItem } from './promptPicker';
import { completeArgument } from './suggestions';

export interface RenderedItem {
  separator: boolean;
  label: string;
  description?: string;
  detail?: string;
}

const plain = (item: vscode.QuickPickItem): RenderedItem => ({
  separator: item.kind === vscode.QuickPickItemKind.Separator,
  label: item.label,
  ...(item.description !== undefined ? { description: item.description } : {}),
  ...(item.detail !== undefined ? { detail: item.detail } : {}),
});

export function registerPromptTestCommands(services: PromptServices): vscode.Disposable[] {
  return [
    // The picker's rows once every server has started and listed its prompts (what a user sees when it settles).
    vscode.commands.registerCommand('mcpClient.test.promptPickerItems', async (onlyServer?: string) => {
      await services.catalog.startStopped((name) => services.startServer(name), onlyServer);
      await services.catalog.load({ refresh: true });
      return buildPickerRows(services.catalog.servers(), services.recents.list(), onlyServer).map(toItem).map(plain);
    }),
    // An argument step's rows for a typed value, with the other arguments filled so far as context.
    vscode.commands.registerCommand(
      'mcpClient.test.argumentItems',
      async (server: string, prompt: string, argument: string, value: string, filled: Record<string, string> = {}) => {
        await services.catalog.load();
        const declared = services.catalog.find(server, prompt)?.arguments?.find((a) => a.name === argument);
        const session = services.sessions.get(server);
        if (!declared || !session) throw new Error(`unknown prompt argument ${server}/${prompt} ${argument}`);
        const suggestions = await completeArgument(session, prompt, argument, value, filled);
        return argumentItems(value, declared.required === true, undefined, suggestions, [], server).map(plain);
      },
    ),
  ];
}
