// Calls the user made by hand (Call Tool…, Run Prompt…, opening a resource), announced once each as
// they end, for the call history (src/workbench/history/). The features that make them report here;
// whoever keeps them listens. No `vscode` import.

export type HandCallOutcome = { result: unknown; isError?: boolean } | { error: string } | { cancelled: true };

export interface HandCall {
  kind: 'tool' | 'prompt' | 'resource';
  server: string;
  /** The tool's or prompt's name, or the resource's URI. */
  name: string;
  arguments?: Record<string, unknown>;
  startedAt: number;
  durationMs: number;
  outcome: HandCallOutcome;
  /** The result document it opened (Save as Test on a result finds its call by it). */
  document?: string;
}

const listeners = new Set<(call: HandCall) => void>();

export function onHandCall(listener: (call: HandCall) => void): { dispose(): void } {
  listeners.add(listener);
  return { dispose: () => listeners.delete(listener) };
}

export function reportHandCall(call: HandCall): void {
  for (const listener of [...listeners]) {
    try {
      listener(call);
    } catch (error) {
      // Keeping a history must never break the call itself.
      console.error('MCP Client: a hand-call listener failed', error);
    }
  }
}
