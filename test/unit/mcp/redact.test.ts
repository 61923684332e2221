// The masking layer as an attacker probing it would: a secret must not show through in any form or
// position, and what is not a secret must stay readable. Pinned on what comes out, so a rewrite of the
// masking (other encodings, another structure) keeps these guarantees or fails here.
import * as assert from 'node:assert/strict';
import type { Logger } from '../../../src/mcp/logger';
import { maskingLogger } from '../../../src/mcp/logger';
import { maskSecrets, redactArgs, redactEnv, redactHeaders, redactUrl, redactUrlsIn } from '../../../src/mcp/redact';
import { MemoryLogger } from '../helpers';

describe('masking secrets', () => {
  it('masks a secret that contains another one whole: no tail of the longer one shows', () => {
    assert.equal(maskSecrets('token=abcdefgh', ['abcd', 'abcdefgh']), 'token=***');
    assert.equal(maskSecrets('token=abcdefgh', ['abcdefgh', 'abcd']), 'token=***', 'whatever order they are given in');
  });

  it('masks every occurrence of a short secret, not only the first', () => {
    assert.equal(maskSecrets('pin 42, again 42, and (42)', ['42']), 'pin ***, again ***, and (***)');
  });

  it('leaves a short secret alone inside a word, in any script', () => {
    assert.equal(maskSecrets('ab42 café42 42é 42_x x_42 42', ['42']), 'ab42 café42 42é 42_x x_42 ***');
    assert.equal(maskSecrets('Ω7 ٣7 7', ['7']), 'Ω7 ٣7 ***', 'letters and digits of other scripts are word characters too');
  });

  it('masks a short secret with regular-expression characters as written', () => {
    assert.equal(maskSecrets('a.b axb a.b', ['a.b']), '*** axb ***');
    assert.equal(maskSecrets('x (1+ y', ['(1+']), 'x *** y');
  });

  it('masks secrets of 4 characters or more even inside words', () => {
    assert.equal(maskSecrets('prefixabcdsuffix abcd', ['abcd']), 'prefix***suffix ***');
  });

  it('ignores empty secrets and leaves text without secrets as it is', () => {
    assert.equal(maskSecrets('nothing to hide', ['']), 'nothing to hide');
    assert.equal(maskSecrets('nothing to hide', []), 'nothing to hide');
  });

  it('masks through a logger at every level, reading the secrets at each write', () => {
    const lines = new MemoryLogger();
    let secrets = ['first-secret'];
    const logger: Logger = maskingLogger(lines, () => secrets);
    logger.trace('t first-secret');
    logger.debug('d first-secret');
    logger.info('i first-secret');
    secrets = ['second-secret'];
    logger.warn('w second-secret first-secret');
    logger.error('e second-secret');
    assert.deepEqual(lines.lines, ['trace t ***', 'debug d ***', 'info i ***', 'warn w *** first-secret', 'error e ***']);
    lines.traceEnabled = true;
    assert.equal(logger.traceEnabled, true);
    assert.equal(maskingLogger(new MemoryLogger(), () => ['x-secret']).traceEnabled, false);
    const fixed = new MemoryLogger();
    maskingLogger(fixed, () => ['x-secret']).info('a x-secret');
    assert.deepEqual(fixed.lines, ['info a ***']);
  });
});

describe('redacting command lines, URLs, headers and environments', () => {
  it('masks the values of credential flags written with one dash or two, joined or apart', () => {
    assert.deepEqual(redactArgs(['-token', 'abc', '-password=def', '--Client-Secret', 'ghi', '-apikey', 'jkl', '--auth-header=mno']), [
      '-token',
      '***',
      '-password=***',
      '--Client-Secret',
      '***',
      '-apikey',
      '***',
      '--auth-header=***',
    ]);
  });

  it('leaves other flags, a flag after a credential flag, and positional arguments readable', () => {
    assert.deepEqual(redactArgs(['token', '--verbose', '--token', '--port', '80', '--token=abc', 'next', 'a=b', '--name=token']), [
      'token',
      '--verbose',
      '--token',
      '--port',
      '80',
      '--token=***',
      'next',
      'a=b',
      '--name=token',
    ]);
  });

  it('redacts URLs inside arguments and text', () => {
    assert.deepEqual(redactArgs(['--url=https://u:p@h.example/x']), ['--url=https://h.example/x']);
    assert.equal(redactUrlsIn('see https://me:pw@a.example/p?token=1 and http://b.example/ok, "ftp://u:p@c.example/f"'), 'see https://a.example/p?… and http://b.example/ok, "ftp://c.example/f"');
  });

  it('drops user info without a query, a lone fragment or password, and leaves clean URLs and non-URLs alone', () => {
    assert.equal(redactUrl('https://user:pw@mcp.example.com/mcp'), 'https://mcp.example.com/mcp');
    assert.equal(redactUrl('https://user@mcp.example.com/mcp'), 'https://mcp.example.com/mcp');
    assert.equal(redactUrl('https://:pw@mcp.example.com/mcp'), 'https://mcp.example.com/mcp');
    assert.equal(redactUrl('https://mcp.example.com/mcp#access_token=abc'), 'https://mcp.example.com/mcp');
    assert.equal(redactUrl('https://mcp.example.com:8443/a/b'), 'https://mcp.example.com:8443/a/b');
    assert.equal(redactUrl('not a url'), 'not a url');
  });

  it('masks header values but a short harmless list, whatever the case of the name', () => {
    assert.deepEqual(
      redactHeaders({
        accept: 'a',
        'Accept-Language': 'b',
        'CONTENT-TYPE': 'c',
        'User-Agent': 'd',
        'MCP-Protocol-Version': 'e',
        'Cache-Control': 'f',
        Cookie: 'g',
        Authorization: 'Basic dXNlcjpwdw==',
        'X-Token': 'token abc',
        'Proxy-Authorization': 'Digest abc',
      }),
      { accept: 'a', 'Accept-Language': 'b', 'CONTENT-TYPE': 'c', 'User-Agent': 'd', 'MCP-Protocol-Version': 'e', 'Cache-Control': 'f', Cookie: '***', Authorization: 'Basic ***', 'X-Token': 'token ***', 'Proxy-Authorization': '***' },
    );
    assert.deepEqual(redactHeaders({ Authorization: 'Bearer  abc' }), { Authorization: 'Bearer ***' });
    assert.deepEqual(redactHeaders({ Authorization: 'xBearer abc' }), { Authorization: '***' }, 'the scheme only at the start');
  });

  it('shows environment variable names only', () => {
    assert.equal(redactEnv({}), '(none)');
    assert.equal(redactEnv({ A: 'secret' }), 'A=***');
  });
});
