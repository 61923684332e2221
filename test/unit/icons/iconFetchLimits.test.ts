// The limits of an icon fetch against a real HTTP server on 127.0.0.1: what is asked for, how many
// redirects are followed, which answers count as a redirect, where the size limit falls, and a body that
// never ends cut off at the limit instead of read until the deadline. As in iconFetch.test.ts the
// fixture's origin is loosened as if the user had configured it (plain http on loopback); every other
// rule is the real one. (Ported from the test of the icon fetch before the outbound guard took its hops.)
import * as assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { fetchIcon } from '../../../src/icons/iconFetch';
import { MAX_ICON_BYTES } from '../../../src/icons/iconRules';
import { iconServer, PNG } from './iconServer';

describe('icon fetching: limits', () => {
  let endlessBytes = 0;
  const redirect = (to: string, status = 302) => (res: ServerResponse) => res.writeHead(status, { location: to }).end();
  const fixture = iconServer({
    '/icon.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
    // The same bytes without a declared length (chunked): only the count of streamed bytes can decide.
    '/icon-streamed.png': (res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG.subarray(0, 50));
      res.end(PNG.subarray(50));
    },
    '/r1': redirect('/icon.png', 301),
    '/r2': redirect('/r1', 307),
    '/r3': redirect('/r2', 308),
    '/r4': redirect('/r3'),
    '/loop': redirect('/loop'),
    '/no-location': (res) => res.writeHead(302).end(),
    '/ok-with-location': (res) => res.writeHead(200, { location: '/icon.png' }).end(PNG),
    '/bad-with-location': (res) => res.writeHead(400, { location: '/icon.png' }).end(),
    '/not-modified': (res) => res.writeHead(304).end(),
    '/no-content': (res) => res.writeHead(204).end(),
    // Written until the client goes away, at most 64 MB.
    '/endless': (res) => {
      res.writeHead(200);
      const chunk = Buffer.concat([PNG, Buffer.alloc(64 * 1024 - PNG.length)]);
      const more = () => {
        while (!res.destroyed && endlessBytes < 64 * 1024 * 1024) {
          endlessBytes += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      res.on('close', () => res.destroy());
      more();
    },
  });
  const { requests, url, local } = fixture;
  const paths = () => requests.map((r) => r.url);
  beforeEach(() => (requests.length = 0));

  it('asks for the four image types only', async () => {
    await fetchIcon(url('/icon.png'), local());
    assert.equal(requests[0]!.headers.accept, 'image/png, image/jpeg, image/gif, image/webp');
  });

  it('follows three redirects (301, 307, 308), and refuses a fourth, naming the icon and where', async () => {
    assert.equal((await fetchIcon(url('/r3'), local())).type, 'image/png');
    assert.deepEqual(paths(), ['/r3', '/r2', '/r1', '/icon.png']);
    requests.length = 0;
    await assert.rejects(fetchIcon(url('/r4'), local()), { message: `The icon at ${fixture.base} redirected more than 3 times.` });
    assert.deepEqual(paths(), ['/r4', '/r3', '/r2', '/r1'], 'the fourth target is never asked');
    requests.length = 0;
    await assert.rejects(fetchIcon(url('/loop'), local()), { message: `The icon at ${fixture.base} redirected more than 3 times.` });
    assert.equal(requests.length, 4);
  });

  it('takes only a 3xx with a Location as a redirect', async () => {
    await assert.rejects(fetchIcon(url('/no-location'), local()), /^Error: HTTP 302$/);
    assert.deepEqual((await fetchIcon(url('/ok-with-location'), local())).bytes, PNG);
    await assert.rejects(fetchIcon(url('/bad-with-location'), local()), /^Error: HTTP 400$/);
    assert.deepEqual(paths(), ['/no-location', '/ok-with-location', '/bad-with-location'], 'no Location followed');
    await assert.rejects(fetchIcon(url('/not-modified'), local()), /^Error: HTTP 304$/);
  });

  it('reads an answer without a body as no image', async () => {
    await assert.rejects(fetchIcon(url('/no-content'), local()), /^Error: not a PNG, JPEG, GIF or WebP image$/);
  });

  it('takes a body of exactly the limit, declared or not, and refuses one byte more', async () => {
    const refusal = (limit: number) => ({ name: 'OutboundRefused', message: `The icon at ${fixture.base} sent more than ${limit.toLocaleString('en-US')} bytes.` });
    for (const path of ['/icon.png', '/icon-streamed.png']) {
      assert.deepEqual((await fetchIcon(url(path), local({ maxBytes: PNG.length }))).bytes, PNG, path);
      await assert.rejects(fetchIcon(url(path), local({ maxBytes: PNG.length - 1 })), refusal(PNG.length - 1), path);
    }
  });

  it('cuts off a body that never ends at the icon limit, before the deadline', async () => {
    endlessBytes = 0;
    await assert.rejects(fetchIcon(url('/endless'), local({ timeoutMs: 60_000 })), {
      message: `The icon at ${fixture.base} sent more than ${MAX_ICON_BYTES.toLocaleString('en-US')} bytes.`,
    });
    assert.ok(endlessBytes < 16 * 1024 * 1024, `the server wrote ${endlessBytes} bytes before the client stopped reading`);
  });

  it('names the icon in a refusal of a URL it may not fetch', async () => {
    await assert.rejects(fetchIcon(new URL('http://example.com/icon.png')), { message: 'The icon URL http://example.com is not fetched: only https: URLs are.' });
  });
});
