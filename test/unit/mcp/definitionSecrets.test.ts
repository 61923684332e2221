// Which values of a server's configuration are masked in its log and messages without the user having
// typed them as inputs (src/mcp/definitionSecrets.ts), seen the way the session uses them: a log line
// masked with them. A credential must not show; an ordinary value (a port, a log level, a content type)
// must stay readable, or the log would be full of `***`.
import * as assert from 'node:assert/strict';
import { definitionSecrets } from '../../../src/mcp/definitionSecrets';
import { maskSecrets } from '../../../src/mcp/redact';
import type { ServerDefinition, TransportConfig } from '../../../src/mcp/serverDefinition';
import { definition } from '../helpers';

/** `line` as the session's log would show it for a server configured with `transport`. */
function logged(line: string, transport: TransportConfig, overrides: Partial<ServerDefinition> = {}): string {
  return maskSecrets(line, definitionSecrets(definition('s', transport, overrides)));
}

const stdio = (args: string[], env: Record<string, string> = {}): TransportConfig => ({ type: 'stdio', command: 'server', args, env });
const http = (url: string, headers: Record<string, string> = {}): TransportConfig => ({ type: 'http', url, headers });

describe('secrets of a server definition', () => {
  it('masks env values whose names say credential, and shows the others', () => {
    const transport = stdio([], { GITHUB_TOKEN: 'ghp-abcdef', DB_PASSWORD: 'hunter22', LOG_LEVEL: 'verbose', HOME_DIR: '/srv/data' });
    assert.equal(logged('token ghp-abcdef pw hunter22 level verbose home /srv/data', transport), 'token *** pw *** level verbose home /srv/data');
  });

  it('masks the values of credential arguments, and shows ports and paths', () => {
    const transport = stdio(['--token', 'tok-1234', '--api-key=ak-5678', '-e', 'SECRET_X=ev-9012', '--port', '8080', '--root', '/srv/files']);
    assert.equal(logged('using tok-1234, ak-5678 and ev-9012 on 8080 in /srv/files', transport), 'using ***, *** and *** on 8080 in /srv/files');
  });

  it('masks a credential written inside a shell script argument wherever the server repeats it', () => {
    const transport = stdio(['-c', 'curl -sf -H "Authorization: Bearer sh-secret-1" https://api.example.com/v1/me']);
    assert.equal(logged('401 Unauthorized for token sh-secret-1 at https://api.example.com/v1/me', transport), '401 Unauthorized for token *** at https://api.example.com/v1/me');
  });

  it('masks every ${env:…} value the definition uses, whatever its place', () => {
    const transport = stdio(['--root', '/home/ada/project']);
    const environment = [{ variable: 'PROJECT', setting: '.args[1]', value: '/home/ada/project' }];
    assert.equal(logged('root is /home/ada/project', transport, { environment }), 'root is ***');
    assert.equal(logged('root is /home/ada/project', transport), 'root is /home/ada/project', 'not without the ${env:…}');
  });

  it('leaves values shorter than 4 characters alone, so ordinary words and numbers stay readable', () => {
    const transport = stdio(['--token', 'abc', '--pin', '1234'], { API_KEY: 'xyz' });
    assert.equal(logged('abc xyz 1234 abcd', transport), 'abc xyz *** abcd');
  });

  it('masks credential header values, with and without their scheme, and shows harmless headers', () => {
    const transport = http('https://mcp.example.com/mcp', {
      Authorization: 'Bearer bt-4711',
      'X-Api-Key': 'key-0815',
      'X-Custom': 'Token ct-1234',
      'X-Trace-Id': 'trace-42-abc',
      Accept: 'application/json',
      'User-Agent': 'Bearer agent-007',
    });
    assert.equal(
      logged('sent "Bearer bt-4711"; token bt-4711; key key-0815; custom ct-1234; trace trace-42-abc; accept application/json; agent agent-007', transport),
      'sent "***"; token ***; key ***; custom ***; trace trace-42-abc; accept application/json; agent agent-007',
    );
  });

  it('reads a scheme only at the start of a header value, and masks the token after any spaces', () => {
    const transport = http('https://mcp.example.com/mcp', { 'X-Note': 'see Token docs-page', Authorization: 'Bearer  two-1234' });
    assert.equal(logged('note: see Token docs-page; token two-1234.', transport), 'note: see Token docs-page; token ***.');
  });

  it("masks the URL's password, decoded, and credential query values, and shows other query values", () => {
    const transport = http('https://ada:p%40ss-word@mcp.example.com/mcp?token=qt-12345&format=verbose&api_key=qk-67890');
    assert.equal(logged('pw p@ss-word, query qt-12345 qk-67890, format verbose, user ada', transport), 'pw ***, query *** ***, format verbose, user ada');
  });

  it('takes nothing from a URL that is not one yet (an input in it), and the headers still count', () => {
    const transport = http('${input:base}/mcp?token=not-yet-1234', { Authorization: 'Bearer bt-4711' });
    assert.deepEqual(definitionSecrets(definition('s', transport)).sort(), ['Bearer bt-4711', 'bt-4711']);
  });
});
