// One LogOutputChannel per server ("MCP: <name>"), adapted to the session layer's Logger.
import * as vscode from 'vscode';
import type { IDisposable } from '../mcp/lifecycle';
import type { Logger } from '../mcp/logger';

export class ServerLogs implements IDisposable {
  private readonly channels = new Map<string, vscode.LogOutputChannel>();

  channel(name: string): vscode.LogOutputChannel {
    let channel = this.channels.get(name);
    if (!channel) {
      channel = vscode.window.createOutputChannel(vscode.l10n.t('MCP: {0}', name), { log: true });
      this.channels.set(name, channel);
    }
    return channel;
  }

  logger(name: string): Logger {
    const channel = this.channel(name);
    return {
      trace: (m) => channel.trace(m),
      debug: (m) => channel.debug(m),
      info: (m) => channel.info(m),
      warn: (m) => channel.warn(m),
      error: (m) => channel.error(m),
      get traceEnabled() {
        return channel.logLevel === vscode.LogLevel.Trace;
      },
    };
  }

  show(name: string): void {
    this.channel(name).show(true);
  }

  dispose(): void {
    for (const channel of this.channels.values()) channel.dispose();
    this.channels.clear();
  }
}
