// The session layer's public surface. Nothing under src/mcp imports `vscode`.
export * from './connection';
export * from './errors';
export * from './lifecycle';
export * from './logger';
export * from './pagination';
export * from './restartPolicy';
export * from './rootsFeature';
export * from './serverDefinition';
export * from './session';
export * from './sessionManager';
