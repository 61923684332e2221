// Which content of a resources/read result is the app, what its `_meta.ui` may declare, and when the
// listing is asked: odd declarations are read as nothing declared, never as a wider grant.
import * as assert from 'node:assert/strict';
import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { readUiResource, uiResourceFromRead } from '../../../../src/mcp/apps/uiResource';

const URI = 'ui://example/app.html';
const MIME = 'text/html;profile=mcp-app';

describe('MCP Apps: UI resource rules', () => {
  it('takes the content with the asked URI, else the first one', () => {
    const read: ReadResourceResult = {
      contents: [
        { uri: 'ui://example/other.html', mimeType: 'text/plain', text: 'other' },
        { uri: URI, mimeType: MIME, text: '<p>mine</p>' },
      ],
    };
    assert.equal(uiResourceFromRead(URI, read).html, '<p>mine</p>');
    const renamed: ReadResourceResult = { contents: [{ uri: 'ui://example/renamed.html', mimeType: MIME, text: '<p>first</p>' }, { uri: 'ui://x', mimeType: MIME, text: 'second' }] };
    assert.equal(uiResourceFromRead(URI, renamed).html, '<p>first</p>');
  });

  it('says when the content declares no type', () => {
    assert.throws(() => uiResourceFromRead(URI, { contents: [{ uri: URI, text: 'x' }] }), /^Error: ui:\/\/example\/app\.html is of no declared type, not an MCP App \(text\/html;profile=mcp-app\)\.$/);
  });

  it('reads `_meta.ui` only when it is an object, and each permission only when it is one', () => {
    const withUi = (ui: unknown) => uiResourceFromRead(URI, { contents: [{ uri: URI, mimeType: MIME, text: 'x', _meta: { ui } }] });
    for (const odd of ['csp', 7, true, null]) {
      const resource = withUi(odd);
      assert.deepEqual([resource.permissions, resource.prefersBorder, resource.csp.connect], [{}, undefined, []], JSON.stringify(odd));
    }
    assert.deepEqual(withUi({ permissions: { camera: {}, microphone: true, geolocation: 'yes', clipboardWrite: null, usb: {} } }).permissions, { camera: {} });
    assert.deepEqual(withUi({ permissions: 'all' }).permissions, {});
    assert.deepEqual(withUi({ permissions: ['camera'] }).permissions, {}, 'a list names no permission');
    assert.deepEqual(withUi({ permissions: { camera: {}, microphone: {}, geolocation: {}, clipboardWrite: {} } }).permissions, { camera: {}, microphone: {}, geolocation: {}, clipboardWrite: {} });
    assert.equal(withUi({ prefersBorder: 'false' }).prefersBorder, undefined);
    assert.equal(withUi({ prefersBorder: true }).prefersBorder, true);
  });

  it('decodes the blob when a content carries a text that is not a string', () => {
    const odd = { uri: URI, mimeType: MIME, text: 42, blob: Buffer.from('<p>from blob</p>').toString('base64') } as unknown as ReadResourceResult['contents'][number];
    assert.equal(uiResourceFromRead(URI, { contents: [odd] }).html, '<p>from blob</p>');
  });

  it("does not ask the listing when the app's content carries `_meta.ui`, whatever the other contents hold", async () => {
    let listed = 0;
    const read: ReadResourceResult = {
      contents: [
        { uri: URI, mimeType: MIME, text: '<p>app</p>', _meta: { ui: { prefersBorder: true } } },
        { uri: 'ui://example/other.html', mimeType: MIME, text: 'x' },
      ],
    };
    const server = { readResource: async () => read, listResources: async () => (listed++, []) };
    assert.equal((await readUiResource(server, URI)).prefersBorder, true);
    assert.equal(listed, 0);
  });

  it("prefers the content's `_meta.ui` over the listing's", () => {
    const read: ReadResourceResult = { contents: [{ uri: URI, mimeType: MIME, text: 'x', _meta: { ui: { prefersBorder: true } } }] };
    assert.equal(uiResourceFromRead(URI, read, { _meta: { ui: { prefersBorder: false } } }).prefersBorder, true);
    const bare: ReadResourceResult = { contents: [{ uri: URI, mimeType: MIME, text: 'x', _meta: { ui: 'odd' } }] };
    assert.equal(uiResourceFromRead(URI, bare, { _meta: { ui: { prefersBorder: false } } }).prefersBorder, false);
  });

  it("asks the listing when only another content carries `_meta.ui`", async () => {
    let listed = 0;
    const read: ReadResourceResult = {
      contents: [
        { uri: URI, mimeType: MIME, text: '<p>app</p>' },
        { uri: 'ui://example/other.html', mimeType: MIME, text: 'x', _meta: { ui: { prefersBorder: true } } },
      ],
    };
    const server = {
      readResource: async () => read,
      listResources: async () => (listed++, [{ uri: URI, _meta: { ui: { prefersBorder: false } } }]),
    };
    assert.equal((await readUiResource(server, URI)).prefersBorder, false);
    assert.equal(listed, 1);
  });
});
