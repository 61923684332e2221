import * as assert from 'node:assert/strict';
import { displayNameOf, parseResourcePath, resourcePath } from '../../../src/resources/resourceUri';

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
      const path = resourcePath({ server: 'my server/with:odd@chars', uri });
      assert.deepEqual(parseResourcePath(path), { server: 'my server/with:odd@chars', uri });
      assert.equal(path.split('/').length, 4, 'exactly three segments');
    });
  }

  it('names the document after the last segment, keeping its extension', () => {
    assert.equal(displayNameOf('file:///home/me/notes.md'), 'notes.md');
    assert.equal(displayNameOf('https://example.com/data.json?x=1#y'), 'data.json');
    assert.equal(displayNameOf('urn:isbn:0451450523'), 'isbn:0451450523');
    assert.equal(displayNameOf('notes://'), 'resource');
  });

  it('rejects paths that are not resource addresses', () => {
    assert.equal(parseResourcePath('/only-server'), undefined);
    assert.equal(parseResourcePath('no-leading-slash/a/b'), undefined);
    assert.equal(parseResourcePath('/s/%E0%A4%A/x'), undefined);
  });
});
