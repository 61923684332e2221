// Wires `${input:…}` into the extension: the values asked once and kept in SecretStorage (inputResolver),
// the questions (vscodeInputHost), the setting read where it is used, its unusable entries reported once
// per message like other settings errors, and the Edit / Clear Stored Inputs commands.
import * as vscode from 'vscode';
import { SettingKeys } from '../common/settingKeys';
import { showError } from '../common/userMessages';
import type { ServerDefinition } from '../mcp/serverDefinition';
import type { SessionManager } from '../mcp/sessionManager';
import { registerInputCommands } from './inputCommands';
import { mergeInputDefinitions, parseInputDefinitions, type ParsedInputs } from './inputDefinitions';
import { InputResolver, type ResolvedInputs } from './inputResolver';
import { VscodeInputHost } from './vscodeInputHost';
import { shownArg } from '../common/serverText';

export interface Inputs {
  /** The definition with every `${input:…}` filled in (asking the user where no value is stored yet). */
  resolve(definition: ServerDefinition): Promise<ResolvedInputs>;
  /** The stored values themselves, for features that store or read them (registry installs and headers). */
  resolver: InputResolver;
  disposables: vscode.Disposable[];
}

/** `mcpClient.inputs` of user and workspace settings together, with the entries that cannot be used reported. */
function readInputDefinitions(): ParsedInputs {
  const inspected = vscode.workspace.getConfiguration().inspect<unknown>(SettingKeys.inputs);
  return mergeInputDefinitions([inspected?.globalValue, inspected?.workspaceValue].map(parseInputDefinitions));
}

export function registerInputs(secrets: vscode.SecretStorage, sessions: () => SessionManager): Inputs {
  const host = new VscodeInputHost();
  const definitions = () => readInputDefinitions().inputs;
  const resolver = new InputResolver(secrets, host, definitions);
  const reported = new Set<string>();
  return {
    resolver,
    resolve(definition) {
      for (const error of readInputDefinitions().errors) {
        if (reported.has(error)) continue;
        reported.add(error);
        void showError(shownArg(error));
      }
      return resolver.resolve(definition);
    },
    disposables: registerInputCommands(resolver, host, definitions, sessions),
  };
}
