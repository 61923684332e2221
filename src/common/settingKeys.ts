// Every setting of the extension by its full key, in one table (package.json `contributes.configuration`
// declares them; a unit test keeps the two in step). Read with vscode.workspace.getConfiguration().get(key)
// or .inspect(key). No `vscode` import: vscode-free code names settings in its messages too.
export const SETTINGS_SECTION = 'mcpClient';

export const SettingKeys = {
  servers: 'mcpClient.servers',
  inputs: 'mcpClient.inputs',
  registryUrl: 'mcpClient.registry.url',
  registryHeaders: 'mcpClient.registry.headers',
  registryCheckForUpdates: 'mcpClient.registry.checkForUpdates',
  startServers: 'mcpClient.startServers',
  sandboxDefault: 'mcpClient.sandbox.default',
  logLevel: 'mcpClient.logLevel',
  promptsDefaultAction: 'mcpClient.prompts.defaultAction',
  resourcesMaxSizeMB: 'mcpClient.resources.maxSizeMB',
  toolsAutoApprove: 'mcpClient.tools.autoApprove',
  chatMaxToolRounds: 'mcpClient.chat.maxToolRounds',
  samplingApproval: 'mcpClient.sampling.approval',
  samplingModels: 'mcpClient.sampling.models',
  samplingReviewResponses: 'mcpClient.sampling.reviewResponses',
  samplingMaxRequestsPerMinute: 'mcpClient.sampling.maxRequestsPerMinute',
} as const;

/** VS Code's own per-folder MCP file, which MCP Client reads in place (config/vscodeMcpJson.ts). */
export const WORKSPACE_MCP_JSON = '.vscode/mcp.json';

export type SettingKey = (typeof SettingKeys)[keyof typeof SettingKeys];
