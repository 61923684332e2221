// How light a screenshot is, measured: decodes a PNG (8-bit RGB or RGBA, not interlaced: what Chromium's
// screenshots are) with node:zlib and returns the mean relative luminance of its pixels and that of its
// background, taken as its most common colour. An app that follows the editor's theme has a light
// background in a light theme and a dark one in a dark theme, whatever its content.
import { inflateSync } from 'node:zlib';

/** @returns {{ width: number, height: number, channels: number, pixels: Buffer }} pixels: unfiltered rows, `channels` bytes a pixel */
export function decodePng(png) {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let header;
  const data = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8], colour: body[9], interlace: body[12] };
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const channels = { 2: 3, 6: 4 }[header?.colour];
  if (!header || header.depth !== 8 || !channels || header.interlace !== 0) throw new Error(`unsupported PNG (depth ${header?.depth}, colour type ${header?.colour}, interlace ${header?.interlace})`);
  const raw = inflateSync(Buffer.concat(data));
  const stride = header.width * channels;
  const pixels = Buffer.alloc(stride * header.height);
  for (let y = 0; y < header.height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = pixels.subarray(y * stride, (y + 1) * stride);
    const up = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : undefined;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? out[x - channels] : 0;
      const b = up ? up[x] : 0;
      const c = up && x >= channels ? up[x - channels] : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[x] = (line[x] + predictor) & 0xff;
    }
  }
  return { width: header.width, height: header.height, channels, pixels };
}

/** Relative luminance (0 black … 1 white) of an sRGB colour, as WCAG defines it. */
export function luminance(r, g, b) {
  const linear = (v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** @returns {{ mean: number, background: number, width: number, height: number }} luminances rounded to 3 places */
export function measurePng(png) {
  const { width, height, channels, pixels } = decodePng(png);
  let total = 0;
  const counts = new Map();
  for (let i = 0; i < pixels.length; i += channels) {
    total += luminance(pixels[i], pixels[i + 1], pixels[i + 2]);
    const key = (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let common = 0;
  let best = -1;
  for (const [key, count] of counts) if (count > best) { best = count; common = key; }
  const round = (v) => Math.round(v * 1000) / 1000;
  return { mean: round(total / (width * height)), background: round(luminance(common >> 16, (common >> 8) & 0xff, common & 0xff)), width, height };
}
