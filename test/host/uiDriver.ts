// The host tests' hands: asks the test runner to act on the workbench with Playwright, as a person would
// (scripts/host/uiDriver.mjs; its address is in MCP_CLIENT_UI_DRIVER, set by scripts/host/runHostTests.mjs).
// Clicks and reads inside an MCP App go into the app's own frame, nested in its webview.

async function act<T>(action: string, args: Record<string, unknown>): Promise<T> {
  const url = process.env.MCP_CLIENT_UI_DRIVER;
  if (!url) throw new Error('MCP_CLIENT_UI_DRIVER is not set: run the host tests with scripts/test.mjs');
  const response = await fetch(url, { method: 'POST', body: JSON.stringify({ action, ...args }) });
  const answer = (await response.json()) as { value?: T; error?: string };
  if (answer.error !== undefined) throw new Error(`UI driver, ${action}: ${answer.error}`);
  return answer.value as T;
}

export const ui = {
  appText: (instance: string, selector: string) => act<string | undefined>('appText', { instance, selector }),
  appClick: (instance: string, selector: string) => act<boolean>('appClick', { instance, selector }),
  appSelect: (instance: string, selector: string, value: string) => act<boolean>('appSelect', { instance, selector, value }),
  appFrameBox: (instance: string) => act<{ width: number; height: number; sandbox: string; allow: string | null }>('appFrameBox', { instance }),
  appDiagnostics: (instance: string) => act<{ violations: string[]; errors: string[] }>('appDiagnostics', { instance }),
  appRead: (instance: string, selector: string) => act<string | null>('appRead', { instance, selector }),
  appShot: (instance: string, path?: string) => act<{ mean: number; background: number; width: number; height: number; prefersDark: boolean }>('appShot', { instance, path }),
  appExists: (instance: string) => act<boolean>('appExists', { instance }),
  appColors: (instance: string) => act<{ prefersDark: boolean; meta: string | null; background: string | null }>('appColors', { instance }),
  appCount: (instance: string, selector: string) => act<number>('appCount', { instance, selector }),
  attribute: (selector: string, name: string) => act<string | null>('attribute', { selector, name }),
  click: (selector: string, text?: string) => act<boolean>('click', { selector, text }),
  text: (selector: string, options: { text?: string; exact?: boolean; wait?: boolean } = {}) => act<string | null>('text', { selector, ...options }),
  type: (text: string, options: { thenPress?: string } = {}) => act<boolean>('type', { text, ...options }),
  press: (key: string) => act<boolean>('press', { key }),
  screenshot: (path: string) => act<boolean>('screenshot', { path }),
  tabs: () => act<{ workbench: string; tabs: { url: string; text: string }[] }>('tabs', {}),
};
