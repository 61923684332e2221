// Argument suggestions from the server (`completion/complete`), and the feed that asks for them
// while the user types: debounced, with the previous request cancelled (notifications/cancelled)
// as soon as the value changes, so a slow answer for an old value never replaces a newer one.
import type { McpSession } from '../mcp/session';
import type { SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import type { SuggestFor, SuggestionFetch, Suggestions } from './steps';

/** The protocol caps a completion at 100 values; a server that sends more still gets 100 shown. */
export const MAX_SUGGESTIONS = 100;
/** `context.arguments` exists since 2025-06-18; older servers may reject unknown params. */
const CONTEXT_SINCE = '2025-06-18';

export type CompletionSession = Pick<McpSession, 'complete' | 'capabilities' | 'protocolVersion'>;

export async function completeArgument(
  session: CompletionSession,
  prompt: string,
  argument: string,
  value: string,
  filled: Record<string, string>,
  signal?: AbortSignal,
): Promise<Suggestions> {
  if (!session.capabilities?.completions) return { values: [], hasMore: false, supported: false };
  const others = Object.fromEntries(Object.entries(filled).filter(([name, v]) => name !== argument && v !== ''));
  const withContext = Object.keys(others).length > 0 && (session.protocolVersion ?? '') >= CONTEXT_SINCE;
  const result = await session.complete(
    { ref: { type: 'ref/prompt', name: prompt }, argument: { name: argument, value }, ...(withContext ? { context: { arguments: others } } : {}) },
    { signal },
  );
  const { values, total, hasMore } = result.completion;
  return {
    values: values.slice(0, MAX_SUGGESTIONS),
    ...(total !== undefined ? { total } : {}),
    hasMore: !!hasMore || values.length > MAX_SUGGESTIONS,
    supported: true,
  };
}

/** Suggestions for an argument step: from the step's server, with the values filled so far as context. */
export function suggestFor(services: { sessions: Pick<SessionManager, 'get'> }): SuggestFor {
  return (state, argument) => async (value, signal) => {
    const session = services.sessions.get(state.server);
    if (!session || !SessionState.isRunning(session.state)) return { values: [], hasMore: false, supported: false };
    return completeArgument(session, state.prompt.name, argument, value, state.values, signal);
  };
}

export class SuggestionFeed {
  private timer: NodeJS.Timeout | undefined;
  private inFlight: AbortController | undefined;
  private disposed = false;

  constructor(
    private readonly fetch: SuggestionFetch,
    private readonly onResult: (value: string, suggestions: Suggestions) => void,
    private readonly onBusy: (busy: boolean) => void = () => undefined,
    private readonly delayMs = 150,
  ) {}

  /** The value changed: cancel what is outstanding and ask again after the debounce delay. */
  update(value: string, immediately = false): void {
    if (this.disposed) return;
    clearTimeout(this.timer);
    this.cancel();
    if (immediately) this.request(value);
    else this.timer = setTimeout(() => this.request(value), this.delayMs);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.cancel();
  }

  private cancel(): void {
    if (!this.inFlight) return;
    this.inFlight.abort();
    this.inFlight = undefined;
    this.onBusy(false);
  }

  private request(value: string): void {
    const controller = new AbortController();
    this.inFlight = controller;
    this.onBusy(true);
    this.fetch(value, controller.signal).then(
      (suggestions) => {
        if (controller.signal.aborted || this.disposed) return;
        this.onResult(value, suggestions);
      },
      () => {
        // A failed completion is no reason to interrupt typing: the value can still be entered by hand.
        if (controller.signal.aborted || this.disposed) return;
        this.onResult(value, { values: [], hasMore: false, supported: true });
      },
    ).finally(() => {
      if (this.inFlight !== controller) return;
      this.inFlight = undefined;
      this.onBusy(false);
    });
  }
}
