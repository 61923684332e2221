// A session's state, and the questions the rest of the extension asks of it ("can it be started?",
// "is it running?", "does it wait for a sign-in?") answered in one place, so that views, commands and
// features do not each spell out their own reading of the state's fields.

export type SessionState =
  | { kind: 'stopped'; reason?: string }
  | { kind: 'starting' }
  | { kind: 'running' }
  | { kind: 'error'; message: string; retryInMs?: number; gaveUp?: boolean; needsAuth?: boolean };

type Failed = Extract<SessionState, { kind: 'error' }>;

// A namespace beside the type of the same name (as VS Code's McpConnectionState): one import gives both.
// eslint-disable-next-line @typescript-eslint/no-namespace
export namespace SessionState {
  /** Requests can be sent. */
  export function isRunning(state: SessionState): state is { kind: 'running' } {
    return state.kind === 'running';
  }

  /** Stopped, on purpose or not yet started; nothing is running or scheduled. */
  export function isStopped(state: SessionState): state is { kind: 'stopped'; reason?: string } {
    return state.kind === 'stopped';
  }

  export function isStarting(state: SessionState): state is { kind: 'starting' } {
    return state.kind === 'starting';
  }

  export function isFailed(state: SessionState): state is Failed {
    return state.kind === 'error';
  }

  /** Stopped, or failed: Start (and the automatic starts) make sense. */
  export function canStart(state: SessionState): boolean {
    return state.kind === 'stopped' || state.kind === 'error';
  }

  /** Running, starting, or failed and about to retry: there is something to stop. */
  export function canStop(state: SessionState): boolean {
    return state.kind === 'running' || state.kind === 'starting' || (state.kind === 'error' && !state.gaveUp);
  }

  export function canRestart(state: SessionState): boolean {
    return state.kind === 'running' || state.kind === 'error';
  }

  /** Stopped or failed until the user signs in (OAuth); no browser opens without them. */
  export function needsAuth(state: SessionState): boolean {
    return state.kind === 'error' && !!state.needsAuth;
  }

  /** Not started on purpose, with the reason (untrusted workspace, consent, disabled, a missing input). */
  export function isHeldBack(state: SessionState): state is { kind: 'stopped'; reason: string } {
    return state.kind === 'stopped' && !!state.reason;
  }

  /** Failed for good: no retry is scheduled until the user starts it again. */
  export function hasGivenUp(state: SessionState): boolean {
    return state.kind === 'error' && (!!state.gaveUp || state.retryInMs === undefined);
  }

  /** Why it failed, for a failed session. */
  export function failure(state: SessionState): string | undefined {
    return state.kind === 'error' ? state.message : undefined;
  }
}
