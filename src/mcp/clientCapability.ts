// A host feature that needs a client capability and request handlers on every connection: roots,
// sampling, elicitation. Each installs its handlers on the SDK client before the handshake.
import type { Client, ClientCapabilities } from '@modelcontextprotocol/client';
import type { ServerDefinition } from './serverDefinition';

export interface ClientCapability {
  readonly capabilities: ClientCapabilities;
  install(client: Client, definition: ServerDefinition): void;
}
