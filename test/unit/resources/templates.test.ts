// Template expansion (through the SDK's UriTemplate), the file names that pick a document's language,
// document paths for the parts of a multi-content read, and decoding read results.
import * as assert from 'node:assert/strict';
import { fileNameFor } from '../../../src/resources/mimeTypes';
import { formatSize, partsOf, totalSize } from '../../../src/resources/resourceContents';
import { documentUriParts, parseDocumentUri, partUriParts } from '../../../src/resources/resourceDocuments';
import { expandTemplate, filledValues, templateVariables } from '../../../src/resources/templateExpansion';

describe('resource templates', () => {
  it('lists the variables of a template in order, each once', () => {
    assert.deepEqual(templateVariables('fixture://users/{user}/files/{file}'), ['user', 'file']);
    assert.deepEqual(templateVariables('db://q{?sql,limit}'), ['sql', 'limit']);
    assert.deepEqual(templateVariables('x://{a}/{a}{/rest}'), ['a', 'rest']);
    assert.deepEqual(templateVariables('plain://no-variables'), []);
  });

  it('expands simple, reserved and query expressions, percent-encoding values', () => {
    assert.equal(expandTemplate('fixture://users/{user}/files/{file}', { user: 'ada lovelace', file: 'a/b.md' }), 'fixture://users/ada%20lovelace/files/a%2Fb.md');
    assert.equal(expandTemplate('x://{+path}', { path: 'a/b c' }), 'x://a/b%20c');
    assert.equal(expandTemplate('db://q{?sql,limit}', { sql: 'select *', limit: '10' }), 'db://q?sql=select%20*&limit=10');
    assert.equal(expandTemplate('notes://{category}/{id}', { category: 'ideas', id: 'ü' }), 'notes://ideas/%C3%BC');
  });

  it('leaves out empty values, so optional query parts disappear', () => {
    assert.equal(expandTemplate('db://q{?sql,limit}', { sql: 'x', limit: '' }), 'db://q?sql=x');
    assert.equal(expandTemplate('db://q{?sql}', { sql: '' }), 'db://q');
    assert.deepEqual(filledValues({ a: '1', b: '' }), { a: '1' });
  });

  it('rejects a malformed template', () => {
    assert.throws(() => templateVariables('x://{unclosed'), /Unclosed/);
  });
});

describe('resource documents', () => {
  it('names documents so that VS Code picks the language by extension', () => {
    assert.equal(fileNameFor('clock', 'text/plain'), 'clock.txt');
    assert.equal(fileNameFor('welcome.md', 'text/markdown'), 'welcome.md');
    assert.equal(fileNameFor('notes.md', 'text/plain'), 'notes.md', 'a generic type keeps the extension');
    assert.equal(fileNameFor('stats', 'application/json; charset=utf-8'), 'stats.json');
    assert.equal(fileNameFor('report.data', 'application/vnd.api+json'), 'report.data.json');
    assert.equal(fileNameFor('pixel', 'image/png'), 'pixel.png');
    assert.equal(fileNameFor('photo.jpeg', 'image/jpeg'), 'photo.jpeg');
    assert.equal(fileNameFor('blob', 'application/x-unknown'), 'blob');
    assert.equal(fileNameFor('readme', undefined), 'readme');
  });

  it('addresses the parts of a multi-content read one segment below the resource', () => {
    const parent = documentUriParts({ server: 's', uri: 'fixture://multi' });
    const child = partUriParts(parent, 'part (2).md');
    assert.deepEqual(parseDocumentUri(parent), { server: 's', uri: 'fixture://multi' });
    assert.deepEqual(parseDocumentUri(child), { server: 's', uri: 'fixture://multi', part: 'part (2).md' });
    assert.equal(child.path, '/s/fixture/multi/part (2).md');
    assert.equal(documentUriParts({ server: 'my server', uri: 'notes://clock' }, { mimeType: 'text/plain' }).path.split('/').pop(), 'clock.txt');
  });

  it('decodes text and base64 blobs, knowing sizes before decoding, with unique part names', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d]);
    const parts = partsOf({
      contents: [
        { uri: 'x://a/part.md', mimeType: 'text/markdown', text: 'héllo' },
        { uri: 'x://b/part.md', mimeType: 'text/markdown', text: '' },
        { uri: 'x://c/pixel', mimeType: 'image/png', blob: png.toString('base64') },
      ],
    });
    assert.deepEqual(parts.map((p) => p.name), ['part.md', 'part (2).md', 'pixel.png']);
    assert.deepEqual(parts.map((p) => p.size), [6, 0, 5]);
    assert.equal(Buffer.from(parts[0]!.bytes()).toString('utf8'), 'héllo');
    assert.deepEqual(Buffer.from(parts[2]!.bytes()), png);
    assert.equal(totalSize(parts), 11);
  });

  it('formats sizes for people', () => {
    assert.equal(formatSize(512), '512 B');
    assert.equal(formatSize(1536), '1.5 KB');
    assert.equal(formatSize(50 * 1024 * 1024), '50 MB');
  });
});
