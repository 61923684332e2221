// Who may start which server. Workspace and folder settings come with the repository, so a stdio
// server defined there runs the repository's code: it never starts in an untrusted workspace, and it
// asks once per configuration (a hash of command, args, env and cwd; a change asks again).
// No `vscode` import: the prompt and the storage are passed in, so the policy is unit-tested.
import { createHash } from 'node:crypto';
import type { ServerDefinition } from '../mcp/serverDefinition';

export type ConsentAnswer = 'allow' | 'deny' | 'dismissed';

export interface ConsentHost {
  isTrusted(): boolean;
  /** The remembered answer for a configuration hash. */
  recall(hash: string): 'allow' | 'deny' | undefined;
  remember(hash: string, answer: 'allow' | 'deny'): Promise<void>;
  ask(definition: ServerDefinition): Promise<ConsentAnswer>;
}

export const UNTRUSTED_REASON = 'Not started: this workspace is not trusted, and the server is defined in its settings.';
export const DENIED_REASON = 'Not started: you declined to run this workspace server. Use Start to be asked again.';
export const DISMISSED_REASON = 'Not started: waiting for your approval. Use Start to be asked again.';

export function consentHash(definition: ServerDefinition): string {
  const t = definition.transport;
  const material = t.type === 'stdio' ? { command: t.command, args: t.args, env: t.env, cwd: t.cwd } : { url: t.url };
  return createHash('sha256').update(JSON.stringify([definition.name, material])).digest('hex');
}

export class ConsentPolicy {
  private readonly pending = new Map<string, Promise<ConsentAnswer>>();

  constructor(private readonly host: ConsentHost) {}

  /** True when the server may start now, or the reason it may not. `userAction`: ask again after a "deny". */
  async mayStart(definition: ServerDefinition, userAction: boolean): Promise<true | string> {
    if (definition.scope === 'user') return true;
    if (!this.host.isTrusted()) return UNTRUSTED_REASON;
    // HTTP servers run no local code; trust is enough for them.
    if (definition.transport.type !== 'stdio') return true;
    const hash = consentHash(definition);
    const remembered = this.host.recall(hash);
    if (remembered === 'allow') return true;
    if (remembered === 'deny' && !userAction) return DENIED_REASON;
    const answer = await this.askOnce(hash, definition);
    if (answer === 'dismissed') return DISMISSED_REASON;
    await this.host.remember(hash, answer);
    return answer === 'allow' ? true : DENIED_REASON;
  }

  /** Several starts of one server (or one config) while the question is open share the one question. */
  private askOnce(hash: string, definition: ServerDefinition): Promise<ConsentAnswer> {
    let question = this.pending.get(hash);
    if (!question) {
      question = this.host.ask(definition).finally(() => this.pending.delete(hash));
      this.pending.set(hash, question);
    }
    return question;
  }
}
