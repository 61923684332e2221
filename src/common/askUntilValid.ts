// One form-like value from the user: ask, parse, and ask again with the parse error shown, until the
// answer parses or the user cancels. Shared by tool arguments and elicitation fields.

export type Parsed = { value?: unknown; error?: string };

/** `{ value }` once an answer parses (value undefined: left empty), or undefined when the user cancels. */
export async function askUntilValid<A>(
  ask: (problem: string | undefined) => Promise<A | undefined>,
  parse: (answer: A) => Parsed,
): Promise<{ value?: unknown } | undefined> {
  for (let problem: string | undefined; ; ) {
    const answer = await ask(problem);
    if (answer === undefined) return undefined;
    const parsed = parse(answer);
    if (!parsed.error) return { value: parsed.value };
    problem = parsed.error;
  }
}
