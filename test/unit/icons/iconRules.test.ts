import * as assert from 'node:assert/strict';
import { checkIconBytes, checkIconSource, chooseIcons, MAX_ICON_BYTES, sniffIconType } from '../../../src/icons/iconRules';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const dataUri = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('icon rules', () => {
  describe('sources', () => {
    it('accepts data: PNG, JPEG, GIF and WebP images whose bytes are what they claim', () => {
      for (const [type, bytes] of [['image/png', PNG], ['image/jpeg', JPEG], ['image/gif', GIF], ['image/webp', WEBP]] as const) {
        const checked = checkIconSource({ src: dataUri(type, bytes) });
        assert.ok(checked.ok && checked.source.kind === 'data', type);
        assert.deepEqual(checked.source.bytes, bytes);
      }
    });

    it('refuses SVG, however it is declared or disguised', () => {
      assert.equal(checkIconSource({ src: dataUri('image/svg+xml', SVG) }).ok, false);
      assert.equal(checkIconSource({ src: `data:image/svg+xml,${encodeURIComponent(SVG.toString())}` }).ok, false);
      assert.equal(checkIconSource({ src: 'https://example.com/icon.svg', mimeType: 'image/svg+xml' }).ok, false);
      // Declared as PNG, but the bytes are SVG.
      const disguised = checkIconSource({ src: dataUri('image/png', SVG) });
      assert.deepEqual(disguised, { ok: false, reason: 'not a PNG, JPEG, GIF or WebP image' });
    });

    it('refuses other schemes: http, file, javascript, and URLs with credentials', () => {
      for (const src of ['http://example.com/a.png', 'file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com/a.png', 'relative.png']) {
        assert.equal(checkIconSource({ src }).ok, false, src);
      }
      assert.deepEqual(checkIconSource({ src: 'https://user:pw@example.com/a.png' }), { ok: false, reason: 'URLs with credentials are not fetched' });
      const https = checkIconSource({ src: 'https://example.com/a.png' });
      assert.ok(https.ok && https.source.kind === 'https' && https.source.url.href === 'https://example.com/a.png');
    });

    it('refuses data: images above the size cap, before decoding them', () => {
      const big = Buffer.concat([PNG, Buffer.alloc(MAX_ICON_BYTES)]);
      assert.deepEqual(checkIconSource({ src: dataUri('image/png', big) }), { ok: false, reason: `larger than ${MAX_ICON_BYTES} bytes` });
      assert.equal(checkIconBytes(Buffer.concat([PNG, Buffer.alloc(MAX_ICON_BYTES - PNG.length)])).ok, true, 'exactly the cap is fine');
      assert.equal(checkIconBytes(Buffer.concat([PNG, Buffer.alloc(MAX_ICON_BYTES - PNG.length + 1)])).ok, false, 'one byte over is not');
    });

    it('sniffs the four types and nothing else', () => {
      assert.equal(sniffIconType(PNG), 'image/png');
      assert.equal(sniffIconType(JPEG), 'image/jpeg');
      assert.equal(sniffIconType(GIF), 'image/gif');
      assert.equal(sniffIconType(WEBP), 'image/webp');
      assert.equal(sniffIconType(SVG), undefined);
      assert.equal(sniffIconType(Buffer.from('BM')), undefined);
    });
  });

  describe('choice', () => {
    it('prefers the theme\'s own icon, then one for any theme; never the other theme\'s', () => {
      const light = { src: 'https://x/light.png', theme: 'light' as const };
      const dark = { src: 'https://x/dark.png', theme: 'dark' as const };
      const any = { src: 'https://x/any.png' };
      assert.deepEqual(chooseIcons([any, dark, light]), { light: [light, any], dark: [dark, any] });
      assert.deepEqual(chooseIcons([dark]), { light: [], dark: [dark] });
    });

    it('prefers the smallest size at or above the wanted one, then "any", then smaller ones', () => {
      const s8 = { src: 'https://x/8.png', sizes: ['8x8'] };
      const s16 = { src: 'https://x/16.png', sizes: ['16x16'] };
      const s48 = { src: 'https://x/48.png', sizes: ['48x48'] };
      const any = { src: 'https://x/any.png', sizes: ['any'] };
      assert.deepEqual(chooseIcons([s8, s48, any, s16]).light, [s16, s48, any, s8]);
      assert.deepEqual(chooseIcons([s8, any, s48], 64).light, [any, s48, s8]);
    });

    it('leaves out icons it would never show (SVG, http, odd types)', () => {
      const icons = [
        { src: 'https://x/a.svg', mimeType: 'image/svg+xml' },
        { src: 'http://x/a.png' },
        { src: 'https://x/a.bmp', mimeType: 'image/bmp' },
        { src: 'https://x/ok.png', mimeType: 'image/png' },
      ];
      assert.deepEqual(chooseIcons(icons).light.map((i) => i.src), ['https://x/ok.png']);
      assert.deepEqual(chooseIcons(undefined), { light: [], dark: [] });
    });
  });
});

describe('icon choice: ties', () => {
  it("keeps the server's order among icons of the same theme and size", () => {
    const icons = ['1', '2', '3'].map((n) => ({ src: `https://x.example/${n}.png`, sizes: ['16x16'] }));
    assert.deepEqual(chooseIcons(icons).light.map((i) => i.src), ['https://x.example/1.png', 'https://x.example/2.png', 'https://x.example/3.png']);
  });
});
