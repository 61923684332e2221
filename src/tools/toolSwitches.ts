// Which tools the model may be offered (issue 27, part 2): a checkbox per tool and per server in the Tools view,
// kept per workspace. A tool turned off is never offered to the model (chat/toolsChat.ts asks `isOn` for every
// tool it sends) and is marked in Call Tool…, where the user can still call it by hand.
import * as vscode from 'vscode';

const KEY = 'mcpClient.toolSwitches';

interface Stored {
  /** Servers whose tools are all off. */
  servers: string[];
  /** Tools turned off one by one, as `server/tool`. */
  tools: string[];
}

const toolKey = (server: string, tool: string) => `${server}/${tool}`;

export class ToolSwitches implements vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changeEmitter.event;

  constructor(private readonly state: vscode.Memento) {}

  private read(): Stored {
    const stored = this.state.get<Stored>(KEY);
    return { servers: stored?.servers ?? [], tools: stored?.tools ?? [] };
  }

  serverOn(server: string): boolean {
    return !this.read().servers.includes(server);
  }

  /** Whether the model may be offered this tool here: its server and the tool itself are checked. */
  isOn(server: string, tool: string): boolean {
    const { servers, tools } = this.read();
    return !servers.includes(server) && !tools.includes(toolKey(server, tool));
  }

  /** Turns every tool of a server on or off (the server's checkbox); on also clears the tools turned off one by one. */
  async setServer(server: string, on: boolean): Promise<void> {
    const { servers, tools } = this.read();
    const prefix = `${server}/`;
    await this.write({
      servers: on ? servers.filter((s) => s !== server) : [...new Set([...servers, server])],
      tools: on ? tools.filter((t) => !t.startsWith(prefix)) : tools,
    });
  }

  /**
   * One tool's checkbox. Checking a tool of a server that is off turns the server on with only that tool: the
   * user's click means "this one", not "all of them".
   */
  async setTool(server: string, tool: string, on: boolean, siblings: readonly string[]): Promise<void> {
    const { servers, tools } = this.read();
    const key = toolKey(server, tool);
    if (on && servers.includes(server)) {
      const others = siblings.filter((t) => t !== tool).map((t) => toolKey(server, t));
      await this.write({ servers: servers.filter((s) => s !== server), tools: [...new Set([...tools.filter((t) => t !== key), ...others])] });
      return;
    }
    await this.write({ servers, tools: on ? tools.filter((t) => t !== key) : [...new Set([...tools, key])] });
  }

  private async write(next: Stored): Promise<void> {
    await this.state.update(KEY, next);
    this.changeEmitter.fire();
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }
}
