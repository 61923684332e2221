// sampling/createMessage: declares the capability (with tools, 2025-11-25) and hands every request,
// with the name of the server asking, to the SamplingService. No SDK runtime import.
import type { Client, CreateMessageRequestParams, CreateMessageResult, CreateMessageResultWithTools } from '@modelcontextprotocol/client';
import type { ClientCapability } from '../mcp/clientCapability';
import type { ServerDefinition } from '../mcp/serverDefinition';

export interface SamplingHandler {
  createMessage(server: ServerDefinition, params: CreateMessageRequestParams, signal: AbortSignal): Promise<CreateMessageResult | CreateMessageResultWithTools>;
}

export class SamplingCapability implements ClientCapability {
  readonly capabilities = { sampling: { tools: {} } };

  constructor(readonly handler: SamplingHandler) {}

  install(client: Client, definition: ServerDefinition): void {
    client.setRequestHandler('sampling/createMessage', (request, ctx) => this.handler.createMessage(definition, request.params, ctx.mcpReq.signal) as never);
  }
}
