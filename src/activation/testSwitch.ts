// The test switch, on its own so that the first bundle (activate.ts) reads it without loading the hooks.
/** True in the test runner's extension host only (scripts/test.mjs sets MCP_CLIENT_TEST_HOOKS=1). */
export const testHooksEnabled = (): boolean => process.env.MCP_CLIENT_TEST_HOOKS === '1';
