// The limits of an icon fetch against a real HTTP server on 127.0.0.1 (plain HTTP under https:// URLs,
// as in iconFetch.test.ts): what is asked for, how many redirects are followed, where the size limit
// falls, and a body that never ends cut off at the limit instead of read until the deadline.
import * as assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchIcon } from '../../../src/icons/iconFetch';
import { MAX_ICON_BYTES } from '../../../src/icons/iconRules';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(100)]);

describe('icon fetching: limits', () => {
  let server: Server;
  let base: string;
  const requests: IncomingMessage[] = [];
  let endlessBytes = 0;
  const redirect = (to: string, status = 302) => (res: ServerResponse) => res.writeHead(status, { location: to }).end();
  const routes: Record<string, (res: ServerResponse) => void> = {
    '/icon.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
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
    '/no-content-huge': (res) => res.writeHead(204, { 'content-length': String(MAX_ICON_BYTES + 1) }).end(),
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
      more();
    },
  };
  const viaHttp: typeof fetch = (input, init) => fetch(String(input).replace(/^https:\/\/127\.0\.0\.1\//, `${base}/`), init);
  const url = (path: string) => new URL(`https://127.0.0.1${path}`);
  const paths = () => requests.map((r) => r.url);

  before(async () => {
    server = createServer((req, res) => {
      requests.push(req);
      (routes[req.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => (requests.length = 0));
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it('asks for the four image types only', async () => {
    await fetchIcon(url('/icon.png'), { fetch: viaHttp });
    assert.equal(requests[0]!.headers.accept, 'image/png, image/jpeg, image/gif, image/webp');
  });

  it('follows three redirects (301, 307, 308), and refuses a fourth', async () => {
    assert.equal((await fetchIcon(url('/r3'), { fetch: viaHttp })).type, 'image/png');
    assert.deepEqual(paths(), ['/r3', '/r2', '/r1', '/icon.png']);
    requests.length = 0;
    await assert.rejects(fetchIcon(url('/r4'), { fetch: viaHttp }), /^Error: too many redirects$/);
    assert.deepEqual(paths(), ['/r4', '/r3', '/r2', '/r1']);
    requests.length = 0;
    await assert.rejects(fetchIcon(url('/loop'), { fetch: viaHttp }), /^Error: too many redirects$/);
    assert.equal(requests.length, 4);
  });

  it('takes only a 3xx with a Location as a redirect', async () => {
    await assert.rejects(fetchIcon(url('/no-location'), { fetch: viaHttp }), /^Error: HTTP 302$/);
    assert.deepEqual((await fetchIcon(url('/ok-with-location'), { fetch: viaHttp })).bytes, PNG);
    await assert.rejects(fetchIcon(url('/bad-with-location'), { fetch: viaHttp }), /^Error: HTTP 400$/);
    assert.deepEqual(paths(), ['/no-location', '/ok-with-location', '/bad-with-location'], 'no Location followed');
    await assert.rejects(fetchIcon(url('/not-modified'), { fetch: viaHttp }), /^Error: HTTP 304$/);
  });

  it('reads an answer without a body as no image', async () => {
    await assert.rejects(fetchIcon(url('/no-content'), { fetch: viaHttp }), /^Error: not a PNG, JPEG, GIF or WebP image$/);
    await assert.rejects(fetchIcon(url('/no-content-huge'), { fetch: viaHttp }), new RegExp(`^Error: larger than ${MAX_ICON_BYTES} bytes$`));
  });

  it('takes a body of exactly the limit, declared or not, and refuses one byte more', async () => {
    assert.deepEqual((await fetchIcon(url('/icon.png'), { fetch: viaHttp, maxBytes: PNG.length })).bytes, PNG);
    await assert.rejects(fetchIcon(url('/icon.png'), { fetch: viaHttp, maxBytes: PNG.length - 1 }), new RegExp(`^Error: larger than ${PNG.length - 1} bytes$`));
    // Without a declared length the count of streamed bytes decides.
    const undeclared: typeof fetch = async (input, init) => {
      const response = await viaHttp(input, init);
      return new Response(response.body, { status: response.status });
    };
    assert.deepEqual((await fetchIcon(url('/icon.png'), { fetch: undeclared, maxBytes: PNG.length })).bytes, PNG);
    await assert.rejects(fetchIcon(url('/icon.png'), { fetch: undeclared, maxBytes: PNG.length - 1 }), new RegExp(`^Error: larger than ${PNG.length - 1} bytes$`));
  });

  it('cuts off a body that never ends at the limit, before the deadline', async () => {
    endlessBytes = 0;
    await assert.rejects(fetchIcon(url('/endless'), { fetch: viaHttp, timeoutMs: 60_000 }), new RegExp(`^Error: larger than ${MAX_ICON_BYTES} bytes$`));
    assert.ok(endlessBytes < 16 * 1024 * 1024, `the server wrote ${endlessBytes} bytes before the client stopped reading`);
  });
});
