// elicitation/create: declares form and URL modes and hands each request, with the name of the
// server asking, to the UI (ElicitationPrompter). notifications/elicitation/complete ends a pending
// URL elicitation. No SDK runtime import: only the client's handler registration is used.
import type { Client, ElicitRequestFormParams, ElicitRequestURLParams, ElicitResult } from '@modelcontextprotocol/client';
import type { ClientCapability } from '../mcp/clientCapability';
import type { ServerDefinition } from '../mcp/serverDefinition';

export interface ElicitationPrompter {
  form(server: string, params: ElicitRequestFormParams, signal: AbortSignal): Promise<ElicitResult>;
  url(server: string, params: ElicitRequestURLParams, signal: AbortSignal): Promise<ElicitResult>;
  completed(server: string, elicitationId: string): void;
}

export class ElicitationCapability implements ClientCapability {
  readonly capabilities = { elicitation: { form: {}, url: {} } };

  constructor(readonly prompter: ElicitationPrompter) {}

  install(client: Client, definition: ServerDefinition): void {
    client.setRequestHandler('elicitation/create', async (request, ctx) => {
      const params = request.params;
      if (params.mode === 'url') return this.prompter.url(definition.name, params, ctx.mcpReq.signal);
      return this.prompter.form(definition.name, params as ElicitRequestFormParams, ctx.mcpReq.signal);
    });
    client.setNotificationHandler('notifications/elicitation/complete', (n) => this.prompter.completed(definition.name, n.params.elicitationId));
  }
}
