// The one polling helper of the test suites (unit and host): polls `probe` until it returns something
// truthy, and resolves with that. Tests wait on real servers and a real VS Code this way, never on a
// fixed delay; `timeoutMs` only bounds how long a failure takes to be reported.
export async function until<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
