// The https fetch rules against a real HTTP server on 127.0.0.1. The server speaks plain HTTP (a test
// cannot hold a certificate the extension host trusts), so the fetch under test is the global one with
// the test's https://127.0.0.1 URLs pointed at it; every rule above the socket is the real one.
import * as assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchIcon } from '../../../src/icons/iconFetch';
import { MAX_ICON_BYTES } from '../../../src/icons/iconRules';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(100)]);

describe('icon fetching', () => {
  let server: Server;
  let base: string;
  const requests: IncomingMessage[] = [];
  const routes: Record<string, (res: ServerResponse) => void> = {
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
    '/to-https': (res) => res.writeHead(302, { location: '/icon.png' }).end(),
    '/missing': (res) => res.writeHead(404).end(),
  };
  const viaHttp: typeof fetch = (input, init) => fetch(String(input).replace(/^https:\/\/127\.0\.0\.1\//, `${base}/`), init);
  const url = (path: string) => new URL(`https://127.0.0.1${path}`);

  before(async () => {
    server = createServer((req, res) => {
      requests.push(req);
      (routes[req.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it('fetches a PNG and sends nothing about the user: no cookie, referer, authorization', async () => {
    requests.length = 0;
    const icon = await fetchIcon(url('/icon.png'), { fetch: viaHttp });
    assert.equal(icon.type, 'image/png');
    assert.deepEqual(icon.bytes, PNG);
    const headers = requests[0]!.headers;
    for (const name of ['cookie', 'referer', 'authorization', 'origin']) assert.equal(headers[name], undefined, name);
  });

  it('refuses bytes that are not an allowed image, whatever the content type says', async () => {
    await assert.rejects(fetchIcon(url('/svg'), { fetch: viaHttp }), /not a PNG, JPEG, GIF or WebP image/);
  });

  it('refuses a body above the cap, declared or streamed', async () => {
    await assert.rejects(fetchIcon(url('/huge-declared'), { fetch: viaHttp }), /larger than/);
    await assert.rejects(fetchIcon(url('/huge-streamed'), { fetch: viaHttp }), /larger than/);
  });

  it('gives up on a server that never answers', async () => {
    await assert.rejects(fetchIcon(url('/hang'), { fetch: viaHttp, timeoutMs: 200 }), /timeout|aborted/i);
  });

  it('follows redirects only to https', async () => {
    await assert.rejects(fetchIcon(url('/to-http'), { fetch: viaHttp }), /redirected to a http: URL/);
    assert.equal((await fetchIcon(url('/to-https'), { fetch: viaHttp })).type, 'image/png');
  });

  it('reports HTTP errors', async () => {
    await assert.rejects(fetchIcon(url('/missing'), { fetch: viaHttp }), /HTTP 404/);
  });
});
