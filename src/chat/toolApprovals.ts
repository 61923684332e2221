// Which tool calls run without asking: tools the user allowed for this window's session, and standing
// approvals. For the user's own servers those are the `mcpClient.tools.autoApprove` user setting
// ("server/tool" or "server/*"), which "Always Allow" extends; a repository's workspace settings cannot
// pre-approve tools. For workspace and folder servers they are kept in the extension's global state under
// the server's identity (trust/grantKey.ts): a workspace server that takes the name of one of the user's
// servers does not inherit its approvals. Everything else is confirmed call by call (toolConfirmation.ts).
// No `vscode` import: the settings and the state are passed in, so the policy is unit-tested.
import type { ServerDefinition } from '../mcp/serverDefinition';
import { grantKey } from '../mcp/serverIdentity';

export interface ApprovalStores {
  /** The user-settings list (`mcpClient.tools.autoApprove`, global value only). */
  userList(): readonly string[];
  setUserList(list: string[]): Promise<void>;
  /** The extension's global state (a vscode.Memento). */
  state: { get<T>(key: string): T | undefined; update(key: string, value: unknown): Thenable<void> | Promise<void> };
}

const STATE_KEY = 'mcpClient.grants.tools';

export class ToolApprovals {
  private readonly session = new Set<string>();

  constructor(private readonly stores: ApprovalStores) {}

  isApproved(server: ServerDefinition, tool: string): boolean {
    const key = grantKey(server);
    if (this.session.has(entryFor(key, tool))) return true;
    const always = server.scope === 'user' ? this.stores.userList() : (this.stores.state.get<string[]>(STATE_KEY) ?? []);
    return always.includes(entryFor(key, tool)) || always.includes(`${key}/*`);
  }

  allowForSession(server: ServerDefinition, tool: string): void {
    this.session.add(entryFor(grantKey(server), tool));
  }

  /** A user server's approval is written to the user settings; a workspace server's to global state, by identity. */
  async allowAlways(server: ServerDefinition, tool: string): Promise<void> {
    const entry = entryFor(grantKey(server), tool);
    if (server.scope === 'user') {
      const current = this.stores.userList();
      if (!current.includes(entry)) await this.stores.setUserList([...current, entry]);
      return;
    }
    const current = this.stores.state.get<string[]>(STATE_KEY) ?? [];
    if (!current.includes(entry)) await this.stores.state.update(STATE_KEY, [...current, entry]);
  }
}

/**
 * The approval entry of one tool. `server/*` means every tool of the server, so a tool whose name is `*`
 * (a server's choice) is written `server/\*`: "Always Allow" on it approves that tool alone.
 */
export function entryFor(key: string, tool: string): string {
  return `${key}/${tool === '*' ? '\\*' : tool}`;
}
