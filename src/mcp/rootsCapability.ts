// Roots: the host's folders, answered on `roots/list`. A server configured with `roots: false` gets none.
import type { Client, Root } from '@modelcontextprotocol/client';
import type { ClientCapability } from './clientCapability';
import type { ServerDefinition } from './serverDefinition';

export class RootsCapability implements ClientCapability {
  readonly capabilities = { roots: { listChanged: true } };

  constructor(private readonly getRoots: () => Root[]) {}

  install(client: Client, definition: ServerDefinition): void {
    client.setRequestHandler('roots/list', async () => ({ roots: definition.roots ? this.getRoots() : [] }));
  }
}
