// Every command id of the extension, in one table (as VS Code's mcpCommandIds.ts). The contributed ones
// are also in package.json (`contributes.commands`); a unit test keeps the two in step. No `vscode`
// import. Test-only commands are not here: they live with the test hooks (src/activation/testHooks.ts).
export const CommandIds = {
  // Servers (src/servers/)
  addServer: 'mcpClient.addServer',
  openSettings: 'mcpClient.openSettings',
  startServer: 'mcpClient.startServer',
  stopServer: 'mcpClient.stopServer',
  restartServer: 'mcpClient.restartServer',
  showOutput: 'mcpClient.showOutput',
  showServers: 'mcpClient.showServers',
  // Sandbox (src/sandbox/): the Servers view's "Allow … for This Server"
  allowSandboxAccess: 'mcpClient.sandbox.allow',
  // Trust (src/trust/)
  resetConsent: 'mcpClient.resetConsent',
  // Prompts (src/prompts/)
  runPrompt: 'mcpClient.runPrompt',
  // Resources (src/resources/)
  openResource: 'mcpClient.resources.open',
  openResourceToSide: 'mcpClient.resources.openToSide',
  copyResourceUri: 'mcpClient.resources.copyUri',
  refreshResources: 'mcpClient.resources.refresh',
  loadMoreResources: 'mcpClient.resources.loadMore',
  askAboutResource: 'mcpClient.resources.ask',
  findResource: 'mcpClient.resources.find',
  openResourceTemplate: 'mcpClient.resources.openTemplate',
  // Tools (src/tools/)
  callTool: 'mcpClient.tools.call',
  refreshTools: 'mcpClient.tools.refresh',
  chooseMcpJsonRunner: 'mcpClient.servers.chooseMcpJsonRunner',
  sendToolArguments: 'mcpClient.tools.sendArguments',
  cancelToolArguments: 'mcpClient.tools.cancelArguments',
  // Tasks (src/tasks/)
  cancelTask: 'mcpClient.tasks.cancel',
  openTaskResult: 'mcpClient.tasks.openResult',
  clearEndedTasks: 'mcpClient.tasks.clearEnded',
  // Skills (src/skills/)
  refreshSkills: 'mcpClient.skills.refresh',
  openSkillFile: 'mcpClient.skills.openFile',
  askAboutSkill: 'mcpClient.skills.ask',
  // Sampling (src/sampling/)
  showSamplingLog: 'mcpClient.sampling.showLog',
  // Sign-in (src/auth/)
  signIn: 'mcpClient.signIn',
  signOut: 'mcpClient.signOut',
  // Import (src/import/)
  importServers: 'mcpClient.importServers',
  // Inputs (src/inputs/)
  editInput: 'mcpClient.inputs.edit',
  clearInputs: 'mcpClient.inputs.clear',
  // MCP Apps (src/apps/): the Panel view's title bar (inline), an app's editor tab, the chat's button, resources
  openApp: 'mcpClient.apps.open',
  openAppResource: 'mcpClient.apps.openResource',
  openAppInEditor: 'mcpClient.apps.openInEditor',
  moveAppToPanel: 'mcpClient.apps.moveToPanel',
  showInlineAppSource: 'mcpClient.apps.showInlineSource',
  showAppSource: 'mcpClient.apps.showSource',
  closeInlineApp: 'mcpClient.apps.closeInline',
  closeApp: 'mcpClient.apps.close',
  // MCP registry (src/registry/)
  browseRegistry: 'mcpClient.registry.browse',
  installFromRegistry: 'mcpClient.registry.install',
  updateServer: 'mcpClient.registry.update',
  checkForServerUpdates: 'mcpClient.registry.checkForUpdates',
  // The server author's workbench (src/workbench/): Protocol view, call history, saved calls as tests, doctor
  showProtocol: 'mcpClient.workbench.showProtocol',
  openProtocolLog: 'mcpClient.workbench.openProtocolLog',
  showHistoryResult: 'mcpClient.history.showResult',
  runHistoryEntry: 'mcpClient.history.runAgain',
  editHistoryEntry: 'mcpClient.history.editAndRun',
  pinHistoryEntry: 'mcpClient.history.pin',
  unpinHistoryEntry: 'mcpClient.history.unpin',
  removeHistoryEntry: 'mcpClient.history.remove',
  clearHistory: 'mcpClient.history.clear',
  saveAsTest: 'mcpClient.tests.saveAsTest',
  updateSnapshot: 'mcpClient.tests.updateSnapshot',
  diagnoseServer: 'mcpClient.diagnoseServer',
} as const;

export type CommandId = (typeof CommandIds)[keyof typeof CommandIds];

/** Commands of VS Code itself that the extension runs. */
export const VscodeCommandIds = {
  openSettings: 'workbench.action.openSettings',
  openSettingsJson: 'workbench.action.openSettingsJson',
  setContext: 'setContext',
  showMarkdownPreview: 'markdown.showPreview',
  openChat: 'workbench.action.chat.open',
} as const;
