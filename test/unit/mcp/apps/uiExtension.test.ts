// What the client advertises for MCP Apps and how it reads a tool's `_meta.ui`
// (src/mcp/apps/uiExtension.ts): the same answers as @modelcontextprotocol/ext-apps' own helpers,
// which the UI bundle cannot load, and the capability as a server built with ext-apps sees it.
import * as assert from 'node:assert/strict';
import { getToolUiResourceUri, isToolVisibilityAppOnly, isToolVisibilityModelOnly, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/app-bridge';
import { EXTENSION_ID } from '@modelcontextprotocol/ext-apps/server';
import { AppsCapability, APP_MIME_TYPE, isAppResource, toolUiResourceUri, toolVisibility, UI_EXTENSION_ID } from '../../../../src/mcp/apps/uiExtension';
import { definition, newSession, stdio } from '../../helpers';
import type { McpSession } from '../../../../src/mcp/session';

const TOOLS = [
  {},
  { _meta: { ui: { resourceUri: 'ui://a/app.html' } } },
  { _meta: { 'ui/resourceUri': 'ui://legacy/app.html' } },
  { _meta: { ui: { resourceUri: 'ui://new/app.html' }, 'ui/resourceUri': 'ui://old/app.html' } },
  { _meta: { ui: { visibility: ['app'] } } },
  { _meta: { ui: { visibility: ['model'] } } },
  { _meta: { ui: { visibility: ['model', 'app'] } } },
  { _meta: { ui: { visibility: [] } } },
  { _meta: { ui: 'not an object' } },
];

describe('MCP Apps: the extension and tool metadata', () => {
  it('uses the identifiers of ext-apps', () => {
    assert.equal(UI_EXTENSION_ID, EXTENSION_ID);
    assert.equal(APP_MIME_TYPE, RESOURCE_MIME_TYPE);
  });

  it("reads a tool's UI resource and visibility as ext-apps does", () => {
    for (const tool of TOOLS) {
      assert.equal(toolUiResourceUri(tool), getToolUiResourceUri(tool), JSON.stringify(tool));
      const visibility = toolVisibility(tool);
      assert.equal(visibility.app && !visibility.model, isToolVisibilityAppOnly(tool), JSON.stringify(tool));
      assert.equal(visibility.model && !visibility.app, isToolVisibilityModelOnly(tool), JSON.stringify(tool));
    }
    assert.deepEqual(toolVisibility({}), { model: true, app: true }, 'both by default');
    assert.deepEqual(toolVisibility({ _meta: { ui: { visibility: [] } } }), { model: false, app: false });
  });

  it('ignores a resource URI that is not ui:// (where ext-apps throws)', () => {
    const tool = { _meta: { ui: { resourceUri: 'https://example.com/app.html' } } };
    assert.throws(() => getToolUiResourceUri(tool));
    assert.equal(toolUiResourceUri(tool), undefined);
  });

  it('tells app resources from documents', () => {
    assert.ok(isAppResource({ uri: 'ui://a/app.html', mimeType: APP_MIME_TYPE }));
    assert.ok(isAppResource({ uri: 'ui://a/app.html' }));
    assert.ok(!isAppResource({ uri: 'ui://a/readme.md', mimeType: 'text/markdown' }));
    assert.ok(!isAppResource({ uri: 'file:///app.html', mimeType: APP_MIME_TYPE }));
  });

  describe('advertised to a server', () => {
    const sessions: McpSession[] = [];
    after(() => Promise.all(sessions.map((s) => s.shutdown())));

    it('a server built with ext-apps sees the MIME type in the client capabilities, beside other extensions', async () => {
      const other = { capabilities: { extensions: { 'example.com/other': {} } }, install() {} };
      const session = newSession(definition('apps', stdio('appsFixture')), { capabilities: [other, new AppsCapability()] }, sessions);
      await session.start();
      await session.callTool({ name: 'show_panel', arguments: {} });
      const state = (await session.callTool({ name: 'fixture_state', arguments: {} })).structuredContent as { uiCapability: unknown; extensions: string[] };
      assert.deepEqual(state.uiCapability, { mimeTypes: [APP_MIME_TYPE] });
      assert.deepEqual(state.extensions.sort(), ['example.com/other', UI_EXTENSION_ID], 'both extensions are advertised');
    });

    it('and nothing without the feature', async () => {
      const session = newSession(definition('plain', stdio('appsFixture')), {}, sessions);
      await session.start();
      await session.callTool({ name: 'show_panel', arguments: {} });
      const state = (await session.callTool({ name: 'fixture_state', arguments: {} })).structuredContent as { uiCapability: unknown };
      assert.equal(state.uiCapability, null);
    });
  });
});
