// The ids of the extension's views, its chat participant and the context keys its `when` clauses use
// (package.json `contributes.views`, `chatParticipants`, menus). No `vscode` import.
export const ViewIds = {
  servers: 'mcpClient.servers',
  resources: 'mcpClient.resources',
  tools: 'mcpClient.tools',
  tasks: 'mcpClient.tasks',
  skills: 'mcpClient.skills',
  /** Calls made by hand (src/workbench/history/). */
  history: 'mcpClient.history',
  /** The Panel's MCP App view (a webview). */
  app: 'mcpClient.app',
} as const;

/** The editor tabs of MCP Apps (webview panels). */
export const APP_PANEL_TYPE = 'mcpClient.app';

/** The command VS Code generates to focus a view. */
export const focusViewCommand = (view: (typeof ViewIds)[keyof typeof ViewIds]) => `${view}.focus`;

export const CHAT_PARTICIPANT_ID = 'mcpClient.chat';
export const STATUS_BAR_ITEM_ID = 'mcpClient.status';

export const ContextKeys = {
  /** Set once the servers have been read: the views' welcome content waits for it. */
  ready: 'mcpClient.ready',
  /** An app is shown in the Panel's MCP App view (its title bar's actions). */
  inlineAppOpen: 'mcpClient.inlineAppOpen',
  /** The active tab shows the result of a tool call in the history (its title bar offers Save as Test). */
  toolResultActive: 'mcpClient.toolResultActive',
} as const;
