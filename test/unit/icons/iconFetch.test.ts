// The icon fetch against a real HTTP server on 127.0.0.1 (iconServer.ts: its origin loosened as if the user
// had configured it, `local`; every other rule is the real one). The address rules themselves are tested
// with the real policy: those requests never leave the guard.
import * as assert from 'node:assert/strict';
import { fetchIcon } from '../../../src/icons/iconFetch';
import { MAX_ICON_BYTES } from '../../../src/icons/iconRules';
import { iconServer, PNG } from './iconServer';

describe('icon fetching', () => {
  const fixture = iconServer({
    '/icon.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
    '/svg': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    '/huge-declared': (res) => res.writeHead(200, { 'content-length': String(MAX_ICON_BYTES + 1) }).end(),
    // No length given: the body is cut off once it passes the cap.
    '/huge-streamed': (res) => {
      res.writeHead(200);
      const chunk = Buffer.concat([PNG, Buffer.alloc(64 * 1024)]);
      for (let i = 0; i < 8; i++) res.write(chunk);
      res.end();
    },
    '/hang': () => undefined,
    '/to-http': (res) => res.writeHead(302, { location: 'http://127.0.0.1/icon.png' }).end(),
    '/to-localhost': (res) => res.writeHead(302, { location: `${fixture.base.replace('127.0.0.1', 'localhost')}/icon.png` }).end(),
    '/to-metadata': (res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    '/to-https': (res) => res.writeHead(302, { location: '/icon.png' }).end(),
    '/missing': (res) => res.writeHead(404).end(),
  });
  const { requests, url, local } = fixture;

  it('fetches a PNG and sends nothing about the user: no cookie, referer, authorization', async () => {
    requests.length = 0;
    const icon = await fetchIcon(url('/icon.png'), local());
    assert.equal(icon.type, 'image/png');
    assert.deepEqual(icon.bytes, PNG);
    const headers = requests[0]!.headers;
    for (const name of ['cookie', 'referer', 'authorization', 'origin']) assert.equal(headers[name], undefined, name);
  });

  it('refuses bytes that are not an allowed image, whatever the content type says', async () => {
    await assert.rejects(fetchIcon(url('/svg'), local()), /not a PNG, JPEG, GIF or WebP image/);
  });

  it('refuses a body above the cap, declared or streamed', async () => {
    await assert.rejects(fetchIcon(url('/huge-declared'), local()), /sent more than .* bytes/);
    await assert.rejects(fetchIcon(url('/huge-streamed'), local()), /sent more than .* bytes/);
  });

  it('gives up on a server that never answers, at the deadline it was given', async function () {
    // The bound is 25 times the deadline: generous on a loaded machine, far below the 10 s default.
    this.timeout(5_000);
    await assert.rejects(fetchIcon(url('/hang'), { ...local(), timeoutMs: 200 }), /timeout|aborted/i);
  });

  it('follows a redirect within the allowed origin, and refuses one to this computer or the metadata service', async () => {
    assert.equal((await fetchIcon(url('/to-https'), local())).type, 'image/png');
    requests.length = 0;
    await assert.rejects(fetchIcon(url('/to-localhost'), local()), /not fetched: localhost is an address on this computer \(loopback\)/);
    await assert.rejects(fetchIcon(url('/to-metadata'), local()), /169.254.169.254 is an address on a link-local network/);
    assert.deepEqual(requests.map((r) => r.url), ['/to-localhost', '/to-metadata'], 'no request reached the redirect targets');
  });

  it('never fetches from this computer, private or link-local networks, in any spelling', async () => {
    requests.length = 0;
    const port = new URL(fixture.base).port;
    for (const host of ['127.0.0.1', 'localhost', '0x7f000001', '2130706433', '0177.0.0.1', '127.1', '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '0.0.0.0', '10.0.0.1', '192.168.1.1', '172.16.0.1', '169.254.169.254', '[fd00::1]', '[fe80::1]', '[64:ff9b::7f00:1]']) {
      await assert.rejects(fetchIcon(new URL(`https://${host}:${port}/icon.png`), { timeoutMs: 2000 }), /is not fetched: .* an address on/, host);
    }
    assert.equal(requests.length, 0, 'the fixture on 127.0.0.1 was never reached');
  });

  it('fetches only https icons', async () => {
    await assert.rejects(fetchIcon(new URL('http://example.com/icon.png')), /only https: URLs are/);
    await assert.rejects(fetchIcon(new URL('file:///etc/passwd')), /only https: URLs are/);
  });

  it('reports HTTP errors', async () => {
    await assert.rejects(fetchIcon(url('/missing'), local()), /HTTP 404/);
  });
});
