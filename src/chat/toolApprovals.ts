// Which tool calls run without asking: tools the user allowed for this window's session, and the
// `mcpClient.tools.autoApprove` setting ("server/tool" or "server/*"), which "Always Allow" extends.
// Everything else is confirmed call by call (toolConfirmation.ts). Only the user's own settings count:
// a repository's workspace settings cannot pre-approve tools.
import * as vscode from 'vscode';
import { SettingKeys } from '../common/settingKeys';

export class ToolApprovals {
  private readonly session = new Set<string>();

  isApproved(server: string, tool: string): boolean {
    if (this.session.has(`${server}/${tool}`)) return true;
    const always = vscode.workspace.getConfiguration().inspect<string[]>(SettingKeys.toolsAutoApprove)?.globalValue ?? [];
    return always.includes(`${server}/${tool}`) || always.includes(`${server}/*`);
  }

  allowForSession(server: string, tool: string): void {
    this.session.add(`${server}/${tool}`);
  }

  /** Written to the user settings: a standing permission belongs to the user, not to a repository. */
  async allowAlways(server: string, tool: string): Promise<void> {
    const config = vscode.workspace.getConfiguration();
    const current = config.inspect<string[]>(SettingKeys.toolsAutoApprove)?.globalValue ?? [];
    if (!current.includes(`${server}/${tool}`)) await config.update(SettingKeys.toolsAutoApprove, [...current, `${server}/${tool}`], vscode.ConfigurationTarget.Global);
  }
}
