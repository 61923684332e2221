// server.json → an `mcpClient.servers` entry (the shape of VS Code's mcp.json): the command line of a
// package (npx / uvx / docker / dnx with the declared runtime and package arguments and environment) or
// a remote's URL, transport and headers. Values the entry leaves to the user are questions; the caller
// answers them (asking the user, or from a previous install). Secret answers never enter the entry: it
// gets `${input:<id>}` and the caller keeps the value in SecretStorage. No `vscode` import.
//
// Where this differs from VS Code's conversion, on purpose: `npx -y` (npx would wait for a confirmation
// no one can give); an OCI image that carries a tag is not tagged again; runtime arguments that spell out
// the whole `docker run …` (GitHub's server) are used as they are; a boolean named argument is a bare flag
// (`-i`, not `-i true`); headers and variables marked secret or required are asked for even without a
// description; every `{variable}` is replaced, not only the first; an optional input left empty is left out.
import type { InstallOption } from './installOptions';
import type { RegistryArgument, RegistryInput, RegistryKeyValue, ServerJson } from './serverJson';

export interface Question {
  /** Unique within one install: an environment variable's or header's name, a variable's or argument's name. */
  key: string;
  /** What the value is for, e.g. `AIRTABLE_API_KEY` or `--port`. */
  title: string;
  description: string;
  secret: boolean;
  required: boolean;
  default?: string;
  placeholder?: string;
  choices?: string[];
  /** `string` (the default), `number`, `boolean` or `filepath`. */
  format?: string;
}

/** The answer to a question, or undefined to leave an optional value out. For a secret, any non-empty text means "given". */
export type Answers = (question: Question) => string | undefined;

export interface RegistryOrigin {
  /** The registry's base URL. */
  url: string;
  /** The server's name in the registry, e.g. `io.github.upstash/context7`. */
  name: string;
  version: string;
  /** How it runs (`npm`, `pypi`, `oci`, `nuget`, `remote`). */
  package: string;
}

export interface SecretInput {
  /** The `mcpClient.inputs` id the entry refers to as `${input:<id>}`. */
  id: string;
  /** The question whose answer is the value. */
  key: string;
  description: string;
}

export interface ConvertedServer {
  entry: Record<string, unknown>;
  /** The secret inputs the entry refers to; each needs a definition in `mcpClient.inputs` and a stored value. */
  secrets: SecretInput[];
}

/** The questions an install of `option` asks, in the order they come up. */
export function questionsFor(server: ServerJson, option: InstallOption): Question[] {
  const questions: Question[] = [];
  toSettingsEntry(server, option, (q) => (questions.push(q), 'answer'), { registryUrl: '', inputPrefix: 'x' });
  return questions;
}

export interface EntryIds {
  registryUrl: string;
  /** Secret inputs are named `<inputPrefix>.<question key>` (the server's settings name, say)… */
  inputPrefix: string;
  /** …unless an earlier install named them already: question key → input id. */
  inputIds?: ReadonlyMap<string, string>;
}

export function toSettingsEntry(server: ServerJson, option: InstallOption, answers: Answers, ids: EntryIds): ConvertedServer {
  const asker = new Asker(answers, (key) => ids.inputIds?.get(key) ?? `${ids.inputPrefix}.${key}`.replace(/[^\w.-]/g, '_'));
  const registry: RegistryOrigin = { url: ids.registryUrl, name: server.name, version: server.version, package: String(option.kind) };
  const entry = option.remote ? remoteEntry(option, asker) : packageEntry(option, asker);
  refuseVariables(entry, asker.secrets);
  return { entry: { ...entry, registry }, secrets: asker.secrets };
}

/** Thrown when the finished entry would make the settings expand a variable (VariableInEntryError.message says which). */
export class VariableInEntryError extends Error {
  override name = 'VariableInEntryError';
}

/**
 * The finished entry, checked as a whole: settings expand `${env:…}`, `${input:…}` and the like, so no
 * value may contain `${` but the secret references this conversion wrote itself. Checking the pieces is
 * not enough: a `$` in one answer or default and `{env:GITHUB_TOKEN}` in the next make one.
 */
function refuseVariables(entry: Record<string, unknown>, secrets: readonly SecretInput[]): void {
  const ours = new Set(secrets.map((s) => `\${input:${s.id}}`));
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      const found = value.split(/(\$\{input:[^{}]*\})/).find((part) => !ours.has(part) && part.includes('${'));
      if (found !== undefined) throw new VariableInEntryError(`A value would read "${/\$\{[^}]*\}?/.exec(found)?.[0] ?? '${'}" as a settings variable (its parts came from the entry and the answers); it is not written.`);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(entry);
}

function remoteEntry(option: InstallOption, asker: Asker): Record<string, unknown> {
  const remote = option.remote!;
  const url = asker.fill({ value: remote.url, variables: remote.variables, isRequired: true }) ?? remote.url;
  const headers = asker.keyValues(remote.headers);
  return { type: remote.type === 'sse' ? 'sse' : 'http', url, ...(Object.keys(headers).length ? { headers } : {}) };
}

function packageEntry(option: InstallOption, asker: Asker): Record<string, unknown> {
  const pkg = option.package!;
  const runtime = (pkg.runtimeArguments ?? []).flatMap((a) => asker.argument(a));
  const env = asker.keyValues(pkg.environmentVariables);
  const packageArgs = (pkg.packageArguments ?? []).flatMap((a) => asker.argument(a));
  let args: string[];
  switch (pkg.registryType) {
    case 'npm':
      args = ['-y', ...runtime, pkg.version ? `${pkg.identifier}@${pkg.version}` : pkg.identifier, ...packageArgs];
      break;
    case 'pypi':
      args = [...runtime, pkg.version ? `${pkg.identifier}==${pkg.version}` : pkg.identifier, ...packageArgs];
      break;
    case 'nuget':
      // dnx asks before it downloads; --yes answers it (the user chose to install). Arguments for the tool follow `--`.
      args = [...runtime, pkg.version ? `${pkg.identifier}@${pkg.version}` : pkg.identifier, '--yes', ...(packageArgs.length ? ['--', ...packageArgs] : [])];
      break;
    default: {
      const declared = Object.keys(env);
      args = dockerArgs(pkg.identifier, pkg.version, envOutOfArguments(runtime, env), declared, packageArgs);
    }
  }
  return { command: option.command, args, ...(Object.keys(env).length ? { env } : {}) };
}

/**
 * `docker run -i --rm [runtime args] [-e NAME…] image [package args]`. Environment values stay in `env`
 * (docker copies them in by name), so a secret never appears on the command line.
 */
function dockerArgs(identifier: string, version: string | undefined, runtime: string[], envNames: string[], packageArgs: string[]): string[] {
  // A tag or digest in the identifier is the version already (`image:1.7.2`, `image@sha256:…`).
  const lastPart = identifier.slice(identifier.lastIndexOf('/') + 1);
  const image = version && !lastPart.includes(':') && !lastPart.includes('@') ? `${identifier}:${version}` : identifier;
  const envFlags = envNames.flatMap((name) => ['-e', name]);
  if (runtime[0] !== 'run') return ['run', '-i', '--rm', ...runtime, ...envFlags, image, ...packageArgs];
  // The runtime arguments are the whole `docker run …` command: use them, with the tagged image where they
  // name the image (GitHub's server names it untagged, as the last runtime argument).
  const untagged = image.replace(/[:@][^/]*$/, '');
  const at = runtime.findIndex((a, i) => i > 0 && (a === untagged || a === image));
  if (at < 0) return [...runtime, ...envFlags, image, ...packageArgs];
  return [...runtime.slice(0, at), ...envFlags, image, ...runtime.slice(at + 1), ...packageArgs];
}

/**
 * `-e NAME=value` runtime arguments become `-e NAME` with the value in `env`, like declared environment
 * variables: a token then never shows on the command line (nor in the process list).
 */
function envOutOfArguments(runtime: string[], env: Record<string, string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < runtime.length; i++) {
    const pair = /^([A-Za-z_]\w*)=([\s\S]*)$/.exec(runtime[i + 1] ?? '');
    if ((runtime[i] === '-e' || runtime[i] === '--env') && pair) {
      env[pair[1]!] = pair[2]!;
      out.push(runtime[i]!, pair[1]!);
      i++;
    } else {
      out.push(runtime[i]!);
    }
  }
  return out;
}

/** Turns inputs into values, asking each question once (inputs may share a variable). */
class Asker {
  readonly secrets: SecretInput[] = [];
  private readonly given = new Map<string, string | undefined>();

  constructor(
    private readonly answers: Answers,
    private readonly inputId: (key: string) => string,
  ) {}

  keyValues(inputs: RegistryKeyValue[] | undefined): Record<string, string> {
    const out: Record<string, string> = {};
    for (const input of inputs ?? []) {
      const value = this.fill(input, input.name, input.name);
      if (value !== undefined) out[input.name] = value;
    }
    return out;
  }

  argument(arg: RegistryArgument): string[] {
    if (arg.type === 'positional') {
      const value = this.fill(arg, arg.valueHint ?? 'argument', arg.valueHint ?? 'argument');
      return value === undefined ? [] : [value];
    }
    const name = arg.name ?? '';
    const key = name.replace(/^-+/, '') || 'flag';
    if (arg.format === 'boolean') {
      // A switch: present or not. `"value": "true"` means always present.
      const on = arg.value ?? this.ask(questionOf(arg, key, name));
      return on === 'true' ? [name] : [];
    }
    if (arg.value === undefined && !asksForValue(arg)) return [name];
    const value = this.fill(arg, key, name);
    return value === undefined ? [] : [name, value];
  }

  /** The value of an input: its fixed value with `{variables}` filled in, or the user's answer. Undefined: leave it out. */
  fill(input: RegistryInput & { variables?: Record<string, RegistryInput> }, key = 'value', title = key): string | undefined {
    if (input.value === undefined) return asksForValue(input) ? this.ask(questionOf(input, key, title)) : undefined;
    let missing = false;
    const value = input.value.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
      const variable = input.variables?.[name];
      // Not a declared variable: the braces are part of the value.
      if (!variable) return whole;
      const answer = this.ask(questionOf({ ...variable, description: variable.description ?? input.description }, name, name));
      if (answer === undefined) missing = true;
      return answer ?? '';
    });
    // An optional input whose variable was left empty is left out as a whole (`-e TFE_TOKEN=` helps no one).
    return missing && !input.isRequired ? undefined : value;
  }

  private ask(question: Question): string | undefined {
    if (!this.given.has(question.key)) {
      const answer = this.answers(question);
      this.given.set(question.key, answer === '' ? undefined : answer);
      if (question.secret && answer) {
        this.secrets.push({ id: this.inputId(question.key), key: question.key, description: question.description || question.title });
      }
    }
    const answer = this.given.get(question.key);
    if (answer === undefined || !question.secret) return answer;
    return `\${input:${this.secrets.find((s) => s.key === question.key)!.id}}`;
  }
}

/** Whether an input without a fixed value says enough about it to be asked for. */
function asksForValue(input: RegistryInput): boolean {
  return Boolean(input.description || input.default !== undefined || input.choices?.length || input.isRequired || input.isSecret);
}

/**
 * Names that say "credential" whatever the entry says: a `…_TOKEN` the publisher forgot to mark secret is
 * still kept in secret storage, never written into settings as plain text.
 */
const CREDENTIAL_NAME = /(^|[^a-z])(token|secret|passw(or)?d|passwd|pwd|api[-_]?key|apikey|access[-_]?key|private[-_]?key|client[-_]?secret|credentials?|auth(orization)?|bearer|cookie|session[-_]?(id|key)?|pat|signature)($|[^a-z])/i;

export function looksLikeCredential(name: string): boolean {
  return CREDENTIAL_NAME.test(name.replace(/([a-z])([A-Z])/g, '$1_$2'));
}

function questionOf(input: RegistryInput & { valueHint?: string }, key: string, title: string): Question {
  return {
    key,
    title,
    description: input.description ?? '',
    secret: input.isSecret === true || looksLikeCredential(key) || looksLikeCredential(title),
    required: input.isRequired === true,
    ...(input.default !== undefined ? { default: input.default } : {}),
    ...((input.placeholder ?? input.valueHint) ? { placeholder: input.placeholder ?? input.valueHint } : {}),
    ...(input.choices?.length ? { choices: input.choices } : {}),
    ...(input.format ? { format: input.format } : {}),
  };
}
