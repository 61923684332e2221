// The finer rules of the masking layer (src/mcp/redact.ts, secretForms.ts), as a log reader sees them:
// a command line as the log and the tooltip show it, a log line after masking. Each case is one an
// attacker (or an unlucky configuration) would try: a credential spelled a little differently, placed
// inside a shell script, encoded once more; and each ordinary value that must stay readable.
import * as assert from 'node:assert/strict';
import { maskingLogger } from '../../../src/mcp/logger';
import { credentialArgValues, maskSecrets, redactArgs, redactEnv, redactUrl } from '../../../src/mcp/redact';
import { base64Cores } from '../../../src/mcp/secretForms';
import { MemoryLogger } from '../helpers';

describe('redacting command lines: finer rules', () => {
  it('masks every header a header flag carries but the harmless ones, however the flag is written', () => {
    assert.deepEqual(redactArgs(['-H', 'X-Tenant: acme-1234', '--header=X-Tenant: acme-1234', '--header=Accept: text/plain', '-H', 'Accept : text/plain']), [
      '-H',
      'X-Tenant: ***',
      '--header=X-Tenant: ***',
      '--header=Accept: text/plain',
      '-H',
      'Accept : text/plain',
    ]);
  });

  it('leaves a header flag value without a header name as it is (curl reads @file)', () => {
    assert.deepEqual(redactArgs(['-H', '@headers.txt', '-H', ': no name']), ['-H', '@headers.txt', '-H', ': no name']);
  });

  it('masks the value of a credential flag joined with =, whatever the flag or value holds', () => {
    assert.deepEqual(redactArgs(['--client.secret=s3cr3t', '--token=-starts-with-dash', '--password=p"w']), ['--client.secret=***', '--token=***', '--password=***']);
  });

  it('reads a credential word only as a flag: a subcommand after it stays readable', () => {
    assert.deepEqual(redactArgs(['gh', 'auth', 'status', 'token', 'list']), ['gh', 'auth', 'status', 'token', 'list']);
  });

  it('masks credentials inside a shell script argument, however they are spaced', () => {
    assert.deepEqual(
      redactArgs([
        '-c',
        'curl -H "X-Api-Key : k-4711" -H "X-Api-Key:k-4712" -H "X-Pin: 4713" -H "Authorization: Bearer  two-spaces" tool -token tk-9 --api-key  tk-10 && API_KEY=k-77 ./run',
      ]),
      ['-c', 'curl -H "X-Api-Key : ***" -H "X-Api-Key:***" -H "X-Pin: ***" -H "Authorization: Bearer  ***" tool -token *** --api-key  *** && API_KEY=*** ./run'],
    );
  });

  it('masks a credential assignment in the middle of a script', () => {
    assert.deepEqual(redactArgs(['-c', 'env API_KEY=k-78 ./run']), ['-c', 'env API_KEY=*** ./run']);
  });

  it('masks a credential flag at the very start of an argument that holds several', () => {
    assert.deepEqual(redactArgs(['--token tk-42 --verbose']), ['--token *** --verbose']);
  });

  it('keeps ordinary words, package names and labels in a script readable', () => {
    const script = 'npx @acme/mcp-auth start && echo "Status: ready" && echo HTTP_TOKEN: set';
    assert.deepEqual(redactArgs(['-c', script]), ['-c', 'npx @acme/mcp-auth start && echo "Status: ready" && echo HTTP_TOKEN: ***']);
  });
});

describe('credential values of a command line', () => {
  it('knows a header value with or without a scheme, and with more than one space after it', () => {
    assert.deepEqual(credentialArgValues(['-H', 'X-Api-Key: xk6', '-H', 'Authorization: Bearer  hb7', '-H', 'X-Auth: team Token 4711']), ['xk6', 'hb7', 'team Token 4711']);
  });

  it("knows a URL's password and credential query values, and nothing else of the URL", () => {
    assert.deepEqual(credentialArgValues(['https://ada:p%40ss-1234@h.example/x?mode=verbose&token=qt-5678', '--port', '8080', 'https://h.example/y?mode=quiet']).sort(), ['p@ss-1234', 'qt-5678']);
  });

  it('knows the credentials written inside a shell script, and the value of a bare assignment that runs on', () => {
    assert.deepEqual(credentialArgValues(['-c', 'curl -H "Authorization: Bearer sh-secret-1" https://x.example/a && TOKEN=t-2 ./run']), ['sh-secret-1', 't-2']);
    assert.deepEqual(credentialArgValues(['API_KEY=abc-123 ./run']), ['abc-123', 'abc-123 ./run']);
  });

  it('takes the first word of a bare assignment after its spaces, and never a blank value', () => {
    assert.deepEqual(credentialArgValues(['API_KEY= abc-123 ./run', 'TOKEN=    ', '--token', '    ']), ['abc-123', ' abc-123 ./run']);
  });

  it('masks the value alone in a log line, with the spaces around it kept', () => {
    const secrets = credentialArgValues(['-H', 'Authorization: Bearer  hb7-4711']);
    assert.equal(maskSecrets('sent hb7-4711.', secrets), 'sent ***.');
  });
});

describe('masking: finer rules', () => {
  it('masks a short secret that contains another one whole, and each of several short secrets', () => {
    assert.equal(maskSecrets('pin x1- ok', ['x1', 'x1-']), 'pin *** ok');
    assert.equal(maskSecrets('pins 12 and 34, not 1234', ['12', '34']), 'pins *** and ***, not 1234');
  });

  it('never turns an empty secret into masks between punctuation', () => {
    assert.equal(maskSecrets('nothing to hide: (really), ok', ['', 'absent-1']), 'nothing to hide: (really), ok');
  });

  it('masks every base64 occurrence of a secret, in base64url too, and the base64 of a 4-character secret', () => {
    const secret = '>>>???ab';
    const b64 = Buffer.from(secret).toString('base64');
    const b64url = Buffer.from(secret).toString('base64url');
    assert.notEqual(b64, b64url, 'the secret was chosen so that + and / appear');
    assert.equal(maskSecrets(`a ${b64} b ${b64} c ${b64url}`, [secret]), 'a *** b *** c ***');
    assert.equal(maskSecrets(`auth ${Buffer.from('abcd').toString('base64')}`, ['abcd']), 'auth ***');
  });

  it('masks base64url text whatever + and / of the base64 fall inside it', () => {
    for (const secret of ['>>>???ab', '???>>>ab']) {
      const b64url = Buffer.from(secret).toString('base64url');
      assert.equal(maskSecrets(`token ${b64url} end`, [secret]), 'token *** end', `${secret}: ${b64url}`);
    }
  });

  it('looks for the base64 characters that depend on the secret alone, at each of the three alignments, in both alphabets', () => {
    // "abc" at offset 0 (YWJj), "bcd" after two bytes (YmNk); after one byte no whole group is the secret's alone.
    assert.deepEqual(base64Cores('abcd'), ['YWJj', 'YmNk']);
    assert.deepEqual(base64Cores('>>>???ab'), ['Pj4+Pz8/', 'Pj4-Pz8_', 'Pj8/P2Fi', 'Pj8_P2Fi', 'Pj4/Pz9h', 'Pj4_Pz9h']);
  });

  it('masks a secret whose slashes a JSON writer escaped', () => {
    assert.equal(maskSecrets('{"key":"sk\\/abc\\/def"}', ['sk/abc/def']), '{"key":"***"}');
  });

  it('shows the server URL without user info and query wherever a log line quotes it, as written or as parsed', () => {
    const sink = new MemoryLogger();
    const written = 'HTTPS://ada:pw-4711@MCP.example.com/mcp?token=tk-1';
    const logger = maskingLogger(sink, () => [], [written, 'https://clean.example', 'not a url']);
    logger.error(`fetch ${written} failed; https://ada:pw-4711@mcp.example.com/mcp?token=tk-1 again; GET https://clean.example/mcp; not a url`);
    assert.deepEqual(sink.lines, ['error fetch https://mcp.example.com/mcp?… failed; https://mcp.example.com/mcp?… again; GET https://clean.example/mcp; not a url']);
  });
});

describe('URLs and environments: finer rules', () => {
  it('leaves a URL without secrets exactly as written', () => {
    assert.equal(redactUrl('https://mcp.example.com'), 'https://mcp.example.com');
    assert.equal(redactUrl('HTTP://MCP.example.com:80/a'), 'HTTP://MCP.example.com:80/a');
  });

  it('shows the names of several environment variables, one apart from the other', () => {
    assert.equal(redactEnv({ A: 'x', B: 'y' }), 'A=*** B=***');
  });
});
