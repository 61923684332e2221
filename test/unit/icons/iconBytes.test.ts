// An icon's bytes must be one of four raster types by their magic numbers, with nothing close enough
// passing, and a data: URI is refused by its size before anything in it is decoded.
import * as assert from 'node:assert/strict';
import { checkIconBytes, checkIconSource, chooseIcons, MAX_ICON_BYTES, sniffIconType } from '../../../src/icons/iconRules';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const bytes = (...parts: (number[] | string)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('icon bytes', () => {
  it('recognises each type from its shortest possible signature', () => {
    assert.equal(sniffIconType(bytes(PNG_MAGIC)), 'image/png');
    assert.equal(sniffIconType(bytes([0xff, 0xd8, 0xff])), 'image/jpeg');
    assert.equal(sniffIconType(bytes('GIF87a')), 'image/gif');
    assert.equal(sniffIconType(bytes('GIF89a')), 'image/gif');
    assert.equal(sniffIconType(bytes('RIFF', [0, 0, 0, 0], 'WEBP')), 'image/webp');
  });

  it('refuses near misses: one byte off anywhere in the signature, or one byte short', () => {
    for (let i = 0; i < PNG_MAGIC.length; i++) {
      const off = [...PNG_MAGIC];
      off[i] = off[i]! ^ 0x01;
      assert.equal(sniffIconType(bytes(off, [0, 0, 0, 0])), undefined, `PNG byte ${i}`);
    }
    assert.equal(sniffIconType(bytes(PNG_MAGIC.slice(0, 7))), undefined, 'PNG, 7 bytes');
    for (const jpeg of [[0xfe, 0xd8, 0xff], [0xff, 0xd9, 0xff], [0xff, 0xd8, 0xfe], [0xff, 0xd8]]) {
      assert.equal(sniffIconType(bytes(jpeg, jpeg.length === 3 ? [0, 0] : [])), undefined, `JPEG ${jpeg}`);
    }
    for (const gif of ['GIF88a', 'GIF89b', 'gif89a', 'GIF8a', 'xGIF89a', 'GIF9a ']) {
      assert.equal(sniffIconType(bytes(gif, [0, 0])), undefined, gif);
    }
    assert.equal(sniffIconType(bytes('GIF89')), undefined, 'GIF, 5 bytes');
    assert.equal(sniffIconType(bytes('RIFX', [0, 0, 0, 0], 'WEBP')), undefined);
    assert.equal(sniffIconType(bytes('RIFF', [0, 0, 0, 0], 'WEBX')), undefined);
    assert.equal(sniffIconType(bytes('RIFF', [0, 0, 0, 0], 'WEB')), undefined, 'WebP, 11 bytes');
    assert.equal(sniffIconType(bytes('RIFF', [0, 0, 0], 'WEBP', [0])), undefined, 'WEBP at the wrong offset');
  });

  it('reads the bytes a view shows, not the whole buffer behind it', () => {
    const backing = bytes('junk!', PNG_MAGIC, 'more');
    assert.equal(sniffIconType(new Uint8Array(backing.buffer, backing.byteOffset + 5, 8)), 'image/png');
    assert.equal(sniffIconType(new Uint8Array(backing.buffer, backing.byteOffset, 8)), undefined);
  });
});

describe('icon data: URIs', () => {
  const png = bytes(PNG_MAGIC, [0, 0, 0, 13]);
  const base64 = png.toString('base64');

  it('refuses a URI longer than the cap allows before decoding, whatever it would decode to', () => {
    // Spaces inside are skipped by base64 decoding: decoded, this is a small valid PNG.
    const spaced = (count: number) => `data:image/png;base64,${base64.slice(0, 4)}${' '.repeat(count)}${base64.slice(4)}`;
    const limit = Math.floor((MAX_ICON_BYTES * 4) / 3 + 4);
    assert.deepEqual(checkIconSource({ src: spaced(limit + 1 - base64.length) }), { ok: false, reason: `larger than ${MAX_ICON_BYTES} bytes` });
    const atLimit = spaced(limit - base64.length);
    assert.equal(checkIconSource({ src: atLimit }).ok, true, 'the limit itself is allowed');
  });

  it('decodes base64 (any case of the marker, after other parameters) and percent-encoding', () => {
    for (const src of [`data:image/png;base64,${base64}`, `DATA:image/png;BASE64,${base64}`, `data:image/png;name=a.png;base64,${base64}`, `data:image/png,${[...png].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')}`]) {
      const checked = checkIconSource({ src });
      assert.ok(checked.ok && checked.source.kind === 'data' && checked.source.bytes.equals(png), src);
    }
  });

  it('says why a malformed or untyped URI is refused, and never throws', () => {
    assert.deepEqual(checkIconSource({ src: 'data:image/png;base64' }), { ok: false, reason: 'malformed data: URI' });
    assert.deepEqual(checkIconSource({ src: `data:;base64,${base64}` }), { ok: false, reason: 'type (none) is not allowed' });
    assert.deepEqual(checkIconSource({ src: `data:image/bmp;base64,${base64}` }), { ok: false, reason: 'type image/bmp is not allowed' });
    assert.deepEqual(checkIconSource({ src: 'data:image/png,%E0%A4%A' }), { ok: false, reason: 'malformed data: URI' });
    assert.deepEqual(checkIconSource({ src: 'https://x/a.png', mimeType: 'text/html' }), { ok: false, reason: 'type text/html is not allowed' });
    assert.deepEqual(checkIconSource({ src: 'not a url' }), { ok: false, reason: 'not a URL' });
    assert.deepEqual(checkIconSource({ src: 'http://x/a.png' }), { ok: false, reason: 'http: URLs are not fetched (only https: and data:)' });
    assert.deepEqual(checkIconSource({ src: 'https://user@x/a.png' }), { ok: false, reason: 'URLs with credentials are not fetched' });
    assert.deepEqual(checkIconSource({ src: 'https://:pw@x/a.png' }), { ok: false, reason: 'URLs with credentials are not fetched' });
  });

  it('takes the marker only as the last parameter, as RFC 2397 places it', () => {
    assert.deepEqual(checkIconSource({ src: `data:image/png;base64;name=x,${base64}` }), { ok: false, reason: 'not a PNG, JPEG, GIF or WebP image' });
  });

  it('reads a data: URI with spaces around it, and an https URL whose path says data:', () => {
    const spaced = checkIconSource({ src: `  data:image/png;base64,${base64}  ` });
    assert.ok(spaced.ok && spaced.source.kind === 'data');
    const https = checkIconSource({ src: 'https://x/data:icon.png' });
    assert.ok(https.ok && https.source.kind === 'https');
  });

  it('says the size limit when the bytes are too many', () => {
    assert.deepEqual(checkIconBytes(Buffer.concat([png, Buffer.alloc(MAX_ICON_BYTES)])), { ok: false, reason: `larger than ${MAX_ICON_BYTES} bytes` });
  });

  it('takes a declared type with parameters or in capitals', () => {
    assert.equal(checkIconSource({ src: 'https://x/a.png', mimeType: ' IMAGE/PNG; q=1' }).ok, true);
    assert.equal(checkIconSource({ src: `data:Image/PNG;base64,${base64}` }).ok, true);
  });
});

describe('icon choice by size', () => {
  const icon = (name: string, sizes?: string[]) => ({ src: `https://x/${name}.png`, ...(sizes ? { sizes } : {}) });

  it('reads sizes in any case, takes the best of several, and ranks unreadable sizes as unknown', () => {
    const upper = icon('upper', ['16X16']);
    const several = icon('several', ['8x8', '24x24', '64x64']);
    const odd = icon('odd', ['16', 'big']);
    const none = icon('none');
    const any = icon('any', ['ANY']);
    const small = icon('small', ['4x4', '12x12']);
    assert.deepEqual(chooseIcons([small, none, odd, any, several, upper], 16).light.map((i) => i.src), [
      'https://x/upper.png',
      'https://x/several.png',
      'https://x/none.png',
      'https://x/odd.png',
      'https://x/any.png',
      'https://x/small.png',
    ]);
    assert.deepEqual(chooseIcons([icon('s4', ['4x4']), icon('s12', ['12x12'])], 16).light.map((i) => i.src), ['https://x/s12.png', 'https://x/s4.png'], 'smaller ones: the largest first');
  });

  it('reads only whole WxH sizes, ranks an icon by its best size, and keeps the given order among equals', () => {
    const wanted = 16;
    const bySrc = (icons: { src: string }[]) => chooseIcons(icons, wanted).light.map((i) => i.src);
    assert.deepEqual(bySrc([icon('prefixed', ['x16x16']), icon('big', ['64x64'])]), ['https://x/big.png', 'https://x/prefixed.png'], '"x16x16" is no size');
    assert.deepEqual(bySrc([icon('suffixed', ['16x16px']), icon('big', ['64x64'])]), ['https://x/big.png', 'https://x/suffixed.png'], '"16x16px" is no size');
    assert.deepEqual(bySrc([icon('wide', ['32x32']), icon('both', ['16x16', '512x512'])]), ['https://x/both.png', 'https://x/wide.png'], 'its best size above');
    assert.deepEqual(bySrc([icon('eight', ['8x8']), icon('mixed', ['4x4', '12x12'])]), ['https://x/mixed.png', 'https://x/eight.png'], 'its largest size below');
    assert.deepEqual(bySrc([icon('a', ['32x32']), icon('b', ['32x32']), icon('c', ['32x32'])]), ['https://x/a.png', 'https://x/b.png', 'https://x/c.png']);
  });

  it('keeps https and data: icons however their scheme is written, and drops ones without a usable src', () => {
    assert.deepEqual(chooseIcons([{ src: 'http://x/https:a.png' }, { src: 'ftp://x/data:a.png' }]).light, [], 'the scheme at the start only');
    const icons = [{ src: ' HTTPS://x/a.png' }, { src: 'Data:image/png;base64,AA==' }, { src: 42 }, { mimeType: 'image/png' }, null, { src: 'ftp://x/a.png' }] as never[];
    assert.deepEqual(chooseIcons(icons).dark.map((i: { src: string }) => i.src), [' HTTPS://x/a.png', 'Data:image/png;base64,AA==']);
  });
});
