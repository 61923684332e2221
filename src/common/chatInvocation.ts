// The `@mcp` participant's command syntax, shared by the participant (src/chat), which reads it, and the
// features that open the chat with a command typed in: "Send to Chat" (prompts), "Ask about This
// Resource" (resources). A prompt invocation reads
//   server/prompt name=value other="quoted value" any text after the arguments
// Values (and the prompt reference) may be quoted with "…" (\" and \\ escape) or '…' (literal). The
// `key=value` tokens that directly follow the reference are arguments; the rest, exactly as typed,
// is the user's own text. formatInvocation() writes what parseInvocation() reads back unchanged.
// No `vscode` import: unit-tested in plain Node.

export interface Invocation {
  /** `server/prompt`, `prompt`, or undefined when nothing was typed. */
  ref?: string;
  args: Record<string, string>;
  /** Free text after the arguments, trimmed; '' when there is none. */
  rest: string;
}

export type ParseResult = ({ ok: true } & Invocation) | { ok: false; error: string };

interface Token {
  text: string;
  start: number;
  /** The raw text before the first unquoted '=' (undefined when there is none). */
  key?: string;
  value?: string;
}

const ARG_KEY = /^[^\s="'\\]+$/;

export function parseInvocation(input: string): ParseResult {
  let tokens: Token[];
  try {
    tokens = tokenize(input);
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  const args: Record<string, string> = {};
  let index = 0;
  let ref: string | undefined;
  if (tokens[0] && tokens[0].key === undefined) {
    ref = tokens[0].text;
    index = 1;
  }
  for (; index < tokens.length; index++) {
    const { key, value } = tokens[index]!;
    if (key === undefined || value === undefined || !ARG_KEY.test(key)) break;
    args[key] = value;
  }
  const rest = index < tokens.length ? input.slice(tokens[index]!.start).trim() : '';
  return { ok: true, ref, args, rest };
}

/** `@mcp /prompt server/prompt name=value …`: the chat query that runs a prompt with these arguments. */
export function promptChatQuery(server: string, prompt: string, args: Record<string, string | undefined>): string {
  return `@mcp /prompt ${formatInvocation(server, prompt, args)}`;
}

/** `@mcp /resource server uri `: the start of a question about a resource; the user types the rest. */
export function resourceChatQuery(server: string, uri: string): string {
  return `@mcp /resource ${quoteIfNeeded(server)} ${quoteIfNeeded(uri)} `;
}

/** The invocation as text that parseInvocation() turns back into the same server, prompt and arguments. */
export function formatInvocation(server: string | undefined, prompt: string, args: Record<string, string | undefined>, rest = ''): string {
  const parts = [quoteIfNeeded(server === undefined ? prompt : `${server}/${prompt}`)];
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    parts.push(`${name}=${quoteIfNeeded(value)}`);
  }
  if (rest.trim()) parts.push(rest.trim());
  return parts.join(' ');
}

export function quoteIfNeeded(value: string): string {
  // A bare value must not look like a key=value pair when it is the reference, and must survive tokenizing.
  if (/^[^\s"'\\=]+$/.test(value)) return value;
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * The first `count` whitespace-separated (possibly quoted) words, and the text after them as typed.
 * For commands with positional operands, such as `/resource <server> <uri> [question]`.
 */
export function leadingWords(input: string, count: number): { words: string[]; rest: string } | { error: string } {
  let tokens: Token[];
  try {
    tokens = tokenize(input);
  } catch (error) {
    return { error: (error as Error).message };
  }
  const words = tokens.slice(0, count).map((t) => t.text);
  const next = tokens[count];
  return { words, rest: next ? input.slice(next.start).trim() : '' };
}

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    while (i < input.length && /\s/.test(input[i]!)) i++;
    if (i >= input.length) break;
    const start = i;
    let text = '';
    let key: string | undefined;
    let keyQuoted = false;
    while (i < input.length && !/\s/.test(input[i]!)) {
      const c = input[i]!;
      if (c === '"' || c === "'") {
        const [piece, next] = readQuoted(input, i);
        text += piece;
        i = next;
        if (key === undefined) keyQuoted = true;
      } else if (c === '=' && key === undefined && !keyQuoted && text.length > 0) {
        key = text;
        text = '';
        i++;
      } else {
        text += c;
        i++;
      }
    }
    tokens.push(key === undefined ? { text, start } : { text: `${key}=${text}`, start, key, value: text });
  }
  return tokens;
}

function readQuoted(input: string, open: number): [string, number] {
  const quote = input[open]!;
  let i = open + 1;
  let text = '';
  while (i < input.length) {
    const c = input[i]!;
    if (c === quote) return [text, i + 1];
    if (quote === '"' && c === '\\' && (input[i + 1] === '"' || input[i + 1] === '\\')) {
      text += input[i + 1];
      i += 2;
      continue;
    }
    text += c;
    i++;
  }
  throw new Error(`The quote opened at position ${open + 1} is never closed (${quote}…).`);
}
