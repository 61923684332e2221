// Where ToolApprovals keeps standing approvals in VS Code: the user's `mcpClient.tools.autoApprove`
// (global value only: a repository cannot pre-approve tools) and the extension's global state.
import * as vscode from 'vscode';
import { SettingKeys } from '../common/settingKeys';
import type { ApprovalStores } from './toolApprovals';

export function toolApprovalStores(state: vscode.Memento): ApprovalStores {
  return {
    userList: () => vscode.workspace.getConfiguration().inspect<string[]>(SettingKeys.toolsAutoApprove)?.globalValue ?? [],
    setUserList: async (list) => vscode.workspace.getConfiguration().update(SettingKeys.toolsAutoApprove, list, vscode.ConfigurationTarget.Global),
    state,
  };
}
