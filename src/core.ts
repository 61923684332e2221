// The heavy half of the extension: everything that needs the MCP SDK or zod when it loads (about
// 800 KB). It is bundled separately as dist/core.js and loaded by coreLoader.ts after activate() has
// returned, so that activation only loads the light half (views, commands, settings reading).
export { UriTemplate } from '@modelcontextprotocol/client';
export { resolveServers } from './config/resolveServers';
export { parseServerEntry } from './config/serverSchema';
export { McpSession } from './mcp/session';
