// The matrix's polling: like test/shared/until.ts, but a probe every quarter second (each probe is a round
// trip to the extension or the browser, and a few servers are checked at once on a two-core machine), and
// a probe that throws counts as "not yet". The timeout only bounds how long a failure takes to be reported.
export async function poll<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
