// elicitation/create: declares form and URL modes and hands each request, with the name of the
// server asking, to the UI (ElicitationPrompter). notifications/elicitation/complete ends a pending
// URL elicitation. No SDK runtime import: only the client's handler registration is used.
import type { Client, ElicitRequestFormParams, ElicitRequestURLParams, ElicitResult } from '@modelcontextprotocol/client';
import type { ClientCapability } from '../mcp/clientCapability';
import type { ServerDefinition } from '../mcp/serverDefinition';
import { ElicitationLimits } from './elicitationLimits';

export interface ElicitationPrompter {
  form(server: string, params: ElicitRequestFormParams, signal: AbortSignal): Promise<ElicitResult>;
  url(server: string, params: ElicitRequestURLParams, signal: AbortSignal): Promise<ElicitResult>;
  completed(server: string, elicitationId: string): void;
}

export class ElicitationCapability implements ClientCapability {
  readonly capabilities = { elicitation: { form: {}, url: {} } };

  constructor(
    readonly prompter: ElicitationPrompter,
    private readonly limits = new ElicitationLimits(),
  ) {}

  install(client: Client, definition: ServerDefinition): void {
    client.setRequestHandler('elicitation/create', (request, ctx) => this.ask(definition.name, request.params, ctx.mcpReq.signal));
    client.setNotificationHandler('notifications/elicitation/complete', (n) => this.prompter.completed(definition.name, n.params.elicitationId));
  }

  /** One elicitation of `server`, in its turn and within its limits (elicitationLimits.ts). */
  ask(server: string, params: ElicitRequestFormParams | ElicitRequestURLParams, signal: AbortSignal): Promise<ElicitResult> {
    return this.limits.run(server, () => {
      if (signal.aborted) return Promise.resolve<ElicitResult>({ action: 'cancel' });
      if (params.mode === 'url') return this.prompter.url(server, params, signal);
      return this.prompter.form(server, params as ElicitRequestFormParams, signal);
    });
  }
}
