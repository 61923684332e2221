// Wires `${input:…}` into the extension: the values asked once and kept in SecretStorage (inputResolver),
// the questions (vscodeInputHost), the setting read where it is used, its unusable entries reported once
// per message like other settings errors, and the Edit / Clear Stored Inputs commands.
import * as vscode from 'vscode';
import { SettingKeys } from '../common/settingKeys';
import { showError } from '../common/userMessages';
import type { ServerDefinition } from '../mcp/serverDefinition';
import type { SessionManager } from '../mcp/sessionManager';
import { registerInputCommands } from './inputCommands';
import { parseInputDefinitions, type ParsedInputs } from './inputDefinitions';
import { InputResolver, type ResolvedInputs } from './inputResolver';
import { VscodeInputHost } from './vscodeInputHost';

export interface Inputs {
  /** The definition with every `${input:…}` filled in (asking the user where no value is stored yet). */
  resolve(definition: ServerDefinition): Promise<ResolvedInputs>;
  disposables: vscode.Disposable[];
}

/** `mcpClient.inputs` (the most specific scope that sets it), with the entries that cannot be used reported. */
function readInputDefinitions(): ParsedInputs {
  return parseInputDefinitions(vscode.workspace.getConfiguration().get<unknown>(SettingKeys.inputs));
}

export function registerInputs(secrets: vscode.SecretStorage, sessions: () => SessionManager): Inputs {
  const host = new VscodeInputHost();
  const definitions = () => readInputDefinitions().inputs;
  const resolver = new InputResolver(secrets, host, definitions);
  const reported = new Set<string>();
  return {
    resolve(definition) {
      for (const error of readInputDefinitions().errors) {
        if (reported.has(error)) continue;
        reported.add(error);
        void showError(error);
      }
      return resolver.resolve(definition);
    },
    disposables: registerInputCommands(resolver, host, definitions, sessions),
  };
}
