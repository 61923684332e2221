// Reading a UI resource (src/mcp/apps/uiResource.ts): the HTML as text or base64, `_meta.ui` from the
// read content or, as the spec says, from the resource's listing, and a clear refusal of anything that is
// not an MCP App document.
import * as assert from 'node:assert/strict';
import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { readUiResource } from '../../../../src/mcp/apps/uiResource';

const URI = 'ui://example/app.html';
const MIME = 'text/html;profile=mcp-app';
const csp = { connectDomains: ['https://api.example.com'] };

function server(read: ReadResourceResult, listing: () => Promise<{ uri: string; _meta?: unknown }[]>) {
  let listed = 0;
  return {
    get listed() {
      return listed;
    },
    readResource: async () => read,
    listResources: () => {
      listed++;
      return listing();
    },
  };
}

describe('MCP Apps: reading a UI resource', () => {
  it('takes the HTML and `_meta.ui` from the read content, without listing', async () => {
    const s = server({ contents: [{ uri: URI, mimeType: MIME, text: '<p>hi</p>', _meta: { ui: { csp, permissions: { camera: {} }, prefersBorder: false } } }] }, async () => []);
    const resource = await readUiResource(s, URI);
    assert.equal(resource.html, '<p>hi</p>');
    assert.deepEqual(resource.csp.connect, ['https://api.example.com']);
    assert.deepEqual(resource.permissions, { camera: {} });
    assert.equal(resource.prefersBorder, false);
    assert.equal(s.listed, 0);
  });

  it('decodes a base64 blob, and falls back to the listing for `_meta.ui`', async () => {
    const s = server({ contents: [{ uri: URI, mimeType: MIME, blob: Buffer.from('<p>ünïcode</p>').toString('base64') }] }, async () => [
      { uri: 'ui://other/app.html' },
      { uri: URI, _meta: { ui: { csp } } },
    ]);
    const resource = await readUiResource(s, URI);
    assert.equal(resource.html, '<p>ünïcode</p>');
    assert.deepEqual(resource.csp.connect, ['https://api.example.com']);
    assert.equal(s.listed, 1);
  });

  it('keeps the restrictive defaults when the listing fails or says nothing', async () => {
    const failing = server({ contents: [{ uri: URI, mimeType: MIME, text: '<p>x</p>' }] }, async () => {
      throw new Error('resources/list failed');
    });
    const resource = await readUiResource(failing, URI);
    assert.deepEqual([resource.csp.connect, resource.csp.resource, resource.permissions, resource.prefersBorder], [[], [], {}, undefined]);
  });

  it('refuses a resource that is not an MCP App document', async () => {
    const markdown = server({ contents: [{ uri: URI, mimeType: 'text/html', text: '<p>x</p>' }] }, async () => []);
    await assert.rejects(readUiResource(markdown, URI), /ui:\/\/example\/app\.html is of type text\/html, not an MCP App \(text\/html;profile=mcp-app\)\./);
    await assert.rejects(readUiResource(server({ contents: [] }, async () => []), URI), /has no content/);
  });
});
