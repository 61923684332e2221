import * as assert from 'node:assert/strict';
import { displayNameOf, parseResourceUri, resourceUriParts } from '../../../src/resources/resourceUri';

describe('resource URIs', () => {
  const cases = [
    'file:///home/me/notes.md',
    'notes://journal/7',
    'https://example.com/a%20b/c?x=1&y=a/b#frag',
    'db://users?where=name%3D%27O%27Brien%27',
    'urn:isbn:0451450523',
    'weird scheme://with spaces/and/ünïcödé/😀.txt',
    'custom:/a//b///c/',
  ];
  for (const uri of cases) {
    it(`round-trips ${uri}`, () => {
      const parts = resourceUriParts({ server: 'my server/with:odd@chars', uri });
      const parsed = parseResourceUri(parts);
      assert.deepEqual({ server: parsed?.server, uri: parsed?.uri }, { server: 'my server/with:odd@chars', uri });
      assert.doesNotMatch(parts.path, /%3A|%2F/i, 'the resource URI is not encoded whole into the path');
      assert.ok(parts.path.startsWith('/my server∕with:odd@chars/'), parts.path);
    });
  }

  it('shows the resource URI\'s scheme, authority and folders as readable path segments', () => {
    assert.equal(resourceUriParts({ server: 'everything', uri: 'demo://resource/static/document/1' }, '1.txt').path, '/everything/demo/resource/static/document/1.txt');
    assert.equal(resourceUriParts({ server: 's', uri: 'https://example.com/a%20b/c?x=1&y=a/b#frag' }).path, '/s/https/example.com/a%20b/c');
    assert.equal(resourceUriParts({ server: 's', uri: 'urn:isbn:0451450523' }).path, '/s/urn/isbn:0451450523');
  });

  it('names the document after the last segment, keeping its extension', () => {
    assert.equal(displayNameOf('file:///home/me/notes.md'), 'notes.md');
    assert.equal(displayNameOf('https://example.com/data.json?x=1#y'), 'data.json');
    assert.equal(displayNameOf('urn:isbn:0451450523'), 'isbn:0451450523');
    assert.equal(displayNameOf('notes://'), 'resource');
  });

  it('rejects URIs that are not resource addresses', () => {
    assert.equal(parseResourceUri({ query: '' }), undefined);
    assert.equal(parseResourceUri({ query: 'server=s' }), undefined);
    assert.equal(parseResourceUri({ query: 'uri=x%3A%2F%2Fy' }), undefined);
  });
});
