// One notification per failure. A server's own request can fail inside a call the user started: the
// tools fixture's or the "everything" server's sampling tool asks for a model completion while Call
// Tool… waits, and with no language model installed both the refused sampling request and the failed
// tool call would each raise a notification. While such a call runs, the reason is attached to it and
// told in the call's one notification; outside one (a server asking on its own), the caller tells it.
export interface UserCall {
  readonly server: string;
  /** Why the server's own requests failed during the call, already localized. */
  readonly reasons: string[];
  end(): void;
}

const running = new Set<UserCall>();

/** Marks a call the user started on `server` (its outcome is notified by the caller); `end()` when it ends. */
export function beginUserCall(server: string): UserCall {
  const call: UserCall = { server, reasons: [], end: () => running.delete(call) };
  running.add(call);
  return call;
}

/** Adds `reason` to the running user calls of `server`; false when there is none (tell the user yourself). */
export function attachToUserCall(server: string, reason: string): boolean {
  const calls = [...running].filter((c) => c.server === server);
  for (const call of calls) if (!call.reasons.includes(reason)) call.reasons.push(reason);
  return calls.length > 0;
}
