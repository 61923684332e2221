// A launch is one reason to show an app: a tool call (its server, tool, arguments and, once known,
// its outcome) or a UI resource opened on its own. Views of the app follow the launch: the input at
// once, the result or the cancellation when the call ends, also for a view opened later (the chat's
// "Open App" button). The last launches of this window are kept; nothing is stored.
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import * as vscode from 'vscode';
import { getDisplayName } from '../mcp/displayName';

export type LaunchOutcome = { kind: 'result'; result: CallToolResult } | { kind: 'cancelled'; reason: string };

export interface AppLaunch {
  readonly id: string;
  readonly server: string;
  readonly resourceUri: string;
  /** The tool whose call this is; none when the resource was opened by itself. */
  readonly tool?: Tool;
  readonly arguments?: Record<string, unknown>;
  readonly outcome?: LaunchOutcome;
  readonly onDidSettle: vscode.Event<LaunchOutcome>;
}

const KEEP = 50;

/** What the user calls the app: its tool's title, or the resource's URI when there is no tool. */
export function launchTitle(launch: Pick<AppLaunch, 'tool' | 'resourceUri'>): string {
  return launch.tool ? getDisplayName(launch.tool) : launch.resourceUri;
}

class Launch implements AppLaunch {
  outcome?: LaunchOutcome;
  private readonly settled = new vscode.EventEmitter<LaunchOutcome>();
  readonly onDidSettle = this.settled.event;

  constructor(
    readonly id: string,
    readonly server: string,
    readonly resourceUri: string,
    readonly tool?: Tool,
    readonly args?: Record<string, unknown>,
  ) {}

  get arguments() {
    return this.args;
  }

  settle(outcome: LaunchOutcome): void {
    if (this.outcome) return;
    this.outcome = outcome;
    this.settled.fire(outcome);
    this.settled.dispose();
  }
}

export class AppLaunches {
  private readonly launches = new Map<string, Launch>();
  private next = 1;

  /** A launch for a tool call; `settle` is for its caller to report the outcome. */
  forToolCall(server: string, resourceUri: string, tool: Tool, args: Record<string, unknown>): { launch: AppLaunch; settle: (outcome: LaunchOutcome) => void } {
    const launch = this.add(new Launch(this.id(), server, resourceUri, tool, args));
    return { launch, settle: (outcome) => launch.settle(outcome) };
  }

  forResource(server: string, resourceUri: string): AppLaunch {
    return this.add(new Launch(this.id(), server, resourceUri));
  }

  get(id: string): AppLaunch | undefined {
    return this.launches.get(id);
  }

  private id(): string {
    return `launch-${this.next++}`;
  }

  private add(launch: Launch): Launch {
    this.launches.set(launch.id, launch);
    for (const id of this.launches.keys()) {
      if (this.launches.size <= KEEP) break;
      this.launches.delete(id);
    }
    return launch;
  }
}
