// Who may start which server. Workspace and folder settings come with the repository: a server defined
// there runs the repository's code (stdio) or sends the repository's URL and headers, which may hold
// `${env:…}` credentials (HTTP). It never starts in an untrusted workspace, and it asks once per
// configuration (a hash of scope, name and command/args/env/cwd or URL/headers; a change asks again).
// Starts that arrive together (a window opening, an import) are asked together: one question for all
// pending servers, each with its exact command, allowing all or some. A command that does not exist is
// not asked about: the server says it is missing. No `vscode` import: the prompt, the storage and the
// command lookup are passed in, so the policy is unit-tested.
import { createHash } from 'node:crypto';
import type { ServerDefinition } from '../mcp/serverDefinition';

export type ConsentAnswer = 'allow' | 'deny' | 'dismissed';

export interface ConsentHost {
  isTrusted(): boolean;
  /** The remembered answer for a configuration hash. */
  recall(hash: string): 'allow' | 'deny' | undefined;
  remember(hash: string, answer: 'allow' | 'deny'): Promise<void>;
  /** One question for every server in `definitions`: the answer for each (by position). */
  ask(definitions: readonly ServerDefinition[]): Promise<ConsentAnswer[]>;
  /** Whether a stdio server's command can be found (trust/commandLookup.ts). */
  commandExists(definition: ServerDefinition): Promise<boolean>;
}

export const UNTRUSTED_REASON = 'Not started: this workspace is not trusted, and the server is defined in its settings.';
export const DENIED_REASON = 'Not started: you declined to run this workspace server. Use Start to be asked again.';
export const DISMISSED_REASON = 'Not started: waiting for your approval. Use Start to be asked again.';
export const missingCommandReason = (command: string) =>
  `Not started: the command '${command}' was not found (not on the PATH, and no such file). Check the server's "command" in the workspace settings.`;

export function consentHash(definition: ServerDefinition): string {
  const t = definition.transport;
  const material = t.type === 'stdio' ? { command: t.command, args: t.args, env: t.env, cwd: t.cwd } : { type: t.type, url: t.url, headers: t.headers };
  return createHash('sha256').update(JSON.stringify([definition.scope, definition.folder ?? '', definition.name, material])).digest('hex');
}

interface Pending {
  definition: ServerDefinition;
  answer: Promise<ConsentAnswer | 'missing'>;
  settle(answer: ConsentAnswer | 'missing'): void;
}

export class ConsentPolicy {
  /** Questions not yet asked (collected until the current turn ends) and questions open, by hash. */
  private readonly pending = new Map<string, Pending>();
  private batch: Pending[] = [];
  /** Workspace servers the user has just confirmed elsewhere (a registry install showing the exact command). */
  private readonly confirmed = new Set<string>();

  constructor(private readonly host: ConsentHost) {}

  /**
   * The user confirmed the workspace server `name` with its exact command in another dialog (the
   * registry's last install step): its next start counts as allowed, so the user confirms once, not twice.
   */
  confirmNextStart(name: string): void {
    this.confirmed.add(name);
  }

  /** True when the server may start now, or the reason it may not. `userAction`: ask again after a "deny". */
  async mayStart(definition: ServerDefinition, userAction: boolean): Promise<true | string> {
    if (definition.scope === 'user') return true;
    if (!this.host.isTrusted()) return UNTRUSTED_REASON;
    const hash = consentHash(definition);
    const remembered = this.host.recall(hash);
    if (remembered === 'allow') return true;
    if (remembered === 'deny' && !userAction) return DENIED_REASON;
    if (this.confirmed.delete(definition.name)) {
      await this.host.remember(hash, 'allow');
      return true;
    }
    const answer = await this.askWithOthers(hash, definition);
    if (answer === 'missing') return missingCommandReason(definition.transport.type === 'stdio' ? definition.transport.command : '');
    if (answer === 'dismissed') return DISMISSED_REASON;
    await this.host.remember(hash, answer);
    return answer === 'allow' ? true : DENIED_REASON;
  }

  /**
   * Joins the question being collected (or one already open for the same configuration). The batch is
   * asked once the current turn ends: every start the configuration change triggered has joined by then.
   */
  private askWithOthers(hash: string, definition: ServerDefinition): Promise<ConsentAnswer | 'missing'> {
    const open = this.pending.get(hash);
    if (open) return open.answer;
    let settle: Pending['settle'] = () => undefined;
    const answer = new Promise<ConsentAnswer | 'missing'>((resolve) => (settle = resolve));
    const entry: Pending = { definition, answer, settle };
    this.pending.set(hash, entry);
    this.batch.push(entry);
    if (this.batch.length === 1) setImmediate(() => void this.askBatch());
    void answer.finally(() => this.pending.delete(hash));
    return answer;
  }

  private async askBatch(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    const asked: Pending[] = [];
    for (const entry of batch) {
      const missing = entry.definition.transport.type === 'stdio' && !(await this.host.commandExists(entry.definition).catch(() => true));
      if (missing) entry.settle('missing');
      else asked.push(entry);
    }
    if (asked.length === 0) return;
    try {
      const answers = await this.host.ask(asked.map((e) => e.definition));
      asked.forEach((entry, i) => entry.settle(answers[i] ?? 'dismissed'));
    } catch {
      for (const entry of asked) entry.settle('dismissed');
    }
  }
}
