// The page around an app (src/apps/appPage.ts) and VS Code's theme as the spec's style variables
// (src/apps/hostStyles.ts): every key of the spec, each value built only from VS Code's own variables,
// and a page whose attributes and script an app's title cannot break out of.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { sanitizeCsp, pageContentSecurityPolicy } from '../../../src/mcp/apps/appCsp';
import { appPageHtml } from '../../../src/apps/appPage';
import { specTheme, STYLE_VARIABLES } from '../../../src/apps/hostStyles';

const schema = createRequire(__filename)('@modelcontextprotocol/ext-apps/schema.json') as {
  $defs: { McpUiStyleVariableKey: { anyOf: { const: string }[] } };
};

describe('MCP Apps: the page and the theme', () => {
  it('gives every style variable of the spec, each from VS Code variables and constants only', () => {
    const keys = schema.$defs.McpUiStyleVariableKey.anyOf.map((k) => k.const).sort();
    assert.deepEqual(Object.keys(STYLE_VARIABLES).sort(), keys);
    for (const [key, value] of Object.entries(STYLE_VARIABLES)) {
      assert.ok(!/url\(|expression\(|@import|;/i.test(value), `${key}: ${value}`);
      for (const name of value.matchAll(/var\((--[\w-]+)/g)) assert.match(name[1]!, /^--vscode-/, key);
    }
  });

  it('keeps the polarity of high-contrast themes', () => {
    assert.deepEqual((['light', 'dark', 'hc-light', 'hc-dark'] as const).map(specTheme), ['light', 'dark', 'light', 'dark']);
  });

  it('writes the page with its policy, and an app title cannot break out of the attributes or the script', () => {
    const pagePolicy = pageContentSecurityPolicy(sanitizeCsp({ connectDomains: ['https://api.example.com'] }));
    const html = appPageHtml({
      instance: 'app-1',
      title: '"><script>alert(1)</script>',
      pagePolicy,
      sandbox: 'allow-scripts allow-forms',
      proxy: '<!DOCTYPE html><script>"proxy"</script>',
      allow: 'clipboard-write',
      mode: 'inline',
      border: true,
      relayScript: 'const a = "</script><script>alert(2)";',
      loadingText: 'Loading <b>',
    });
    assert.ok(html.includes(`<meta http-equiv="Content-Security-Policy" content="${pagePolicy.replace(/'/g, "'")}">`));
    assert.equal((html.match(/<\/script>/g) ?? []).length, 1, 'one script element, ended once: the relay');
    assert.ok(html.includes('data-title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"'));
    assert.ok(html.includes('<\\/script><script>alert(2)'), 'the relay text cannot end its element');
    assert.ok(html.includes('data-sandbox="allow-scripts allow-forms"') && html.includes('data-allow="clipboard-write"'));
    assert.ok(html.includes('>Loading &lt;b&gt;</div>'));
    assert.ok(html.includes('data-proxy="&lt;!DOCTYPE html&gt;&lt;script&gt;&quot;proxy&quot;&lt;/script&gt;"'), 'the proxy document is an attribute, escaped');
  });
});
