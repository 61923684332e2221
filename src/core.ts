// The heavy half of the extension: everything that needs the MCP SDK or zod when it loads (about
// 800 KB). It is bundled separately as dist/core.js and loaded by coreLoader.ts after activate() has
// returned, so that activation only loads the light half (views, commands, settings reading).
export { UriTemplate } from '@modelcontextprotocol/client';
export { resolveServers } from './config/resolveServers';
export { parseServerEntry } from './config/serverSchema';
export { McpSession } from './mcp/session';
// Reading other tools' MCP configurations (JSON with comments) for "Import Servers…".
export { freeName, parseConfig, referencedInputIds } from './import/importFormats';
// The SDK's JSON Schema validator (Ajv, with formats), for tool inputs and outputs and elicitation
// answers checked in the UI (src/tools/schemaValidation.ts).
export { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
// Errors with a JSON-RPC code, thrown from sampling and elicitation handlers so the server gets them as-is.
export { ProtocolError } from '@modelcontextprotocol/client';
