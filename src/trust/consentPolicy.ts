// Who may start which server. Workspace and folder settings come with the repository: a server defined
// there runs the repository's code (stdio) or sends the repository's URL and headers, which may hold
// `${env:…}` credentials (HTTP). It never starts in an untrusted workspace, and it asks once per
// configuration: a hash of the whole definition as it will run, its env file's bytes included
// (consentMaterial.ts); any change asks again, and the question says what changed. The env file is read
// only here, after Workspace Trust, and at each start attempt, where `check` refuses a definition that is
// not the one allowed (a file edited between the question and a restart). Starts that arrive together
// (a window opening, an import) are asked together: one question for all pending servers, each with its
// exact command, allowing all or some. A command that does not exist is not asked about: the server says
// it is missing. No `vscode` import: the prompt, the storage and the command lookup are passed in.
import type { LoadedDefinition, ServerDefinition } from '../mcp/serverDefinition';
import { changedSettings, consentHash, fingerprints, legacyConsentHash } from './consentMaterial';

export type ConsentAnswer = 'allow' | 'deny' | 'dismissed';

/** One server to ask about: the definition as it will run, and why it is asked again, if it is. */
export interface ConsentRequest {
  definition: LoadedDefinition;
  /** Settings changed since the user allowed this server ("args", "oauth.scopes (added)"). */
  changed?: string[];
  /** Allowed under an earlier version, whose approval covered only the command or URL and headers. */
  upgraded?: boolean;
}

export interface ConsentHost {
  isTrusted(): boolean;
  /** The remembered answer for a configuration hash. */
  recall(hash: string): 'allow' | 'deny' | undefined;
  remember(hash: string, answer: 'allow' | 'deny'): Promise<void>;
  /** What the server (by scope, folder and name) looked like when last allowed: per-key fingerprints. */
  recallAllowed(server: string): Record<string, string> | undefined;
  rememberAllowed(server: string, fingerprints: Record<string, string>): Promise<void>;
  /** One question for every server in `requests`: the answer for each (by position). */
  ask(requests: readonly ConsentRequest[]): Promise<ConsentAnswer[]>;
  /** Whether a stdio server's command can be found (trust/commandLookup.ts). */
  commandExists(definition: ServerDefinition): Promise<boolean>;
}

/** Reads what a start needs before it can be asked about (the env file): mcp/envFile.ts, passed in. */
export type DefinitionLoader = (definition: ServerDefinition) => Promise<LoadedDefinition>;

export const UNTRUSTED_REASON = 'Not started: this workspace is not trusted, and the server is defined in its settings.';
export const DENIED_REASON = 'Not started: you declined to run this workspace server. Use Start to be asked again.';
export const DISMISSED_REASON = 'Not started: waiting for your approval. Use Start to be asked again.';
export const CHANGED_REASON =
  "Not started: this workspace server's configuration (or its env file) changed after you allowed it. Use Start to be asked again.";
export const missingCommandReason = (command: string) =>
  `Not started: the command '${command}' was not found (not on the PATH, and no such file). Check the server's "command" in the workspace settings.`;

/** A start that consent does not cover; permanent (a retry would not be asked about). */
export class ConsentError extends Error {
  readonly code = 'MCP_CONSENT';
}

/** The server a remembered approval belongs to: where it is defined and its name. */
export function serverOf(definition: ServerDefinition): string {
  return `${definition.scope}:${definition.folder ?? ''}:${definition.name}`;
}

interface Pending {
  request: ConsentRequest;
  /** The answer, once it is stored (allowed or denied) or known not to be (dismissed, command missing). */
  remembered: Promise<ConsentAnswer | 'missing'>;
  settle(answer: ConsentAnswer | 'missing'): void;
}

export class ConsentPolicy {
  /** Questions not yet asked (collected until the current turn ends) and questions open, by hash. */
  private readonly pending = new Map<string, Pending>();
  private batch: Pending[] = [];
  /** Workspace servers the user has just confirmed elsewhere, by server: the exact definition they saw. */
  private readonly confirmed = new Map<string, ServerDefinition>();

  constructor(
    private readonly host: ConsentHost,
    private readonly load: DefinitionLoader,
  ) {}

  /**
   * The user confirmed this exact workspace server in another dialog (the registry's last install step
   * shows its command): its next start counts as allowed if it is still that definition, so the user
   * confirms once, not twice. Another server of that name, or a changed one, is asked about as usual.
   */
  confirmNextStart(definition: ServerDefinition): void {
    this.confirmed.set(serverOf(definition), definition);
  }

  /** True when the server may start now, or the reason it may not. `userAction`: ask again after a "deny". */
  async mayStart(definition: ServerDefinition, userAction: boolean): Promise<true | string> {
    if (definition.scope === 'user') return true;
    // Nothing of a workspace server is read (its env file) before the workspace is trusted.
    if (!this.host.isTrusted()) return UNTRUSTED_REASON;
    let loaded: LoadedDefinition;
    try {
      loaded = await this.load(definition);
    } catch (error) {
      return (error as Error).message;
    }
    const hash = consentHash(loaded);
    const remembered = this.host.recall(hash);
    if (remembered === 'allow') return true;
    if (remembered === 'deny' && !userAction) return DENIED_REASON;
    if (await this.wasConfirmed(loaded, hash)) {
      await this.allow(hash, loaded);
      return true;
    }
    const answer = await this.askWithOthers(hash, loaded);
    if (answer === 'missing') return missingCommandReason(definition.transport.type === 'stdio' ? definition.transport.command : '');
    if (answer === 'dismissed') return DISMISSED_REASON;
    return answer === 'allow' ? true : DENIED_REASON;
  }

  /**
   * At every start attempt, with the definition as it runs (SessionOptions.prepare): undefined when it
   * may run, else why not. A workspace server runs only as it was allowed: an env file edited after the
   * question, or a restart after the workspace lost trust, does not run unasked.
   */
  check(loaded: LoadedDefinition): string | undefined {
    if (loaded.scope === 'user') return undefined;
    if (!this.host.isTrusted()) return UNTRUSTED_REASON;
    return this.host.recall(consentHash(loaded)) === 'allow' ? undefined : CHANGED_REASON;
  }

  private async allow(hash: string, loaded: LoadedDefinition): Promise<void> {
    await this.host.remember(hash, 'allow');
    await this.host.rememberAllowed(serverOf(loaded), fingerprints(loaded));
  }

  private async wasConfirmed(loaded: LoadedDefinition, hash: string): Promise<boolean> {
    const seen = this.confirmed.get(serverOf(loaded));
    if (!seen) return false;
    this.confirmed.delete(serverOf(loaded));
    return consentHash(await this.load(seen).catch(() => seen as LoadedDefinition)) === hash;
  }

  /** Why this server is asked again, if it is: what changed since it was allowed, or a version's wider question. */
  private requestFor(loaded: LoadedDefinition): ConsentRequest {
    const before = this.host.recallAllowed(serverOf(loaded));
    if (before) return { definition: loaded, changed: changedSettings(before, fingerprints(loaded)) };
    return this.host.recall(legacyConsentHash(loaded)) === 'allow' ? { definition: loaded, upgraded: true } : { definition: loaded };
  }

  /**
   * Joins the question being collected (or one already open for the same configuration). The batch is
   * asked once the current turn ends: every start the configuration change triggered has joined by then.
   */
  private askWithOthers(hash: string, loaded: LoadedDefinition): Promise<ConsentAnswer | 'missing'> {
    const open = this.pending.get(hash);
    if (open) return open.remembered;
    let settle: Pending['settle'] = () => undefined;
    const answer = new Promise<ConsentAnswer | 'missing'>((resolve) => (settle = resolve));
    // The question stays open until its answer is stored: a start that comes in between (VS Code reports
    // one settings write as two changes) joins it instead of asking the same question a second time.
    const remembered = answer.then(async (given) => {
      if (given === 'allow') await this.allow(hash, loaded);
      else if (given === 'deny') await this.host.remember(hash, given);
      return given;
    });
    const entry: Pending = { request: this.requestFor(loaded), remembered, settle };
    this.pending.set(hash, entry);
    this.batch.push(entry);
    if (this.batch.length === 1) setImmediate(() => void this.askBatch());
    void remembered.catch(() => undefined).finally(() => this.pending.delete(hash));
    return remembered;
  }

  private async askBatch(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    const asked: Pending[] = [];
    for (const entry of batch) {
      const { definition } = entry.request;
      const missing = definition.transport.type === 'stdio' && !(await this.host.commandExists(definition).catch(() => true));
      if (missing) entry.settle('missing');
      else asked.push(entry);
    }
    if (asked.length === 0) return;
    try {
      const answers = await this.host.ask(asked.map((e) => e.request));
      asked.forEach((entry, i) => entry.settle(answers[i] ?? 'dismissed'));
    } catch {
      for (const entry of asked) entry.settle('dismissed');
    }
  }
}
