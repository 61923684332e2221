// Updating an installed registry server to a newer version without asking again what the user answered
// at install time. The previous version's server.json is converted once more with placeholders for the
// answers and lined up with the entry in settings, which gives the answers back (a directory, a port, the
// input ids of secrets). Only questions the new version adds and requires are asked. What the user added
// to the entry by hand (autoStart, timeout, extra environment variables …) is kept. No `vscode` import.
import type { InstallOption } from './installOptions';
import type { ServerJson } from './serverJson';
import { toSettingsEntry, type Answers, type ConvertedServer, type Question } from './toSettingsEntry';

export interface PreviousInstall {
  /** The server's entry in settings, as it is now. */
  stored: Record<string, unknown>;
  /** The version it was installed from and how it ran, when the registry still has that version. */
  server?: ServerJson;
  option?: InstallOption;
}

export interface RecoveredAnswers {
  /** Question key → the answer found in settings (for a secret: its input id). */
  answers: Map<string, string>;
  /** Question key → the input id a secret already uses. */
  inputIds: Map<string, string>;
  /** The questions the previous version asked: one without a recovered answer was left out on purpose. */
  askedBefore: Set<string>;
  /** The previous version's entry with placeholders: tells converted values from the user's own additions. */
  template?: Record<string, unknown>;
}

const MARK = (i: number) => `\u0001${i}\u0002`;
const MARKS = /\u0001(\d+)\u0002/g;
/** The template's secret references (`${input:_.KEY}`, see TEMPLATE_PREFIX) match any input reference. */
const TEMPLATE_PREFIX = '\u0003';
const SECRET_REF = /\$\{input:_\.[^{}]*\}/;

export function recoverAnswers(previous: PreviousInstall): RecoveredAnswers {
  const answers = new Map<string, string>();
  const inputIds = new Map<string, string>();
  const storedText = JSON.stringify(previous.stored);
  const questions: Question[] = [];
  let template: ConvertedServer | undefined;
  if (previous.server && previous.option) {
    template = toSettingsEntry(previous.server, previous.option, (q) => (questions.push(q), MARK(questions.length - 1)), { registryUrl: '', inputPrefix: TEMPLATE_PREFIX });
    const refs = [...storedText.matchAll(/\$\{input:([^{}]+)\}/g)].map((m) => m[1]!);
    for (const secret of template.secrets) {
      // The secret's input, whatever the server was called when it was installed (ids end in `.<key>`).
      const id = refs.find((ref) => ref.endsWith(secret.id.slice(1)));
      if (id) {
        answers.set(secret.key, id);
        inputIds.set(secret.key, id);
      }
    }
    lineUp(template.entry, previous.stored, (index, value) => answers.set(questions[index]!.key, value));
  } else {
    // Without the old version, environment variables and headers can still be matched by name.
    for (const field of ['env', 'headers']) {
      for (const [name, value] of Object.entries(record(previous.stored[field]))) {
        const ref = /^\$\{input:([^{}]+)\}$/.exec(value);
        answers.set(name, ref ? ref[1]! : value);
        if (ref) inputIds.set(name, ref[1]!);
      }
    }
  }
  return { answers, inputIds, askedBefore: new Set(questions.map((q) => q.key)), template: template?.entry };
}

/** The questions of the new version that must be asked: required, new, and not answered before. */
export function questionsToAsk(questions: readonly Question[], recovered: RecoveredAnswers): Question[] {
  return questions.filter((q) => q.required && !recovered.answers.has(q.key) && !recovered.askedBefore.has(q.key));
}

/** Recovered answers first, then the new ones; a new optional question takes its default. */
export function updateAnswers(recovered: RecoveredAnswers, fresh: ReadonlyMap<string, string>): Answers {
  return (q) => fresh.get(q.key) ?? recovered.answers.get(q.key) ?? (recovered.askedBefore.has(q.key) ? undefined : q.default);
}

/**
 * Where the new version would take the stored secrets, when that is not where they went before: another
 * origin for a remote, another runner or package for a local server (a changed entry in the registry
 * cannot move the user's token to a host of its choosing unseen). Undefined when the destination is the
 * same. The update then asks for those secrets again, naming the new destination.
 */
export function newDestination(stored: Record<string, unknown>, option: InstallOption, converted: Record<string, unknown>): string | undefined {
  if (typeof converted.url === 'string') {
    const next = originOf(converted.url);
    return typeof stored.url === 'string' && originOf(stored.url) === next ? undefined : next;
  }
  const identifier = option.package?.identifier;
  const args = Array.isArray(stored.args) ? stored.args.filter((a): a is string => typeof a === 'string') : [];
  const runs = identifier !== undefined && stored.command === converted.command && args.some((a) => a === identifier || [...'@=:'].some((sep) => a.startsWith(`${identifier}${sep}`)));
  return runs ? undefined : `${String(converted.command)} ${identifier ?? ''}`.trim();
}

/** The new version's secret questions whose stored values must not follow it to `newDestination`. */
export function secretsToAskAgain(questions: readonly Question[], recovered: RecoveredAnswers): Question[] {
  return questions.filter((q) => q.secret && recovered.inputIds.has(q.key));
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

const STDIO_KEYS = ['command', 'args', 'env', 'envFile', 'cwd'];
const HTTP_KEYS = ['type', 'url', 'headers', 'oauth'];

/** The updated settings entry: the new conversion, over the user's own settings and additions. */
export function mergeUpdate(stored: Record<string, unknown>, converted: Record<string, unknown>, template?: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  // A change of transport (a package replaced by a remote) removes the other transport's settings.
  for (const key of converted.url !== undefined ? STDIO_KEYS : HTTP_KEYS) delete merged[key];
  Object.assign(merged, converted);
  for (const field of ['env', 'headers']) {
    const ours = record(template?.[field] ?? converted[field]);
    const added = Object.entries(record(stored[field])).filter(([name]) => !(name in ours));
    if (added.length) merged[field] = { ...Object.fromEntries(added), ...record(converted[field]) };
  }
  return merged;
}

/** Walks the converted entry (with placeholders) beside the stored one and reports each placeholder's value. */
function lineUp(template: Record<string, unknown>, stored: Record<string, unknown>, found: (index: number, value: string) => void): void {
  const match = (t: unknown, s: unknown): boolean => typeof t === 'string' && typeof s === 'string' && matchOne(t, s, found);
  match(template.url, stored.url);
  match(template.command, stored.command);
  for (const field of ['env', 'headers']) {
    const s = record(stored[field]);
    for (const [name, value] of Object.entries(record(template[field]))) match(value, s[name]);
  }
  // Arguments left out (optional ones the user skipped) make the stored list shorter: skip template
  // items until one matches, so the rest still lines up.
  const t = Array.isArray(template.args) ? (template.args as unknown[]) : [];
  const s = Array.isArray(stored.args) ? (stored.args as unknown[]) : [];
  for (let i = 0, j = 0; i < t.length && j < s.length; i++) if (match(t[i], s[j])) j++;
}

function matchOne(template: string, stored: string, found: (index: number, value: string) => void): boolean {
  const indexes = [...template.matchAll(MARKS)].map((m) => Number(m[1]));
  const hasSecret = SECRET_REF.test(template);
  if (indexes.length === 0 && !hasSecret) return template === stored;
  const literal = (part: string) =>
    part
      .split(SECRET_REF)
      .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\$\\{input:[^{}]+\\}');
  const pattern = template
    .split(MARKS)
    .map((part, i) => (i % 2 === 1 ? '([\\s\\S]*?)' : literal(part)))
    .join('');
  const result = new RegExp(`^${pattern}$`).exec(stored);
  if (!result) return false;
  indexes.forEach((index, i) => found(index, result[i + 1]!));
  return true;
}

function record(value: unknown): Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, string>) : {};
}
